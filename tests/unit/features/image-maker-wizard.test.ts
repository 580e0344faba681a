import { describe, expect, it } from "vitest";
import type { DesignDefaults, VisualDesign } from "~/domain/contracts/images";
import { VisualDesignSchema } from "~/domain/contracts/images";
import { presetById } from "~/domain/images";
import {
  applyDefaults,
  blockerOf,
  canVisit,
  clampCount,
  computedBadge,
  defaultsKeyOf,
  designOf,
  draftKey,
  emptyDraft,
  emptyVisualsDraft,
  fieldProblems,
  fieldsFromDesign,
  firstOpenStep,
  imagesToMake,
  isWizardStep,
  landingStep,
  matchesAspect,
  nextStep,
  parseDraft,
  parseMoney,
  parseVisualsDraft,
  previewDesignOf,
  previousStep,
  safeZoneBox,
  visualsFromWizard,
  WIZARD_STEPS,
  type CopyFields,
  type WizardDraft,
} from "~/features/image-maker/wizard-logic";

const design = (over: Partial<VisualDesign> = {}): VisualDesign => ({
  template: "studio",
  headline: "Glow lamp",
  subheadline: "Soft light for small rooms",
  bullets: ["Dimmable", "USB-C"],
  priceCents: 2999,
  compareAtPriceCents: 4999,
  currency: "USD",
  badge: null,
  cta: "Shop now",
  comparison: null,
  proof: [],
  palette: { background: "#101820", surface: "#1c2833", text: "#ffffff", accent: "#ff6b35" },
  font: "geometric",
  photoImageId: null,
  logoImageId: null,
  backgroundImageId: null,
  ...over,
});

const defaults = (over: Partial<VisualDesign> = {}, extra: Partial<DesignDefaults> = {}): DesignDefaults => ({
  design: design(over),
  proofFacts: [],
  productImageUrls: [],
  productTitle: "Glow lamp",
  missing: [],
  ...extra,
});

const fields = (over: Partial<CopyFields> = {}): CopyFields => ({ ...fieldsFromDesign(design()), ...over });

/** A draft whose every step is done. */
const complete = (): WizardDraft => ({
  ...emptyDraft(),
  source: { kind: "upload" },
  photos: [{ id: "img_1", name: "lamp.png" }],
  template: "studio",
  fields: fields(),
  sizes: ["instagram-post", "facebook-feed"],
  count: 2,
});

describe("step order", () => {
  it("has the five steps in order, with next and previous at the ends", () => {
    expect(WIZARD_STEPS).toEqual(["product", "style", "copy", "sizes", "generate"]);
    expect(nextStep("product")).toBe("style");
    expect(nextStep("sizes")).toBe("generate");
    expect(nextStep("generate")).toBeNull();
    expect(previousStep("product")).toBeNull();
    expect(previousStep("copy")).toBe("style");
  });

  it("knows its step names and nothing else", () => {
    expect(isWizardStep("copy")).toBe(true);
    expect(isWizardStep("Copy")).toBe(false);
    expect(isWizardStep("../admin")).toBe(false);
    expect(isWizardStep(undefined)).toBe(false);
  });
});

