/** Why a document's text could not be read; the type travels to the app in the 422 answer. */
export type DocumentErrorType = "corrupt" | "encrypted" | "unsupported";

export class DocumentError extends Error {
  readonly type: DocumentErrorType;

  constructor(type: DocumentErrorType, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "DocumentError";
    this.type = type;
  }
}
