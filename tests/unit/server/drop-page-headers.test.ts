import { describe, expect, it } from "vitest";
import { dropPagePolicy, dropPageSecurityHeaders, securityHeaders } from "~/server/platform/security-headers";

describe("drop page security headers built once per isolate", () => {
  it("are exactly the drop page's security headers, public and preview", () => {
    expect(Object.fromEntries(dropPageSecurityHeaders("public"))).toEqual(securityHeaders({ https: true, dropPage: "public" }));
    expect(Object.fromEntries(dropPageSecurityHeaders("preview"))).toEqual(securityHeaders({ https: false, dropPage: "preview" }));
    expect(Object.fromEntries(dropPageSecurityHeaders("public"))["Content-Security-Policy"]).toBe(dropPagePolicy(false));
    expect(Object.fromEntries(dropPageSecurityHeaders("preview"))["X-Frame-Options"]).toBe("SAMEORIGIN");
  });

  it("leave out the opener policy that every app page keeps", () => {
    expect(Object.fromEntries(dropPageSecurityHeaders("public"))).not.toHaveProperty("Cross-Origin-Opener-Policy");
    expect(securityHeaders({ https: true, nonce: "n" })["Cross-Origin-Opener-Policy"]).toBe("same-origin");
    expect(securityHeaders({ https: true })["Cross-Origin-Opener-Policy"]).toBe("same-origin");
  });

  it("are the same frozen list on every call, so no request can change another's", () => {
    const first = dropPageSecurityHeaders("public");
    expect(dropPageSecurityHeaders("public")).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(first.every((pair) => Object.isFrozen(pair))).toBe(true);
    expect(() => (first as [string, string][]).push(["X-Evil", "1"])).toThrow(TypeError);
  });
});
