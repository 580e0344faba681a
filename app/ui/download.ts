/** Hands a file to the browser as a download (exports, downloads the API answered as blobs). */
export function downloadBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
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

/** A JSON text as a file download (account export, chat export). */
export function downloadJson(text: string, fileName: string) {
  downloadBlob(new Blob([text], { type: "application/json" }), fileName);
}
