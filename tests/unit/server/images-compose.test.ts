import { describe, expect, it } from "vitest";
import type { ProofFact, VisualDesign } from "~/domain/contracts/images";
import { VISUAL_PRESETS, VISUAL_TEMPLATES, type VisualPreset } from "~/domain/images";
import {
  composeBackdrop,
  composeVisual,
  discountBadge,
  formatPrice,
  frameImageSvg,
  type ComposeAssets,
} from "~/server/images/compose";
import { escapeAttr, escapeText, safeHref } from "~/server/images/compose/svg";
import { measureText, verticalMetrics } from "~/server/images/compose/text-fit";

const PHOTO = "data:image/png;base64,iVBORw0KGgo=";
const DESIGN: VisualDesign = {
  template: "studio",
  headline: "Warm light that follows your evening",
  subheadline: "A glare-free ceramic lamp with a touch dimmer.",
  bullets: ["Touch dimmer", "12-hour battery", "Hand-glazed ceramic"],
  priceCents: 4900,
  compareAtPriceCents: 6900,
  currency: "USD",
  badge: null,
  cta: "Shop now",
  comparison: {
    oursLabel: "Lumo lamp",
    theirsLabel: "Desk lamp",
    rows: [
      { ours: "Warm, glare-free light", theirs: "Harsh glare" },
      { ours: "12-hour battery", theirs: "Needs a socket" },
    ],
  },
  proof: ["orders7d"],
  palette: { background: "#f4efe8", surface: "#ffffff", text: "#1d2420", accent: "#2f6b5a" },
  font: "geometric",
  photoImageId: null,
  logoImageId: null,
  backgroundImageId: null,
};
const FACTS: ProofFact[] = [
  { metric: "orders7d", label: "orders this week", value: "1,240", source: "Sample catalog · weekly orders" },
  { metric: "activeAds", label: "ads running now", value: "38", source: "Sample catalog · ad activity" },
];
const WITH_PHOTO: ComposeAssets = {
  photoHref: PHOTO,
  photoAspect: 0.8,
  logoHref: null,
  logoAspect: null,
  backgroundHref: null,
};
const NO_PHOTO: ComposeAssets = {
  photoHref: null,
  photoAspect: null,
  logoHref: null,
  logoAspect: null,
  backgroundHref: null,
};

const FAMILY_OF: Record<string, string> = {
  geometric: "Montserrat",
  serif: "Playfair Display",
  humanist: "Nunito",
  system: "Inter",
};

function decode(text: string): string {
  return text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");
}

interface Line {
  text: string;
  x: number;
  y: number;
  size: number;
  family: string;
  weight: 400 | 800;
  anchor: string;
}

/** Every `<tspan>` line of the SVG with its text element's font. */
function linesOf(svg: string): Line[] {
  const out: Line[] = [];
  for (const t of svg.matchAll(/<text([^>]*)>(.*?)<\/text>/g)) {
    const attr = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(t[1])?.[1];
    for (const span of t[2].matchAll(/<tspan x="([^"]+)" y="([^"]+)">(.*?)<\/tspan>/g)) {
      out.push({
        text: decode(span[3]),
        x: Number(span[1]),
        y: Number(span[2]),
        size: Number(attr("font-size")),
        family: decode(attr("font-family") ?? ""),
        weight: Number(attr("font-weight")) as 400 | 800,
        anchor: attr("text-anchor") ?? "start",
      });
    }
  }
  return out;
}

function expectInsideSafeZone(svg: string, preset: VisualPreset, label: string) {
  const { width: W, height: H, safeZone: z } = preset;
  const lines = linesOf(svg);
  expect(lines.length, label).toBeGreaterThan(0);
  for (const l of lines) {
    const w = measureText(l.text, l.family, l.weight, l.size);
    const left = l.anchor === "middle" ? l.x - w / 2 : l.anchor === "end" ? l.x - w : l.x;
    const where = `${label}: "${l.text}" at ${l.x},${l.y} (${w.toFixed(1)} wide, ${l.size}px)`;
    expect(left, where).toBeGreaterThanOrEqual(z.left - 0.5);
    expect(left + w, where).toBeLessThanOrEqual(W - z.right + 0.5);
    expect(l.y - verticalMetrics(l.family, l.weight, l.size).capHeight, where).toBeGreaterThanOrEqual(z.top - 0.5);
    expect(l.y, where).toBeLessThanOrEqual(H - z.bottom + 0.5);
  }
}

