/** OpenAPI plumbing for the routers; the schemas themselves are the domain's contracts. */
import type { z } from "zod";

export { email, password, SuccessSchema, UserSchema } from "~/domain/contracts/common";

export const json = <T extends z.ZodType>(schema: T) => ({ content: { "application/json": { schema } } });
export const body = <T extends z.ZodType>(schema: T) => ({ body: { required: true, ...json(schema) } });

/**
 * A Content-Disposition value that survives any file name (RFC 6266): a plain ASCII name as it
 * is, any other with an ASCII fallback and the UTF-8 name beside it.
 */
export function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return ascii === name ? `attachment; filename="${name}"` : `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** The headers of a file the API hands over for download: private, never sniffed, never cached. */
export function downloadHeaders(contentType: string, fileName: string): Record<string, string> {
  return {
    "content-type": contentType,
    "content-disposition": attachment(fileName),
    "x-content-type-options": "nosniff",
    "cache-control": "private, no-store",
  };
}
