/**
 * Uploads with progress: the images client's uploadImage is a fetch, which cannot report how
 * much of the body went up; this sends the same multipart request (field "file", optional
 * "projectId", the same auth and XSRF headers) over XMLHttpRequest and reports progress.
 * A refusal rejects with the same HttpError the request client throws (the server's message
 * names the file and the limit).
 */
import type { Image } from "~/domain/contracts/images";
import { UPLOAD_MAX_BYTES, UPLOAD_TYPES } from "~/domain/images";
import { buildHeaders, HttpError, NetworkError, withTimestamp } from "~/lib/http";

/** A first check in the browser, so an obviously wrong file is named before it is sent; the server checks again (and the pixel sizes). */
export function localUploadProblem(file: { name: string; type: string; size: number }): string | null {
  if (!(UPLOAD_TYPES as readonly string[]).includes(file.type))
    return `${file.name} is not a PNG, JPEG or WebP image.`;
  if (file.size > UPLOAD_MAX_BYTES)
    return `${file.name} is ${(file.size / 1024 / 1024).toFixed(1)} MB; the limit is ${UPLOAD_MAX_BYTES / 1024 / 1024} MB.`;
  return null;
}

export function uploadWithProgress(
  file: File,
  options: { projectId?: string | null; onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<Image> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", withTimestamp("/api/uploads/images"));
    xhr.withCredentials = true;
    buildHeaders(false).forEach((value, key) => xhr.setRequestHeader(key, value));
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) options.onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      const text = xhr.responseText;
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve((JSON.parse(text) as { data: Image }).data);
        } catch {
          reject(new HttpError(`${xhr.status}: unreadable answer`, xhr.status, text));
        }
        return;
      }
      let type: string | undefined;
      let message: string | undefined;
      try {
        const parsed = JSON.parse(text) as { type?: unknown; message?: unknown };
        if (typeof parsed.type === "string") type = parsed.type;
        if (typeof parsed.message === "string") message = parsed.message;
      } catch {
        // not JSON
      }
      console.warn("[api] POST /api/uploads/images failed:", xhr.status, message ?? text.slice(0, 200));
      reject(new HttpError(`${xhr.status}: ${text}`, xhr.status, text, type, message ?? (xhr.status === 413 ? `${file.name} is too large.` : undefined)));
    };
    xhr.onerror = () => reject(new NetworkError("network"));
    xhr.onabort = () => reject(new NetworkError("cancelled"));
    options.signal?.addEventListener("abort", () => xhr.abort());
    const form = new FormData();
    form.append("file", file, file.name);
    if (options.projectId) form.append("projectId", options.projectId);
    xhr.send(form);
  });
}