describe("composeVisual", () => {
  const cases = VISUAL_TEMPLATES.flatMap((template) =>
    VISUAL_PRESETS.map((preset) => [template, preset.id, preset] as const),
  );

  it.each(cases)(
    "draws %s for %s the same way twice, sized to the preset, text in the safe zone",
    (template, _id, preset) => {
      for (const [assets, variant] of [
        [WITH_PHOTO, 0],
        [NO_PHOTO, 5],
        [WITH_PHOTO, 7],
      ] as const) {
        const input = { design: { ...DESIGN, template }, preset, assets, proofFacts: FACTS, variant };
        const a = composeVisual(input);
        const b = composeVisual(structuredClone(input));
        expect(a.svg).toBe(b.svg);
        expect(a.notes).toEqual(b.notes);
        expect(
          a.svg.startsWith(
            `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${preset.width}" height="${preset.height}" viewBox="0 0 ${preset.width} ${preset.height}">`,
          ),
        ).toBe(true);
        expectInsideSafeZone(a.svg, preset, `${template}/${preset.id}/v${variant}`);
        // Only the bundled weights, only the design's family.
        for (const w of a.svg.matchAll(/font-weight="([^"]+)"/g)) expect(["400", "800"]).toContain(w[1]);
        for (const f of a.svg.matchAll(/font-family="([^"]+)"/g)) expect(f[1]).toBe("Montserrat");
        if (assets.photoHref) expect(a.svg).toContain('preserveAspectRatio="xMidYMid meet"');
      }
    },
  );

  it("changes with the variant (layout or backdrop) but stays deterministic per variant", () => {
    const preset = VISUAL_PRESETS[0];
    const svgs = new Set(
      [0, 1, 2, 3, 4, 5, 6, 7].map(
        (variant) => composeVisual({ design: DESIGN, preset, assets: WITH_PHOTO, proofFacts: FACTS, variant }).svg,
      ),
    );
    expect(svgs.size).toBe(8);
  });

  it.each(VISUAL_PRESETS.map((p) => [p.id, p] as const))(
    "wraps or shrinks a 120-character headline and a 40-character word on %s",
    (_id, preset) => {
      const headline = (
        "Supercalifragilisticexpialidociousnesses " +
        "warm light that follows your evening and every late night session at the desk, all year long"
      ).slice(0, 120);
      expect(headline.length).toBe(120);
      for (const template of VISUAL_TEMPLATES) {
        for (const font of ["geometric", "serif", "humanist", "system"] as const) {
          const design = {
            ...DESIGN,
            template,
            font,
            headline,
            subheadline: "x".repeat(10) + " and a long subheadline ".repeat(7).trim(),
          };
          const { svg } = composeVisual({ design, preset, assets: WITH_PHOTO, proofFacts: FACTS, variant: 2 });
          expectInsideSafeZone(svg, preset, `${template}/${font}`);
          for (const l of linesOf(svg)) expect(l.family).toBe(FAMILY_OF[font]);
        }
      }
    },
  );

  it("escapes the merchant's words", () => {
    const design = {
      ...DESIGN,
      headline: 'Tom & Jerry <script>alert("x")</script>',
      cta: "Buy <now> & save",
      subheadline: "\"quoted\" & 'single'",
    };
    for (const template of VISUAL_TEMPLATES) {
      const { svg } = composeVisual({
        design: { ...design, template },
        preset: VISUAL_PRESETS[0],
        assets: NO_PHOTO,
        proofFacts: FACTS,
        variant: 0,
      });
      expect(svg).not.toContain("<script");
      expect(svg).not.toMatch(/&(?!amp;|lt;|gt;|quot;|#39;|#\d+;)/);
      const text = linesOf(svg)
        .map((l) => l.text)
        .join(" ");
      expect(text).toContain("Tom &");
      expect(text).toContain("<script>");
    }
  });

  it("drops a javascript: link with a note, keeps data images, /api/ and https links", () => {
    const bad = composeVisual({
      design: DESIGN,
      preset: VISUAL_PRESETS[0],
      assets: { ...WITH_PHOTO, photoHref: "javascript:alert(1)", logoHref: " JavaScript:alert(2)" },
      proofFacts: [],
      variant: 0,
    });
    expect(bad.svg.toLowerCase()).not.toContain("javascript");
    expect(bad.svg).not.toContain("<image");
    expect(bad.notes.some((n) => n.includes("product photo's link"))).toBe(true);
    expect(bad.notes.some((n) => n.includes("logo's link"))).toBe(true);
    for (const href of [PHOTO, "/api/images/abc/file", "https://cdn.example.com/a.png"]) {
      const ok = composeVisual({
        design: DESIGN,
        preset: VISUAL_PRESETS[0],
        assets: { ...WITH_PHOTO, photoHref: href },
        proofFacts: [],
        variant: 0,
      });
      expect(ok.svg).toContain(`href="${href}"`);
    }
    expect(safeHref("data:text/html;base64,PHNjcmlwdD4=")).toBeNull();
    expect(safeHref('https://x.test/a.png" onload="x')).toBe("https://x.test/a.png&quot; onload=&quot;x");
  });

  it("social proof draws the figures with their sources and never stars, ratings or reviews", () => {
    for (const preset of VISUAL_PRESETS) {
      const sneaky: ProofFact[] = [
        ...FACTS,
        { metric: "storesSelling", label: "5-star reviews", value: "★★★★★", source: "Reviews" },
      ];
      const { svg, notes } = composeVisual({
        design: { ...DESIGN, template: "social-proof" },
        preset,
        assets: WITH_PHOTO,
        proofFacts: sneaky,
        variant: 3,
      });
      expect(svg).not.toContain("\u2605");
      expect(svg.toLowerCase()).not.toContain("review");
      expect(svg.toLowerCase()).not.toContain("rating");
      const text = linesOf(svg)
        .map((l) => l.text)
        .join(" ");
      expect(text).toContain("1,240");
      expect(text).toContain("Sample catalog · weekly orders");
      expect(notes.length).toBeGreaterThan(0);
    }
  });

  it("notes what it left out: no photo, no proof figures, no comparison rows", () => {
    const preset = VISUAL_PRESETS[0];
    const noPhoto = composeVisual({ design: DESIGN, preset, assets: NO_PHOTO, proofFacts: [], variant: 0 });
    expect(noPhoto.notes).toContain("No product photo: add one in step 1 for a product shot");
    expect(noPhoto.svg).not.toContain("<image");
    const noProof = composeVisual({
      design: { ...DESIGN, template: "social-proof" },
      preset,
      assets: WITH_PHOTO,
      proofFacts: [],
      variant: 0,
    });
    expect(noProof.notes).toContain("No figures from your data to show: social proof left out");
    const noRows = composeVisual({
      design: { ...DESIGN, template: "comparison", comparison: null },
      preset,
      assets: WITH_PHOTO,
      proofFacts: [],
      variant: 0,
    });
    expect(noRows.notes).toContain("No comparison rows given: showing your benefits only");
    expect(linesOf(noRows.svg).map((l) => l.text)).toContain("Touch dimmer");
  });

  it("draws the comparison's crosses and checks as shapes, not glyphs", () => {
    const { svg } = composeVisual({
      design: { ...DESIGN, template: "comparison" },
      preset: VISUAL_PRESETS[0],
      assets: WITH_PHOTO,
      proofFacts: [],
      variant: 0,
    });
    expect(svg).not.toMatch(/[\u2713\u2714\u2715\u2716\u2717]/);
    const text = linesOf(svg).map((l) => l.text);
    expect(text).toEqual(expect.arrayContaining(["Lumo lamp", "Desk lamp", "Harsh glare"]));
  });

  it("shows the sale's discount badge and both prices", () => {
    const { svg } = composeVisual({
      design: { ...DESIGN, template: "sale" },
      preset: VISUAL_PRESETS[1],
      assets: WITH_PHOTO,
      proofFacts: [],
      variant: 1,
    });
    const text = linesOf(svg)
      .map((l) => l.text)
      .join(" | ");
    expect(text).toContain("-29%");
    expect(text).toContain("$69.00");
    expect(text).toContain("$49.00");
  });
});

describe("composeBackdrop", () => {
  it("is deterministic, sized to the preset, honest in its note, and takes colours from the prompt", () => {
    const preset = VISUAL_PRESETS[1];
    const input = {
      prompt: "Navy and gold, marble floor",
      style: "studio" as const,
      preset,
      variant: 2,
      assets: { photoHref: PHOTO, photoAspect: 1 },
    };
    const a = composeBackdrop(input);
    expect(a.svg).toBe(composeBackdrop(structuredClone(input)).svg);
    expect(a.svg).toContain(`viewBox="0 0 ${preset.width} ${preset.height}"`);
    expect(a.notes[0]).toBe(
      "Built-in compositor: a designed backdrop from your prompt's colours and mood, not a photo. Configure an image model (IMAGE_BASE_URL) for photographic scenes.",
    );
    expect(a.svg).toContain(`href="${PHOTO}"`);
    expect(a.svg).toContain('preserveAspectRatio="xMidYMid meet"');
    const red = composeBackdrop({ prompt: "a red sofa", style: "minimal", preset, variant: 0 }).svg;
    const blue = composeBackdrop({ prompt: "a blue sofa", style: "minimal", preset, variant: 0 }).svg;
    expect(red).not.toBe(blue);
    for (const style of ["photo", "studio", "lifestyle", "minimal", "bold", "illustration", undefined] as const) {
      expect(composeBackdrop({ prompt: "pastel pink", style, preset, variant: 1 }).svg).toMatch(/^<svg /);
    }
  });

  it("drops a photo link it may not load", () => {
    const { svg, notes } = composeBackdrop({
      prompt: "soft light",
      style: "studio",
      preset: VISUAL_PRESETS[0],
      variant: 0,
      assets: { photoHref: "javascript:alert(1)", photoAspect: 1 },
    });
    expect(svg).not.toContain("javascript");
    expect(notes).toHaveLength(2);
  });

  it("draws a designed scene per mood: marble veins, a floor, a contact shadow under the photo, byte-identical per input", () => {
    const preset = VISUAL_PRESETS[0];
    const prompts = [
      ["A sunlit marble countertop with soft morning shadows", "studio"],
      ["A sunlit marble countertop with soft morning shadows", "photo"],
      ["pastel pink and gold luxury", "minimal"],
      ["navy blue bold sale energy", "bold"],
      ["cozy living room warm light", "lifestyle"],
      ["forest green nature outdoors", "photo"],
    ] as const;
    for (const [prompt, style] of prompts) {
      for (const variant of [0, 1]) {
        const input = { prompt, style, preset, variant, assets: { photoHref: PHOTO, photoAspect: 0.8 } };
        const a = composeBackdrop(input);
        expect(a.svg).toBe(composeBackdrop(structuredClone(input)).svg);
        expect(a.notes).toHaveLength(1);
        // The photo stands on the floor with its contact shadow (a soft black radial pool).
        expect(a.svg).toContain(`href="${PHOTO}"`);
        expect(a.svg).toMatch(/<radialGradient id="dc-b-spot-000000-/);
        // Rich, not a flat fill: several layers.
        expect((a.svg.match(/<(path|rect|ellipse|circle)\b/g) ?? []).length).toBeGreaterThan(6);
      }
    }
    const marble = composeBackdrop({ prompt: prompts[0][0], style: "studio", preset, variant: 0 }).svg;
    expect(marble).toContain('clip-path="url(#dc-b-clip-top)"');
    expect(marble).toContain('stroke-linejoin="round"');
    // The word "marble" sets the surface, not a grey wall: the wall is a warm plaster tone.
    expect(marble).not.toContain('stop-color="#f8f7f6"');
    const minimal = composeBackdrop({
      prompt: "pastel pink and gold luxury",
      style: "minimal",
      preset,
      variant: 0,
    }).svg;
    expect(minimal).toContain('id="dc-b-min-floor"');
    expect(minimal).toContain('id="dc-b-gold"');
    expect(composeBackdrop({ prompt: "navy blue bold sale energy", style: "bold", preset, variant: 1 }).svg).not.toBe(
      composeBackdrop({ prompt: "navy blue bold sale energy", style: "bold", preset, variant: 0 }).svg,
    );
  });
});

describe("frameImageSvg", () => {
  it("draws one image at the thumbnail width, keeping its shape", () => {
    const svg = frameImageSvg("/api/images/a/file", 2000, 1000, 480);
    expect(svg).toContain('width="480" height="240" viewBox="0 0 480 240"');
    expect(svg).toContain(
      '<image href="/api/images/a/file" x="0" y="0" width="480" height="240" preserveAspectRatio="xMidYMid meet"/>',
    );
    expect(frameImageSvg("javascript:alert(1)", 100, 100, 50)).not.toContain("<image");
  });
});

describe("prices", () => {
  it("formats by hand: $, €, £ in front, other codes after", () => {
    expect(formatPrice(1999, "USD")).toBe("$19.99");
    expect(formatPrice(2400, "EUR")).toBe("\u20ac24.00");
    expect(formatPrice(950, "GBP")).toBe("\u00a39.50");
    expect(formatPrice(1999, "CHF")).toBe("19.99 CHF");
    expect(formatPrice(5, "USD")).toBe("$0.05");
    expect(formatPrice(123456789, "USD")).toBe("$1,234,567.89");
  });

  it("gives a discount badge only when the compare-at price is higher", () => {
    expect(discountBadge(7000, 10000)).toBe("-30%");
    expect(discountBadge(4900, 6900)).toBe("-29%");
    expect(discountBadge(10000, 10000)).toBeNull();
    expect(discountBadge(10000, 9000)).toBeNull();
    expect(discountBadge(null, 9000)).toBeNull();
    expect(discountBadge(9000, null)).toBeNull();
    expect(discountBadge(9999, 10000)).toBeNull();
  });
});

describe("svg escaping", () => {
  it("escapes text and attributes and drops characters XML cannot hold", () => {
    expect(escapeText("a < b & c > d")).toBe("a &lt; b &amp; c &gt; d");
    expect(escapeAttr(`"x" 'y'`)).toBe("&quot;x&quot; &#39;y&#39;");
    expect(escapeText("bell\u0007")).toBe("bell");
  });
});
