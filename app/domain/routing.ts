/**
 * Routing rules of spec section 2 that are not a single screen: public paths, the device
 * redirect and the free-plan banner exclusions. Pure functions, unit-tested.
 */

/** Paths that render without the signed-in app providers and shell. */
export const PUBLIC_PATH_PREFIXES = [
  "/",
  "/landing",
  "/login",
  "/signup",
  "/forgot-password",
  "/reset-password",
  "/verify-email",
  "/payment-success",
  "/payment-receipt",
  "/free-signup-success",
  "/mobile-direct",
  "/#/reset-password",
  "/terms",
  "/privacy",
  "/refund-policy",
  "/cookie-policy",
  "/security-policy",
  "/pricing",
  "/invite-earn",
  "/affiliate",
] as const;

/** "/" matches only itself; every other prefix matches itself and anything below it. */
export function isPublicPath(pathname: string, hash = ""): boolean {
  const full = pathname + hash;
  return PUBLIC_PATH_PREFIXES.some((prefix) => {
    if (prefix === "/") return pathname === "/";
    return full === prefix || full.startsWith(prefix + "/") || full.startsWith(prefix + "?");
  });
}

/**
 * App screens a signed-out visitor may still open (with the signed-out sidebar): help,
 * learning and plan pages. Every other non-public screen is protected (ADR 005).
 */
export const OPEN_APP_PREFIXES = [
  "/help",
  "/help-center",
  "/tutorials",
  "/support",
  "/feedback",
  "/partners",
  "/upgrade",
  "/ai-explore",
  "/flows",
  "/marketing-intelligence-demo",
  "/canonical-demo",
] as const;

const matchesPrefix = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(prefix + "/");

/** Needs a signed-in, verified user: the guard and the server both enforce it. */
export function isProtectedPath(pathname: string): boolean {
  if (isPublicPath(pathname)) return false;
  if (pathname === "/dev" || pathname.startsWith("/dev/")) return false;
  return !OPEN_APP_PREFIXES.some((prefix) => matchesPrefix(pathname, prefix));
}

export const MOBILE_BREAKPOINT_PX = 768;

/** Mobile when narrower than 768 px, or when the user agent is mobile and touch is present. */
export function isMobileDevice(input: { width: number; userAgent: string; hasTouch: boolean }): boolean {
  if (input.width < MOBILE_BREAKPOINT_PX) return true;
  return /Mobi|Android|iPhone|iPad|iPod|Opera Mini|IEMobile/i.test(input.userAgent) && input.hasTouch;
}

/**
 * Where the device rules send the visitor, or null to stay. `force_mobile` always wins; the
 * mobile branch needs the path to be exactly "/" and not public, which "/" always is, so as the
 * spec notes it never fires. It is kept so the rule stays visible and tested.
 */
export function deviceRedirect(input: { pathname: string; search: string; isMobile: boolean }): string | null {
  if (new URLSearchParams(input.search).has("force_mobile")) {
    return input.pathname === "/mobile-direct" ? null : "/mobile-direct";
  }
  if (input.isMobile && input.pathname === "/" && !isPublicPath(input.pathname)) return "/mobile";
  return null;
}

/** Routes on which the free-plan bottom banner never shows. */
const BANNER_EXCLUDED = ["/payment-success", "/payment-cancel", "/payment-receipt", "/signup", "/pricing", "/landing", "/"];

export function isBannerExcluded(pathname: string): boolean {
  return BANNER_EXCLUDED.includes(pathname);
}

/** Only same-site paths may be redirect targets (no scheme, no host, no protocol-relative //). */
export function safeRedirectPath(target: string | null | undefined, fallback = "/app"): string {
  if (!target || typeof target !== "string") return fallback;
  if (!target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  try {
    const url = new URL(target, "https://dropcraft.invalid");
    if (url.origin !== "https://dropcraft.invalid") return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}

/** The login URL the guard sends a signed-out visitor to. */
export function loginRedirectUrl(currentPath: string): string {
  return `/login?redirect=${encodeURIComponent(currentPath)}`;
}
