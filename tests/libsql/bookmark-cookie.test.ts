import { describe, expect, it } from "vitest";
import { BOOKMARK_COOKIE, bookmarkCookie, bookmarkFromCookies } from "../../db/client";

describe("the D1 bookmark cookie", () => {
  it("reads the bookmark among other cookies, and refuses what is not a bookmark", () => {
    expect(bookmarkFromCookies(`a=1; ${BOOKMARK_COOKIE}=0000002a-00000001-00004f1b-abc; b=2`)).toBe("0000002a-00000001-00004f1b-abc");
    expect(bookmarkFromCookies("a=1")).toBeNull();
    expect(bookmarkFromCookies(undefined)).toBeNull();
    expect(bookmarkFromCookies(`${BOOKMARK_COOKIE}=first-primary x`)).toBeNull();
    expect(bookmarkFromCookies(`${BOOKMARK_COOKIE}=a;b`)).toBe("a");
    expect(bookmarkFromCookies(`${BOOKMARK_COOKIE}=${"a".repeat(201)}`)).toBeNull();
  });

  it("is set only when the bookmark moved, Secure over HTTPS", () => {
    expect(bookmarkCookie("b1", "b1", true)).toBeNull();
    expect(bookmarkCookie("b1", null, true)).toBeNull();
    expect(bookmarkCookie(null, "b2", false)).toBe(`${BOOKMARK_COOKIE}=b2; Path=/; Max-Age=300; HttpOnly; SameSite=Lax`);
    expect(bookmarkCookie("b1", "b2", true)).toBe(`${BOOKMARK_COOKIE}=b2; Path=/; Max-Age=300; HttpOnly; SameSite=Lax; Secure`);
  });
});