describe("can go next", () => {
  it("product needs a photo", () => {
    expect(blockerOf("product", emptyDraft())).toMatch(/photo/);
    expect(blockerOf("product", { ...emptyDraft(), photos: [{ id: "a", name: "a.png" }] })).toBeNull();
  });

  it("style needs a template, and social proof needs a catalog product", () => {
    const d = complete();
    expect(blockerOf("style", { ...d, template: null })).toMatch(/Pick/);
    expect(blockerOf("style", { ...d, template: "social-proof" })).toMatch(/catalog product/);
    expect(blockerOf("style", { ...d, template: "social-proof", source: { kind: "product", productId: "p1", title: "Lamp" } })).toBeNull();
  });

  it("copy needs loaded fields without problems", () => {
    const d = complete();
    expect(blockerOf("copy", { ...d, fields: null })).toMatch(/loading/);
    expect(blockerOf("copy", { ...d, fields: fields({ headline: "  " }) })).toMatch(/headline/);
    expect(blockerOf("copy", { ...d, fields: fields({ price: "12,5x" }) })).toMatch(/amount/);
    expect(blockerOf("copy", d)).toBeNull();
  });

  it("sizes needs a size and a count within the plan's limit", () => {
    const d = complete();
    expect(blockerOf("sizes", { ...d, sizes: [] })).toMatch(/size/);
    expect(blockerOf("sizes", { ...d, count: 5 }, 4)).toMatch(/1 and 4/);
    expect(blockerOf("sizes", d, 4)).toBeNull();
  });

  it("the first open step gates which steps may be visited", () => {
    expect(firstOpenStep(emptyDraft())).toBe("product");
    const noTemplate = { ...complete(), template: null };
    expect(firstOpenStep(noTemplate)).toBe("style");
    expect(canVisit("style", noTemplate)).toBe(true);
    expect(canVisit("copy", noTemplate)).toBe(false);
    expect(firstOpenStep(complete())).toBe("generate");
    expect(canVisit("generate", complete())).toBe(true);
  });

  it("/image-maker lands on the remembered step when it may be shown, else the first open one", () => {
    expect(landingStep(null)).toBe("product");
    expect(landingStep({ ...complete(), step: "sizes" })).toBe("sizes");
    expect(landingStep({ ...complete(), template: null, step: "sizes" })).toBe("style");
  });

  it("counts one image per size per variation", () => {
    expect(imagesToMake(complete())).toBe(4);
    expect(clampCount(0)).toBe(1);
    expect(clampCount(99, 4)).toBe(4);
    expect(clampCount("3")).toBe(1);
  });
});

