/** Multipart uploads, one way for every router: the OpenAPI body and the reading of its one file. */
import type { Context } from "hono";
import { z } from "@hono/zod-openapi";
import { AppError } from "~/domain/errors";
import type { UploadedFile } from "~/server/projects/service";
import type { ApiEnv } from "./context";


/** The route's request body: one file in a field named `file`, plus optional text fields. */
export function multipartFile(description: string, fields: Record<string, string> = {}) {
  const extra = Object.fromEntries(Object.entries(fields).map(([name, about]) => [name, z.string().optional().meta({ description: about })]));
  return {
    body: {
      required: true,
      content: {
        "multipart/form-data": {
          schema: z.object({ file: z.any().meta({ type: "string", format: "binary", description }), ...extra }),
        },
      },
    },
  };
}

/** The one file of a multipart upload and its text fields, or a 400/415 naming what is wrong. */
export async function readUpload(c: Context<ApiEnv>): Promise<{ file: UploadedFile; field(name: string): string | undefined }> {
  const type = c.req.header("content-type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data")) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the file as multipart/form-data, in a field named file.");
  }
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    throw new AppError("VALIDATION", "The upload could not be read as multipart/form-data. Try again.");
  }
  const files = form.getAll("file").filter((v): v is File => typeof v !== "string");
  if (files.length === 0) throw new AppError("VALIDATION", "file: choose a file to upload (a form field named file).", { details: { fields: [{ path: "file", message: "required" }] } });
  if (files.length > 1) throw new AppError("VALIDATION", "Upload one file per request.");
  const file = files[0];
  return {
    file: { name: file.name, type: file.type, bytes: new Uint8Array(await file.arrayBuffer()) },
    field: (name) => {
      const value = form.get(name);
      return typeof value === "string" && value.trim() ? value.trim() : undefined;
    },
  };
}
