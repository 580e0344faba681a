import { describe, expect, it } from "vitest";
import { PageSeoSchema } from "~/domain/contracts/pages";
import { finalSlug, reorderById, slugProblem, SLUG_RULE, typedSlug } from "~/features/page-builder/editor-logic";
import { IMAGE_ALT_MAX } from "~/features/page-builder/page-limits";

const list = ["hero", "benefits", "faq", "cta"].map((id) => ({ id }));
const ids = (l: { id: string }[]) => l.map((s) => s.id);

describe("reorderById (drag and drop)", () => {
  it("moves the dragged section to where it was dropped, down and up", () => {
    expect(ids(reorderById(list, "hero", "faq"))).toEqual(["benefits", "faq", "hero", "cta"]);
    expect(ids(reorderById(list, "cta", "benefits"))).toEqual(["hero", "cta", "benefits", "faq"]);
    expect(ids(reorderById(list, "benefits", "cta"))).toEqual(["hero", "faq", "cta", "benefits"]);
  });

  it("does not change the list it was given", () => {
    reorderById(list, "hero", "cta");
    expect(ids(list)).toEqual(["hero", "benefits", "faq", "cta"]);
  });

  it("returns the same array (no undo step) for a drop on itself, outside the list or an unknown id", () => {
    expect(reorderById(list, "faq", "faq")).toBe(list);
    expect(reorderById(list, "faq", null)).toBe(list);
    expect(reorderById(list, "gone", "faq")).toBe(list);
    expect(reorderById(list, "faq", "gone")).toBe(list);
  });
});

describe("the page's address", () => {
  it("normalises as the merchant types: lowercase, spaces to dashes, accents dropped, the rest removed", () => {
    expect(typedSlug("Summer Sale")).toBe("summer-sale");
    expect(typedSlug("Crème Brûlée  Kit_2")).toBe("creme-brulee-kit-2");
    expect(typedSlug("50% off!!")).toBe("50-off");
    expect(typedSlug("--lead")).toBe("lead");
    expect(typedSlug("word ")).toBe("word-");
    expect(typedSlug("x".repeat(80))).toHaveLength(64);
  });

  it("drops a trailing dash on confirm", () => {
    expect(finalSlug("word-")).toBe("word");
    expect(finalSlug("a b c")).toBe("a-b-c");
  });

  it("names the problem of an address the server would refuse", () => {
    expect(slugProblem("")).toMatch(/Type an address/);
    expect(slugProblem("bad-")).toBe(SLUG_RULE);
    expect(slugProblem("Upper")).toBe(SLUG_RULE);
    expect(slugProblem("trail-bottle-2")).toBeNull();
  });
});

describe("alt text limit", () => {
  it("is the contract's: IMAGE_ALT_MAX characters pass, one more is refused", () => {
    const seo = (alt: string) => PageSeoSchema.safeParse({ title: "t", description: "d", imageAlts: { "https://x.test/a.jpg": alt } });
    expect(seo("a".repeat(IMAGE_ALT_MAX)).success).toBe(true);
    expect(seo("a".repeat(IMAGE_ALT_MAX + 1)).success).toBe(false);
  });
});
