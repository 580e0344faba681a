/**
 * The knowledge base's and projects' rules both sides apply, zod-free so the browser's checks
 * read them directly (the contract in contracts/projects.ts validates with them).
 */

export const PROJECT_NAME_MAX = 80;
export const BUSINESS_INSTRUCTIONS_MAX = 20_000;
export const RESEARCH_DATA_MAX_BYTES = 200 * 1024;
/** One knowledge-base file (spec of the issue: 10 MB each). */
export const PROJECT_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const PROJECT_FILE_NAME_MAX = 200;

/** What a knowledge base accepts, by extension, with the MIME types browsers send for each. */
export const PROJECT_FILE_KINDS = {
  txt: { label: "Plain text", mime: ["text/plain"] },
  md: { label: "Markdown", mime: ["text/markdown", "text/x-markdown", "text/plain"] },
  csv: { label: "CSV", mime: ["text/csv", "application/csv", "application/vnd.ms-excel", "text/plain"] },
  json: { label: "JSON", mime: ["application/json", "text/json", "text/plain"] },
  pdf: { label: "PDF", mime: ["application/pdf"] },
  docx: { label: "Word (DOCX)", mime: ["application/vnd.openxmlformats-officedocument.wordprocessingml.document"] },
} as const;
export type ProjectFileKind = keyof typeof PROJECT_FILE_KINDS;
export const PROJECT_FILE_EXTENSIONS = Object.keys(PROJECT_FILE_KINDS) as ProjectFileKind[];

/** The kind of a file from its name, or null when the knowledge base does not take it. */
export function projectFileKind(fileName: string): ProjectFileKind | null {
  const ext = fileName.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  if (ext === "markdown") return "md";
  return ext && Object.hasOwn(PROJECT_FILE_KINDS, ext) ? (ext as ProjectFileKind) : null;
}

/**
 * A file's life: uploading (stored, not yet read), extracting (its text is being read),
 * indexed (its passages are searchable), no_text (kept, but no text could be read: a scanned
 * PDF, an image-only document), failed (kept, with the reason).
 */
export const PROJECT_FILE_STATUSES = ["uploading", "extracting", "indexed", "no_text", "failed"] as const;
export type ProjectFileStatus = (typeof PROJECT_FILE_STATUSES)[number];

/** The file picker's filter: every extension the knowledge base reads. */
export const PROJECT_FILE_ACCEPT = [...PROJECT_FILE_EXTENSIONS.map((ext) => `.${ext}`), ".markdown"].join(",");
