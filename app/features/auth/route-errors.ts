import { isRouteErrorResponse } from "@remix-run/react";

/** A loader refused an unverified account (403 EMAIL_NOT_VERIFIED): the gate says the rest. */
export function isEmailNotVerifiedError(error: unknown): boolean {
  if (!isRouteErrorResponse(error) || error.status !== 403) return false;
  const data: unknown = typeof error.data === "string" ? safeJson(error.data) : error.data;
  return typeof data === "object" && data !== null && (data as { type?: unknown }).type === "EMAIL_NOT_VERIFIED";
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
