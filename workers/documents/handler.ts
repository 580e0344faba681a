/**
 * The documents Worker's request handling (`index.ts` is the entry; a Worker entry may export
 * handlers only, so the constants and types live here). Node tests call it directly.
 */
import { extractDocxText } from "./docx";
import { DocumentError } from "./errors";
import { extractPdfText } from "./pdf";

/** The largest file read, equal to PROJECT_FILE_MAX_BYTES (not imported: zod would come with it). */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const DOCUMENT_KINDS = ["pdf", "docx"] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export interface ExtractedDocument {
  text: string;
  pages?: number;
}
export interface DocumentErrorBody {
  error: { type: DocumentError["type"]; message: string };
}

/** The whole Worker as a function, so Node tests can call it without workerd. */
export async function handleDocumentsRequest(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (url.pathname !== "/extract")
    return Response.json({ error: { type: "not_found", message: "Not found" } }, { status: 404 });
  if (request.method !== "POST") {
    return Response.json(
      { error: { type: "method_not_allowed", message: "Use POST" } },
      { status: 405, headers: { Allow: "POST" } },
    );
  }
  const kind = url.searchParams.get("kind");
  if (!isDocumentKind(kind)) {
    return failure(new DocumentError("unsupported", `This reader takes PDF and DOCX files, not "${kind ?? ""}".`));
  }
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > DOCUMENT_MAX_BYTES) return failure(tooLarge());
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.byteLength > DOCUMENT_MAX_BYTES) return failure(tooLarge());

  try {
    const result: ExtractedDocument = kind === "pdf" ? await extractPdfText(bytes) : extractDocxText(bytes);
    return Response.json(result);
  } catch (err) {
    if (err instanceof DocumentError) return failure(err);
    // A parser bug on a strange file is still the file's problem to the merchant; log it for us.
    console.error(JSON.stringify({ level: "error", msg: "document extraction crashed", kind, error: String(err) }));
    return failure(new DocumentError("corrupt", "This file could not be read."));
  }
}

function isDocumentKind(kind: string | null): kind is DocumentKind {
  return kind !== null && (DOCUMENT_KINDS as readonly string[]).includes(kind);
}

function tooLarge(): DocumentError {
  return new DocumentError("unsupported", `The file is larger than ${DOCUMENT_MAX_BYTES / 1024 / 1024} MB.`);
}

function failure(err: DocumentError): Response {
  const body: DocumentErrorBody = { error: { type: err.type, message: err.message } };
  return Response.json(body, { status: 422 });
}
