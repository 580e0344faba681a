/** The scraping-test screen's rules: what the field sends, honest examples, how values read. */
import { describe, expect, it } from "vitest";
import { EXAMPLES, formatBytes, formatCents, formatMs, hopBadge, thumbnailUrl, urlFieldError } from "~/features/url-inspection/inspection-logic";
import { checkUrl } from "~/server/web/url-guard";

describe("the URL field", () => {
  it("refuses only what cannot be an address; other schemes go to the guard, which names the refusal", () => {
    expect(urlFieldError("")).toMatch(/Paste the address/);
    expect(urlFieldError("   ")).toMatch(/Paste the address/);
    expect(urlFieldError("store.example/products/x")).toMatch(/Start the address with https:\/\//);
    expect(urlFieldError(`https://x.example/${"a".repeat(2100)}`)).toMatch(/too long/);
    for (const ok of ["https://store.example/products/x", "ftp://example.com/", "file:///etc/passwd", "http://2130706433/"]) expect(urlFieldError(ok), ok).toBeUndefined();
  });
});

describe("the examples", () => {
  it("say truthfully which ones the guard refuses before any request and which need the network", () => {
    for (const example of EXAMPLES) {
      const check = checkUrl(example.url);
      expect(check.allowed, example.url).toBe(example.needsNetwork);
      expect(example.note.startsWith(example.needsNetwork ? "Needs network access" : "Refused before any request is made")).toBe(true);
    }
    expect(EXAMPLES.map((e) => e.id)).toEqual(expect.arrayContaining(["shopify-product", "store-root", "private", "metadata", "scheme"]));
  });
});

describe("how values read", () => {
  it("formats prices in their currency, or plainly when it is unknown", () => {
    expect(formatCents(2400, "USD")).toBe("$24.00");
    expect(formatCents(129900, "GBP")).toBe("£1,299.00");
    expect(formatCents(2490, null)).toBe("24.90");
    expect(formatCents(100, "ZZZZ")).toBe("1.00 ZZZZ");
  });

  it("labels hops, times and sizes", () => {
    expect(hopBadge(null)).toEqual({ label: "Refused", tone: "danger" });
    // Let through by the guard, then no answer from the site: never shown as refused under "Allowed".
    expect(hopBadge(null, false)).toEqual({ label: "No answer", tone: "warning" });
    expect(hopBadge(302)).toEqual({ label: "302 redirect", tone: "neutral" });
    expect(hopBadge(200).tone).toBe("success");
    expect(hopBadge(404).tone).toBe("warning");
    expect(formatMs(8000)).toBe("8.0 s");
    expect(formatMs(45)).toBe("45 ms");
    expect(formatBytes(1)).toBe("1 byte");
    expect(formatBytes(3 * 1024 * 1024)).toBe("3.0 MB");
  });

  it("loads thumbnails through the API's guarded image proxy", () => {
    expect(thumbnailUrl("https://cdn.shopify.com/a.jpg?v=1&w=2")).toBe("/api/url-inspections/image?url=https%3A%2F%2Fcdn.shopify.com%2Fa.jpg%3Fv%3D1%26w%3D2");
  });
});
