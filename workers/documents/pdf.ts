import { extractText, getDocumentProxy } from "unpdf";
import { DocumentError } from "./errors";

/**
 * The text of a PDF, page by page (pages are separated by a blank line). A PDF whose pages
 * carry no text (a scan, an image-only export) gives `text: ""`, not an error: the file is
 * readable, it just has nothing to index.
 */
export async function extractPdfText(bytes: Uint8Array): Promise<{ text: string; pages: number }> {
  if (bytes.byteLength === 0) throw new DocumentError("corrupt", "The file is empty.");
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // pdf.js may take over (detach) the buffer it is given, so it gets its own copy.
    // verbosity 0: no "Warning: …" lines from pdf.js in the Worker's log.
    pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
  } catch (err) {
    throw pdfOpenError(err);
  }
  try {
    const { totalPages, text } = await extractText(pdf, { mergePages: false });
    const pages = text.map((page) => page.replace(/[ \t]+\n/g, "\n").trim());
    return { text: pages.filter((page) => page !== "").join("\n\n"), pages: totalPages };
  } catch (err) {
    throw new DocumentError("corrupt", `Part of this PDF could not be read (${messageOf(err)}).`, { cause: err });
  } finally {
    await pdf.loadingTask.destroy().catch(() => undefined);
  }
}

function pdfOpenError(err: unknown): DocumentError {
  const name = err instanceof Error ? err.name : "";
  if (name === "PasswordException") {
    return new DocumentError("encrypted", "This PDF is password-protected.", { cause: err });
  }
  return new DocumentError("corrupt", `This file is not a readable PDF (${messageOf(err)}).`, { cause: err });
}

function messageOf(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.replace(/\.$/, "") || "unknown error";
}
