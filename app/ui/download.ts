/** Hands a JSON text to the browser as a file download (account export, chat export). */
export function downloadJson(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  a.rel = "noopener";
  a.style.display = "none";
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Some browsers read the blob after click() returns; give them time before releasing it.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
