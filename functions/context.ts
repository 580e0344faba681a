import { OpenAPIHono, type z } from "@hono/zod-openapi";
import type { AppEnv } from "~/server/platform/env";
import { AppError } from "~/domain/errors";
import type { Logger } from "~/server/platform/log";
import type { Database } from "../db/client";
import type { Caller } from "./session";

/** What every API handler can read from the context: bindings plus per-request services. */
export type ApiEnv = {
  Bindings: Env;
  Variables: { requestId: string; log: Logger; config: AppEnv; db: Database; caller: Caller | null };
};

/** Names each failing field so the client can show the problem next to it. */
export function validationError(issues: z.core.$ZodIssue[]): AppError {
  const fields = issues.map((issue) => ({ path: issue.path.join(".") || "(body)", message: issue.message }));
  const message = fields.map((f) => (f.path === "(body)" ? f.message : `${f.path}: ${f.message}`)).join("; ");
  return new AppError("VALIDATION", message || "The request is not valid.", { details: { fields } });
}

/** Every API module is built on this, so validation failures take the one taxonomy. */
export function createRouter() {
  return new OpenAPIHono<ApiEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationError(result.error.issues);
    },
  });
}

/** Each request's id, as workers/app.ts made it: read without copying the request to add a header. */
const requestIds = new WeakMap<Request, string>();

/** Records the id workers/app.ts gave a request, before the API sees it. */
export function nameRequest(request: Request, requestId: string): void {
  requestIds.set(request, requestId);
}

/** The id workers/app.ts gave this request; undefined when it came another way (the dev checkout's own calls). */
export function requestIdOf(request: Request): string | undefined {
  return requestIds.get(request);
}