describe("the stored draft", () => {
  it("is keyed by the user", () => {
    expect(draftKey(7)).toBe("image-maker-draft:7");
    expect(draftKey(7)).not.toBe(draftKey(8));
  });

  it("round-trips", () => {
    const d = { ...complete(), projectId: "prj_1", logo: { id: "logo_1", name: "logo.png" }, resultIds: ["a", "b"], charged: { count: 4, remaining: 96 } };
    expect(parseDraft(JSON.stringify(d))).toEqual(d);
  });

  it("refuses what is not a draft of this version", () => {
    expect(parseDraft(null)).toBeNull();
    expect(parseDraft("{not json")).toBeNull();
    expect(parseDraft("[]")).toBeNull();
    expect(parseDraft(JSON.stringify({ ...complete(), version: 2 }))).toBeNull();
  });

  it("keeps the good parts of a damaged draft and drops the rest", () => {
    const raw = JSON.stringify({
      version: 1,
      source: { kind: "product", productId: "<script>" },
      photos: [{ id: "ok_1", name: "a.png" }, { id: 42 }, "x", { id: "../../etc" }],
      template: "glitter",
      sizes: ["instagram-post", "instagram-post", "billboard"],
      count: 1e9,
      step: "nowhere",
      fields: { headline: 5, bullets: ["a", 2, "b", "c", "d", "e"], palette: { background: "red", text: "#ffffff" }, font: "comic", currency: "usd", proof: ["orders7d", "hacks"] },
      resultIds: ["r1", { id: "r2" }],
      charged: { count: "4" },
    });
    const d = parseDraft(raw)!;
    expect(d.source).toBeNull();
    expect(d.photos).toEqual([{ id: "ok_1", name: "a.png" }]);
    expect(d.template).toBeNull();
    expect(d.sizes).toEqual(["instagram-post"]);
    expect(d.count).toBe(8);
    expect(d.step).toBe("product");
    expect(d.fields!.headline).toBe("");
    expect(d.fields!.bullets).toEqual(["a", "b", "c", "d"]);
    expect(d.fields!.palette.background).toMatch(/^#[0-9a-f]{6}$/i);
    expect(d.fields!.palette.text).toBe("#ffffff");
    expect(d.fields!.font).toBe("system");
    expect(d.fields!.currency).toBe("USD");
    expect(d.fields!.proof).toEqual(["orders7d"]);
    expect(d.resultIds).toEqual(["r1"]);
    expect(d.charged).toBeNull();
  });

  it("marketing visuals keep their own draft, checked the same way", () => {
    const v = { ...emptyVisualsDraft(), fields: fields(), presets: ["tiktok", "pinterest"] as const };
    expect(parseVisualsDraft(JSON.stringify(v))).toEqual({ ...v, presets: ["tiktok", "pinterest"] });
    expect(parseVisualsDraft(JSON.stringify({ ...v, presets: ["product-square", "tiktok"] }))!.presets).toEqual(["tiktok"]);
    expect(parseVisualsDraft("nope")).toBeNull();
  });

  it("carries the wizard's design to marketing visuals", () => {
    const w = { ...complete(), template: "sale" as const, source: { kind: "product" as const, productId: "p9", title: "Lamp" } };
    const v = visualsFromWizard(w, null);
    expect(v.template).toBe("sale");
    expect(v.fields).toEqual(w.fields);
    expect(v.fields).not.toBe(w.fields);
    expect(v.photo).toEqual(w.photos[0]);
    expect(v.productId).toBe("p9");
    expect(v.resultIds).toEqual([]);
  });
});

describe("copy fields and the design", () => {
  it("reads money typed as text", () => {
    expect(parseMoney("19.99")).toBe(1999);
    expect(parseMoney(" 1,299.5 ")).toBe(129950);
    expect(parseMoney("")).toBeNull();
    expect(parseMoney("19.999")).toBeUndefined();
    expect(parseMoney("-3")).toBeUndefined();
    expect(parseMoney("abc")).toBeUndefined();
  });

  it("computes the badge from the two prices", () => {
    expect(computedBadge({ price: "29.99", compareAt: "49.99" })).toBe("-40%");
    expect(computedBadge({ price: "29.99", compareAt: "" })).toBeNull();
    expect(computedBadge({ price: "49.99", compareAt: "29.99" })).toBeNull();
  });

  it("names each problem by its field", () => {
    const p = fieldProblems(fields({ bullets: ["ok", " "], compareAt: "10", price: "20", palette: { background: "#12", surface: "#000000", text: "#ffffff", accent: "#ff0000" } }), "studio");
    expect(p["bullets.1"]).toBeDefined();
    expect(p["bullets.0"]).toBeUndefined();
    expect(p.compareAt).toMatch(/higher/);
    expect(p["palette.background"]).toBeDefined();
    expect(fieldProblems(fields(), "comparison").comparison).toMatch(/row/);
    expect(fieldProblems(fields(), "social-proof").proof).toMatch(/figure/);
    expect(fieldProblems(fields(), "studio")).toEqual({});
  });

  it("makes a design the contract accepts, with the template's own parts only", () => {
    const f = fields({ badge: "", proof: ["orders7d"], comparison: { oursLabel: "Ours", theirsLabel: "Theirs", rows: [{ ours: "USB-C", theirs: "Batteries" }] } });
    const studio = designOf(f, "studio", { photoImageId: "img_1" });
    expect(VisualDesignSchema.safeParse(studio).success).toBe(true);
    expect(studio).toMatchObject({ priceCents: 2999, compareAtPriceCents: 4999, badge: null, comparison: null, proof: [], photoImageId: "img_1" });
    const cmp = designOf(f, "comparison");
    expect(VisualDesignSchema.safeParse(cmp).success).toBe(true);
    expect(cmp.comparison?.rows).toHaveLength(1);
    expect(designOf(f, "social-proof").proof).toEqual(["orders7d"]);
  });

  it("previews a half-typed design without sending anything the contract refuses", () => {
    const f = fields({ headline: "", price: "12.3.4", compareAt: "1", bullets: ["", "Real point"], comparison: { oursLabel: "", theirsLabel: "", rows: [{ ours: "", theirs: "x" }] } });
    for (const t of ["studio", "comparison", "sale"] as const) {
      const d = previewDesignOf(f, t);
      expect(VisualDesignSchema.safeParse(d).success).toBe(true);
    }
    expect(previewDesignOf(f, "studio").headline).toBe("Your headline");
    expect(previewDesignOf(f, "studio").bullets).toEqual(["Real point"]);
  });

  it("round-trips a design through the form's values", () => {
    const d = design({ comparison: { oursLabel: "Us", theirsLabel: "Them", rows: [{ ours: "a", theirs: "b" }] }, template: "comparison" });
    const back = designOf(fieldsFromDesign(d), "comparison");
    expect(back).toMatchObject({ headline: d.headline, priceCents: 2999, comparison: d.comparison, font: "geometric" });
  });
});

describe("defaults into the draft", () => {
  const upload = { ...emptyDraft(), source: { kind: "upload" as const }, photos: [{ id: "a", name: "a.png" }] };

  it("fills the copy the first time", () => {
    const d = applyDefaults(upload, defaults(), defaultsKeyOf(upload));
    expect(d.fields?.headline).toBe("Glow lamp");
    expect(d.fields?.price).toBe("29.99");
    expect(d.defaultsKey).toBe("none|");
  });

  it("keeps the merchant's words when the project changes, taking its colours and font", () => {
    const first = applyDefaults(upload, defaults(), defaultsKeyOf(upload));
    const edited = { ...first, fields: { ...first.fields!, headline: "My words" }, projectId: "prj_2" };
    const next = applyDefaults(edited, defaults({ headline: "Server words", palette: { background: "#000000", surface: "#111111", text: "#eeeeee", accent: "#00ff00" }, font: "serif" }), defaultsKeyOf(edited));
    expect(next.fields?.headline).toBe("My words");
    expect(next.fields?.palette.accent).toBe("#00ff00");
    expect(next.fields?.font).toBe("serif");
  });

  it("starts afresh for another product", () => {
    const first = applyDefaults(upload, defaults(), defaultsKeyOf(upload));
    const moved = { ...first, fields: { ...first.fields!, headline: "Old product" }, source: { kind: "product" as const, productId: "p2", title: "Mug" } };
    const next = applyDefaults(moved, defaults({ headline: "Mug" }, { missing: ["No price in the product's record"] }), defaultsKeyOf(moved));
    expect(next.fields?.headline).toBe("Mug");
    expect(next.defaults?.missing).toEqual(["No price in the product's record"]);
  });

  it("fills a new template's own parts only when empty", () => {
    const first = applyDefaults(upload, defaults(), defaultsKeyOf(upload));
    const rows = { oursLabel: "Us", theirsLabel: "Them", rows: [{ ours: "Fast", theirs: "Slow" }] };
    const next = applyDefaults({ ...first, template: "comparison" }, defaults({ template: "comparison", comparison: rows }), defaultsKeyOf(first));
    expect(next.fields?.comparison).toEqual(rows);
    const mine = { ...next, fields: { ...next.fields!, comparison: { ...rows, oursLabel: "Mine" } } };
    expect(applyDefaults(mine, defaults({ template: "comparison", comparison: rows }), defaultsKeyOf(mine)).fields?.comparison?.oursLabel).toBe("Mine");
  });
});

describe("presets on screen", () => {
  it("draws a story's safe zone as percentages of the canvas", () => {
    const box = safeZoneBox(presetById("instagram-story")!);
    expect(box.top).toBeCloseTo((250 / 1920) * 100);
    expect(box.bottom).toBeCloseTo((340 / 1920) * 100);
    expect(box.left).toBeCloseTo((60 / 1080) * 100);
  });

  it("checks an image's aspect against its preset", () => {
    expect(matchesAspect({ width: 1200, height: 628 }, presetById("facebook-feed")!)).toBe(true);
    expect(matchesAspect({ width: 600, height: 314 }, presetById("facebook-feed")!)).toBe(true);
    expect(matchesAspect({ width: 1080, height: 1080 }, presetById("instagram-story")!)).toBe(false);
  });
});
