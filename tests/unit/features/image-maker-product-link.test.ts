import { describe, expect, it } from "vitest";
import {
  emptyDraft,
  emptyVisualsDraft,
  productParam,
  visualsWithProduct,
  withSource,
  type DraftImage,
  type WizardDraft,
} from "~/features/image-maker/wizard-logic";

const photo = (id: string): DraftImage => ({ id, name: `${id}.png` });

describe("starting the Image Maker from a product (`?product=<id>`)", () => {
  it("reads a product id from the address, and nothing that is not one", () => {
    expect(productParam(new URLSearchParams("product=P-0007"))).toBe("P-0007");
    expect(productParam(new URLSearchParams(""))).toBeNull();
    expect(productParam(new URLSearchParams("product="))).toBeNull();
    expect(productParam(new URLSearchParams("product=../../etc"))).toBeNull();
  });

  it("makes the product the source; uploads stay, another product's photos go", () => {
    const uploaded: WizardDraft = { ...emptyDraft(), source: { kind: "upload" }, photos: [photo("img-1")] };
    const fromProduct = withSource(uploaded, { kind: "product", productId: "P-0007", title: "" });
    expect(fromProduct.source).toEqual({ kind: "product", productId: "P-0007", title: "" });
    expect(fromProduct.photos.map((p) => p.id)).toEqual(["img-1"]);

    const other = withSource(fromProduct, { kind: "product", productId: "P-0008", title: "" });
    expect(other.photos).toEqual([]);
    expect(other.resultIds).toEqual([]);
  });

  it("changes nothing when the product is already the source", () => {
    const d: WizardDraft = { ...emptyDraft(), source: { kind: "product", productId: "P-0007", title: "Lamp" }, photos: [photo("img-2")], resultIds: ["r1"] };
    expect(withSource(d, { kind: "product", productId: "P-0007", title: "" })).toBe(d);
  });

  it("drops the social-proof layout when the source is a page (it needs a catalog product's figures)", () => {
    const d: WizardDraft = { ...emptyDraft(), source: { kind: "product", productId: "P-0007", title: "" }, template: "social-proof" };
    expect(withSource(d, { kind: "page", pageId: "pg-1", title: "" }).template).toBeNull();
    expect(withSource({ ...d, source: null }, { kind: "product", productId: "P-9", title: "" }).template).toBe("social-proof");
  });
});

describe("starting marketing visuals from a product", () => {
  it("takes the product and clears the copy so it is filled from that record", () => {
    const before = { ...emptyVisualsDraft(), fields: null, pageId: "pg-1", photo: photo("img-3"), resultIds: ["r1"] };
    const next = visualsWithProduct(before, "P-0007");
    expect(next).toMatchObject({ productId: "P-0007", pageId: null, fields: null, photo: null, resultIds: [] });
    // The presets and safe-zone choice are the merchant's and stay.
    expect(next.presets).toEqual(before.presets);
  });

  it("keeps an uploaded photo when the draft had no product or page, and is a no-op for the same product", () => {
    const uploaded = { ...emptyVisualsDraft(), photo: photo("img-4") };
    expect(visualsWithProduct(uploaded, "P-1").photo?.id).toBe("img-4");
    const same = { ...emptyVisualsDraft(), productId: "P-1" };
    expect(visualsWithProduct(same, "P-1")).toBe(same);
    expect(visualsWithProduct(null, "P-2").productId).toBe("P-2");
  });
});
