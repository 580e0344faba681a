import { describe, expect, it } from "vitest";
import {
  deviceRedirect,
  isBannerExcluded,
  isMobileDevice,
  isPublicPath,
  loginRedirectUrl,
  safeRedirectPath,
} from "~/domain/routing";

describe("public paths", () => {
  it.each(["/", "/landing", "/login", "/terms", "/pricing", "/invite-earn", "/affiliate", "/reset-password", "/mobile-direct"])(
    "%s is public",
    (p) => expect(isPublicPath(p)).toBe(true),
  );
  it.each(["/app", "/chat/1", "/upgrade", "/settings", "/projects", "/admin", "/help", "/termsx"])("%s is not public", (p) =>
    expect(isPublicPath(p)).toBe(false),
  );
  it("treats / as exact, not as a prefix of everything", () => {
    expect(isPublicPath("/history")).toBe(false);
  });
  it("recognises the hash route /#/reset-password", () => {
    expect(isPublicPath("/", "#/reset-password")).toBe(true);
  });
});

describe("device redirect", () => {
  it("sends force_mobile to /mobile-direct from anywhere", () => {
    expect(deviceRedirect({ pathname: "/pricing", search: "?force_mobile=1", isMobile: false })).toBe("/mobile-direct");
    expect(deviceRedirect({ pathname: "/", search: "?force_mobile", isMobile: true })).toBe("/mobile-direct");
  });
  it("does not loop once on /mobile-direct", () => {
    expect(deviceRedirect({ pathname: "/mobile-direct", search: "?force_mobile=1", isMobile: true })).toBeNull();
  });
  it("never fires the mobile branch, because / is public", () => {
    expect(deviceRedirect({ pathname: "/", search: "", isMobile: true })).toBeNull();
    expect(deviceRedirect({ pathname: "/app", search: "", isMobile: true })).toBeNull();
  });
  it("detects mobile below 768 px, or by user agent with touch", () => {
    expect(isMobileDevice({ width: 767, userAgent: "Desktop", hasTouch: false })).toBe(true);
    expect(isMobileDevice({ width: 768, userAgent: "Desktop", hasTouch: false })).toBe(false);
    expect(isMobileDevice({ width: 1024, userAgent: "Mozilla/5.0 (iPhone) Mobile", hasTouch: true })).toBe(true);
    expect(isMobileDevice({ width: 1024, userAgent: "Mozilla/5.0 (iPhone) Mobile", hasTouch: false })).toBe(false);
  });
});

describe("free-plan banner exclusions", () => {
  it.each(["/payment-success", "/payment-cancel", "/payment-receipt", "/signup", "/pricing", "/landing", "/"])(
    "hides on %s",
    (p) => expect(isBannerExcluded(p)).toBe(true),
  );
  it("shows elsewhere", () => expect(isBannerExcluded("/app")).toBe(false));
});

describe("redirect allow-listing", () => {
  it("keeps our own paths with query and hash", () => {
    expect(safeRedirectPath("/chat/12?x=1#m")).toBe("/chat/12?x=1#m");
  });
  it.each(["https://evil.example", "//evil.example/x", "/\\evil.example", "javascript:alert(1)", "chat", "", null])(
    "refuses %s",
    (t) => expect(safeRedirectPath(t as string | null)).toBe("/app"),
  );
  it("encodes the current path into the login URL", () => {
    expect(loginRedirectUrl("/chat/1?q=a b")).toBe("/login?redirect=%2Fchat%2F1%3Fq%3Da%20b");
  });
});

import { isProtectedPath } from "~/domain/routing";

describe("protected paths", () => {
  it.each(["/app", "/chat", "/chat/abc", "/history", "/settings", "/usage", "/projects", "/project/x", "/admin", "/image-maker/2"])(
    "%s needs a signed-in user",
    (p) => expect(isProtectedPath(p)).toBe(true),
  );
  it.each(["/", "/login", "/pricing", "/terms", "/help", "/help/articles/a/b", "/upgrade", "/ai-explore", "/flows/1", "/tutorials", "/canonical-demo"])(
    "%s is open",
    (p) => expect(isProtectedPath(p)).toBe(false),
  );
});
