/**
 * Who is calling: the session behind the bearer token or the session cookie, CSRF for
 * cookie-authenticated writes, and the cookies themselves.
 */
import type { Context, MiddlewareHandler } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { resolveSession, type IssuedSession } from "~/server/auth/service";
import { sessionCookieName, signingKeys } from "~/server/auth/keys";
import { randomHex } from "~/server/auth/tokens";
import { constantTimeEqual } from "~/server/platform/constant-time";
import { AppError } from "~/domain/errors";
import type { User } from "../db/schema";
import type { ApiEnv } from "./context";

export const XSRF_COOKIE = "XSRF-TOKEN";
export const XSRF_HEADER = "X-XSRF-TOKEN";
const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export { sessionCookieName, signingKeys };

export const isHttps = (c: Context) => new URL(c.req.url).protocol === "https:";

function bearerToken(c: Context): string | undefined {
  const header = c.req.header("authorization");
  const match = header?.match(/^Bearer\s+(.+)$/i);
  return match?.[1]?.trim() || undefined;
}

export interface Caller {
  user: User;
  sessionId: string;
  via: "bearer" | "cookie";
}

/** Resolves the caller once per request and enforces CSRF on cookie-authenticated writes. */
export const identifyCaller: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const bearer = bearerToken(c);
  const cookie = getCookie(c, sessionCookieName(isHttps(c)));
  const via = bearer ? "bearer" : cookie ? "cookie" : undefined;
  if (via === "cookie" && UNSAFE.has(c.req.method)) assertXsrf(c);
  let caller: Caller | null = null;
  if (via) {
    const resolved = await resolveSession({ db: c.var.db, keys: signingKeys(c.var.config), defer: (work) => c.executionCtx.waitUntil(work) }, (bearer ?? cookie)!);
    if (resolved) caller = { ...resolved, via };
  }
  c.set("caller", caller);
  await next();
};

/** Double-submit check: the header must equal the XSRF-TOKEN cookie (constant time). */
function assertXsrf(c: Context) {
  const cookie = getCookie(c, XSRF_COOKIE);
  const header = c.req.header(XSRF_HEADER);
  if (!cookie || !header || !constantTimeEqual(cookie, header)) {
    throw new AppError("FORBIDDEN", "Missing or invalid CSRF token. Reload the page and try again.");
  }
}


export function requireCaller(c: Context<ApiEnv>): Caller {
  const caller = c.var.caller;
  if (!caller) throw new AppError("UNAUTHENTICATED", "Please log in to continue.");
  return caller;
}

export function requireAdmin(c: Context<ApiEnv>): Caller {
  const caller = requireCaller(c);
  if (caller.user.role !== "admin") throw new AppError("FORBIDDEN", "This area is for Dropcraft staff only.");
  return caller;
}

/** The AI Launcher is open only to accounts staff granted it (issue 28): everyone else gets a 403 that says how to ask. */
export function requireLauncherAccess(c: Context<ApiEnv>): Caller {
  const caller = requireCaller(c);
  if (!caller.user.launcherAccess) {
    throw new AppError("FORBIDDEN", "The AI Launcher is not open on this account yet. Ask for access from the Ad Launcher screen or through support.");
  }
  return caller;
}

export function setSessionCookies(c: Context, session: IssuedSession) {
  const https = isHttps(c);
  setCookie(c, sessionCookieName(https), session.token, {
    httpOnly: true,
    secure: https,
    sameSite: "Lax",
    path: "/",
    expires: session.expiresAt,
  });
  ensureXsrfCookie(c, true);
}

/** The XSRF cookie is readable by our scripts (that is the point) and rotates with each login. */
export function ensureXsrfCookie(c: Context, rotate = false) {
  if (!rotate && getCookie(c, XSRF_COOKIE)) return;
  setCookie(c, XSRF_COOKIE, randomHex(32), { httpOnly: false, secure: isHttps(c), sameSite: "Lax", path: "/" });
}

export function clearSessionCookies(c: Context) {
  const https = isHttps(c);
  deleteCookie(c, sessionCookieName(https), { path: "/", secure: https });
}

export function clientMeta(c: Context) {
  return { userAgent: c.req.header("user-agent") ?? null, ipAddress: clientIp(c) };
}

export function clientIp(c: Context): string {
  return c.req.header("cf-connecting-ip") ?? c.req.header("x-real-ip") ?? "local";
}
