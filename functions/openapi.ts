import { z } from "@hono/zod-openapi";
import { ERROR_TYPES } from "~/domain/errors";

/** The error taxonomy as an OpenAPI component, referenced by every route's failure answers. */
export const ErrorSchema = z
  .object({
    error: z.string().openapi({ example: "Invalid request" }),
    type: z.enum(Object.keys(ERROR_TYPES) as [keyof typeof ERROR_TYPES, ...(keyof typeof ERROR_TYPES)[]]),
    message: z.string().openapi({ example: "email: email must be a valid email address" }),
    requestId: z.string().optional(),
    details: z.record(z.string(), z.unknown()).optional(),
  })
  .openapi("Error");
