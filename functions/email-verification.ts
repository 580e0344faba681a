/**
 * The server's email-verification gate: a signed-in user whose email is not verified may only
 * reach what the verification gate itself needs. Every other route answers 403
 * EMAIL_NOT_VERIFIED, whatever the browser shows. One list, so a new route is gated by default.
 */
import type { MiddlewareHandler } from "hono";
import { AppError } from "~/domain/errors";
import type { ApiEnv } from "./context";

/** "METHOD /path" (after /api) an unverified user may call. */
const OPEN_TO_UNVERIFIED = new Set([
  // Signing in and out, and who am I.
  "POST /auth/signup",
  "POST /auth/login",
  "POST /auth/logout",
  "GET /auth/me",
  "GET /auth/status",
  // Verification itself, and fixing a mistyped address to get the link.
  "POST /auth/send-verification",
  "POST /auth/verify-email",
  "PATCH /account/email",
  // Password reset.
  "POST /auth/forgot-password",
  "GET /auth/validate-reset-token",
  "POST /auth/reset-password",
  // The account's data belongs to its owner either way: export it, or delete it.
  "GET /account/export",
  "DELETE /account",
  // Public routes answer everyone alike.
  "GET /health",
  "GET /openapi.json",
  "GET /public/intelligence-demo",
  "GET /public/intelligence-demo/ads",
  // The Help Center reads for everyone (an unverified user may need it most); voting needs a verified account.
  "GET /help/articles",
  "POST /omnisend/newsletter-signup",
  "GET /affiliate/terms",
  "POST /affiliate/clicks",
  "GET /partners",
  "POST /partners/applications",
  "POST /webhooks/stripe",
  "GET /dev/outbox",
  // Support: someone who cannot get the verification email is who needs it most (rate-limited).
  "GET /support/tickets",
  "POST /support/tickets",
]);

/** Public routes with path parameters, matched on "METHOD /path". */
const OPEN_TO_UNVERIFIED_PATTERNS: RegExp[] = [
  // One Help Center article.
  /^GET \/help\/articles\/[^/]+\/[^/]+$/,
  // One of my tickets, its screenshot, and my reply to it.
  /^GET \/support\/tickets\/[^/]+(\/screenshot)?$/,
  /^POST \/support\/tickets\/[^/]+\/replies$/,
];

export function isOpenToUnverified(method: string, apiPath: string): boolean {
  const key = `${method.toUpperCase()} ${apiPath.replace(/\/+$/, "") || "/"}`;
  return OPEN_TO_UNVERIFIED.has(key) || OPEN_TO_UNVERIFIED_PATTERNS.some((pattern) => pattern.test(key));
}

export const requireVerifiedEmail: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const caller = c.var.caller;
  if (caller && !caller.user.emailVerified) {
    const apiPath = new URL(c.req.url).pathname.replace(/^\/api/, "");
    if (!isOpenToUnverified(c.req.method, apiPath)) {
      throw new AppError("EMAIL_NOT_VERIFIED", "Verify your email address to use Dropcraft: open the link we emailed you, or send a new one.");
    }
  }
  await next();
};
