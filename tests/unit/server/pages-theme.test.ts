import { describe, expect, it } from "vitest";
import { PageThemeSchema } from "~/domain/contracts/pages";
import { accessibleTheme, buttonColours, contrastRatio, DEFAULT_THEME, themeFor } from "~/server/pages/theme";

describe("contrastRatio", () => {
  it("gives WCAG's figures: 21 for black on white, 1 for a colour on itself, either order", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#ffffff", "#000")).toBeCloseTo(21, 5);
    expect(contrastRatio("#777777", "#777777")).toBe(1);
    // #767676 is the lightest grey that reaches 4.5:1 on white.
    expect(contrastRatio("#767676", "#ffffff")).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio("#777777", "#ffffff")).toBeLessThan(4.5);
  });
});

describe("themeFor", () => {
  const brands = ["#ffd700", "#ffff00", "#fafafa", "#ffffff", "#ff0000", "#3366ff", "#777777", "#00ff00", "#000000", "#0b3d2e", "#ff69b4"];

  it.each(brands)("meets AA for text, accent and the button's words with brand colour %s", (brand) => {
    const theme = themeFor([brand]);
    expect(PageThemeSchema.safeParse(theme).success).toBe(true);
    expect(contrastRatio(theme.text, theme.background)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(theme.text, theme.surface)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(theme.accent, theme.background)).toBeGreaterThanOrEqual(4.5);
    const button = buttonColours(theme);
    expect(contrastRatio(button.text, theme.primary)).toBeGreaterThanOrEqual(4.5);
    // A button as light as the page gets a border that stands out.
    expect(Math.max(contrastRatio(theme.primary, theme.background), contrastRatio(button.border, theme.background))).toBeGreaterThanOrEqual(3);
  });

  it("keeps a brand colour the button's words can read on, yellow included", () => {
    expect(themeFor(["#FFD700"]).primary).toBe("#ffd700");
    expect(themeFor(["#3366ff"]).primary).toBe("#3366ff");
    expect(themeFor(["#abc"]).primary).toBe("#aabbcc");
  });

  it("moves the lightness of a mid-tone brand colour until its words reach 4.5:1, keeping its hue", () => {
    // On #2e9e5b white reads at 3.4:1 and the dark text at 4.4:1: neither is enough.
    const theme = themeFor(["#2e9e5b"]);
    expect(theme.primary).not.toBe("#2e9e5b");
    expect(contrastRatio(buttonColours(theme).text, theme.primary)).toBeGreaterThanOrEqual(4.5);
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(theme.primary.slice(i, i + 2), 16));
    expect(g).toBeGreaterThan(r);
    expect(g).toBeGreaterThan(b);
  });

  it("uses the second brand colour as the accent, darkened only as far as AA needs", () => {
    expect(themeFor(["#ffcc00", "#1a1a2e"]).accent).toBe("#1a1a2e");
    const light = themeFor(["#ffcc00", "#ffee88"]).accent;
    expect(light).not.toBe("#ffee88");
    expect(contrastRatio(light, themeFor(["#ffcc00"]).background)).toBeGreaterThanOrEqual(4.5);
  });

  it("falls back to the neutral default without a usable colour", () => {
    expect(themeFor(null)).toEqual(DEFAULT_THEME);
    expect(themeFor([])).toEqual(DEFAULT_THEME);
    expect(themeFor(["navy", "not a colour"])).toEqual(DEFAULT_THEME);
    expect(contrastRatio(DEFAULT_THEME.text, DEFAULT_THEME.background)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(buttonColours(DEFAULT_THEME).text, DEFAULT_THEME.primary)).toBeGreaterThanOrEqual(4.5);
  });

  it("repairs a merchant's theme whose text would not read before rendering it", () => {
    const fixed = accessibleTheme({ ...DEFAULT_THEME, text: "#bbbbbb", accent: "#dddddd" });
    expect(contrastRatio(fixed.text, fixed.background)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(fixed.accent, fixed.surface)).toBeGreaterThanOrEqual(4.5);
    const dark = accessibleTheme({ ...DEFAULT_THEME, background: "#101010", surface: "#202020", text: "#333333" });
    expect(contrastRatio(dark.text, dark.background)).toBeGreaterThanOrEqual(4.5);
  });
});
