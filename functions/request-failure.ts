import type { AppError } from "~/domain/errors";
import type { Logger } from "~/server/platform/log";
import { guardRefusalOf } from "~/server/web/url-guard";

/**
 * Only real faults are errors in the log; a client's mistake is not. An outside site that could
 * not be reached (or answered too slowly) is the site's trouble, not ours: one warning line
 * naming it and the runtime's reference, without a stack.
 */
export function logRequestFailure(log: Pick<Logger, "warn" | "error"> | undefined, appError: AppError): void {
  if (appError.status < 500) return;
  const refusal = guardRefusalOf(appError);
  if (refusal) log?.warn("outside site unreachable", { code: refusal.code, url: refusal.url, said: refusal.message, reference: refusal.reference });
  else log?.error("request failed", { err: appError.cause ?? appError });
}
