import { describe, expect, it } from "vitest";
import { FONT_METRICS } from "~/server/images/compose/font-metrics";
import { fitText, measureText } from "~/server/images/compose/text-fit";

const FAMILIES = ["Inter", "Montserrat", "Playfair Display", "Nunito"];

describe("font metrics", () => {
  it("has every bundled family at 400 and 800 with 191 widths", () => {
    for (const family of FAMILIES) {
      for (const weight of [400, 800]) {
        const m = FONT_METRICS[`${family}/${weight}`];
        expect(m, `${family}/${weight}`).toBeDefined();
        expect(m.widths.split(",")).toHaveLength(191);
        expect(m.unitsPerEm).toBeGreaterThan(0);
        expect(m.descender).toBeLessThan(0);
      }
    }
  });
});

describe("measureText", () => {
  it("scales with the font size and adds up characters", () => {
    const a = measureText("Hello", "Inter", 800, 40);
    expect(measureText("Hello", "Inter", 800, 80)).toBeCloseTo(a * 2, 6);
    expect(measureText("HelloHello", "Inter", 800, 40)).toBeCloseTo(a * 2, 6);
    expect(measureText("", "Inter", 400, 40)).toBe(0);
  });

  it("gives bold text more width than regular, and W more than i", () => {
    expect(measureText("Warm light", "Montserrat", 800, 50)).toBeGreaterThan(
      measureText("Warm light", "Montserrat", 400, 50),
    );
    expect(measureText("W", "Inter", 400, 50)).toBeGreaterThan(measureText("i", "Inter", 400, 50) * 2);
  });

  it("measures characters beyond Latin-1 with a width, not zero", () => {
    expect(measureText("\u2026", "Inter", 400, 40)).toBeGreaterThan(10);
    expect(measureText("\u4e2d", "Nunito", 400, 40)).toBeGreaterThan(10);
  });
});

describe("fitText", () => {
  const base = {
    family: "Montserrat",
    weight: 800 as const,
    maxWidth: 500,
    maxLines: 3,
    maxSize: 90,
    minSize: 30,
    lineHeight: 1.1,
  };
  const widest = (lines: string[], size: number, family = base.family, weight: 400 | 800 = base.weight) =>
    Math.max(...lines.map((l) => measureText(l, family, weight, size)));

  it("keeps a short headline at the largest size on one line", () => {
    const fit = fitText("Sale", base);
    expect(fit).toMatchObject({ fontSize: 90, lines: ["Sale"], truncated: false });
  });

  it("wraps on spaces and never returns a line wider than the box", () => {
    const fit = fitText("Warm light that follows your evening, all night long", base);
    expect(fit.lines.length).toBeGreaterThan(1);
    expect(fit.lines.length).toBeLessThanOrEqual(3);
    expect(widest(fit.lines, fit.fontSize)).toBeLessThanOrEqual(base.maxWidth);
    expect(fit.lines.join(" ")).toBe("Warm light that follows your evening, all night long");
  });

  it("shrinks before it truncates, and truncates with an ellipsis only at the smallest size", () => {
    const long =
      "A very long headline that goes on and on about the product's many virtues, its colours, its materials and why you need it today";
    expect(long.length).toBeGreaterThanOrEqual(120);
    const fit = fitText(long, { ...base, maxLines: 2 });
    expect(fit.fontSize).toBe(30);
    expect(fit.truncated).toBe(true);
    expect(fit.lines).toHaveLength(2);
    expect(fit.lines[1].endsWith("\u2026")).toBe(true);
    expect(widest(fit.lines, fit.fontSize)).toBeLessThanOrEqual(base.maxWidth);
    const roomy = fitText(long, { ...base, maxLines: 6 });
    expect(roomy.truncated).toBe(false);
    expect(roomy.fontSize).toBeGreaterThan(30);
    expect(roomy.fontSize).toBeLessThan(90);
  });

  it("breaks a single word longer than the box only at the smallest size", () => {
    const word = "Supercalifragilisticexpialidociousnesses";
    expect(word).toHaveLength(40);
    const fit = fitText(word, { ...base, maxWidth: 300, maxLines: 4 });
    expect(fit.fontSize).toBe(30);
    expect(fit.lines.length).toBeGreaterThan(1);
    expect(fit.lines.join("")).toBe(word);
    expect(widest(fit.lines, fit.fontSize)).toBeLessThanOrEqual(300);
  });

  it("keeps a 2% margin: a line measuring just under the box at full size is shrunk", () => {
    const text = "Lamp";
    const exact = measureText(text, "Inter", 800, 90);
    const fit = fitText(text, { ...base, family: "Inter", maxWidth: exact * 1.005 });
    expect(fit.fontSize).toBeLessThan(90);
    expect(measureText(text, "Inter", 800, fit.fontSize)).toBeLessThanOrEqual(exact * 1.005 * 0.98 + 1e-9);
  });

  it("respects a box height as well as a line count", () => {
    const fit = fitText("Warm light that follows your evening all night", { ...base, maxLines: 5, maxHeight: 200 });
    expect(fit.lines.length * fit.fontSize * base.lineHeight).toBeLessThanOrEqual(200 + 1e-9);
  });

  it("returns no lines for blank text", () => {
    expect(fitText("   ", base)).toMatchObject({ lines: [], truncated: false });
  });
});
