// Dev aid (not run by tests): renders sample designs with the built-in compositor
// (app/server/images/compose) to PNG under /tmp/visual-samples/ with resvg-wasm and the bundled
// fonts, to look at. Run: node scripts/render-visual-samples.mjs [filter]
// (the optional filter keeps the samples whose file name contains it, e.g. "sale" or "story").
import { build } from "esbuild";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { initWasm, Resvg } from "@resvg/resvg-wasm";

const OUT = "/tmp/visual-samples";
const filter = process.argv[2] ?? "";
mkdirSync(OUT, { recursive: true });

// Bundle the TypeScript compositor (with its "~" imports) to a temporary ES module.
const bundle = path.join(tmpdir(), `dropcraft-compose-${process.pid}.mjs`);
await build({
  entryPoints: ["app/server/images/compose/index.ts"],
  bundle: true,
  format: "esm",
  platform: "node",
  outfile: bundle,
  alias: { "~": path.resolve("app") },
  logLevel: "warning",
});
const compose = await import(pathToFileURL(bundle).href);
const { VISUAL_PRESETS } = await import(pathToFileURL(bundle).href).then(async () => {
  const out = path.join(tmpdir(), `dropcraft-images-domain-${process.pid}.mjs`);
  await build({
    entryPoints: ["app/domain/images.ts"],
    bundle: true,
    format: "esm",
    platform: "node",
    outfile: out,
    logLevel: "warning",
  });
  return import(pathToFileURL(out).href);
});

await initWasm(readFileSync("node_modules/@resvg/resvg-wasm/index_bg.wasm"));
const FONTS = [
  "inter/400Regular/Inter_400Regular.ttf",
  "inter/800ExtraBold/Inter_800ExtraBold.ttf",
  "montserrat/400Regular/Montserrat_400Regular.ttf",
  "montserrat/800ExtraBold/Montserrat_800ExtraBold.ttf",
  "nunito/400Regular/Nunito_400Regular.ttf",
  "nunito/800ExtraBold/Nunito_800ExtraBold.ttf",
  "playfair-display/400Regular/PlayfairDisplay_400Regular.ttf",
  "playfair-display/800ExtraBold/PlayfairDisplay_800ExtraBold.ttf",
].map((f) => readFileSync(`node_modules/@expo-google-fonts/${f}`));

function render(svg, width = 540) {
  const resvg = new Resvg(svg, {
    font: { fontBuffers: FONTS, defaultFontFamily: "Inter", loadSystemFonts: false },
    fitTo: { mode: "width", value: width },
  });
  const png = resvg.render().asPng();
  resvg.free();
  return png;
}

// A sample product: a ceramic lamp drawn in SVG on a white studio ground, rendered to PNG.
const productSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="1000" viewBox="0 0 800 1000">
<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#eeeeec"/></linearGradient>
<linearGradient id="shade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#e9d8c4"/><stop offset="0.5" stop-color="#f8efe4"/><stop offset="1" stop-color="#d7c0a5"/></linearGradient>
<linearGradient id="base" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#2f5d50"/><stop offset="0.45" stop-color="#4f8c7a"/><stop offset="1" stop-color="#24483e"/></linearGradient>
<radialGradient id="glow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#fff3d6" stop-opacity="0.9"/><stop offset="1" stop-color="#fff3d6" stop-opacity="0"/></radialGradient>
<filter id="b"><feGaussianBlur stdDeviation="14"/></filter></defs>
<rect width="800" height="1000" fill="url(#bg)"/>
<circle cx="400" cy="330" r="300" fill="url(#glow)"/>
<ellipse cx="400" cy="880" rx="230" ry="34" fill="#000" fill-opacity="0.18" filter="url(#b)"/>
<path d="M250 170 L550 170 L640 430 L160 430 Z" fill="url(#shade)"/>
<rect x="380" y="430" width="40" height="170" fill="#3a3a38"/>
<path d="M300 600 C300 540 500 540 500 600 L540 860 C540 890 260 890 260 860 Z" fill="url(#base)"/>
<ellipse cx="400" cy="600" rx="100" ry="22" fill="#6aa893"/>
</svg>`;
const photo = `data:image/png;base64,${Buffer.from(render(productSvg, 800)).toString("base64")}`;
const logoSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="120" viewBox="0 0 360 120"><circle cx="60" cy="60" r="44" fill="#2f5d50"/><circle cx="60" cy="60" r="20" fill="#f8efe4"/><text x="122" y="78" font-family="Montserrat" font-weight="800" font-size="52" fill="#2f5d50">LUMO</text></svg>`;
const logo = `data:image/png;base64,${Buffer.from(render(logoSvg, 360)).toString("base64")}`;

const base = {
  headline: "Warm light that follows your evening",
  subheadline: "A glare-free ceramic lamp with a touch dimmer and a 12-hour battery.",
  bullets: [
    "Touch dimmer, 3 warm tones",
    "12-hour battery, USB-C",
    "Hand-glazed ceramic base",
    "Free returns for 30 days",
  ],
  priceCents: 4900,
  compareAtPriceCents: 6900,
  currency: "USD",
  badge: null,
  cta: "Shop now",
  comparison: null,
  proof: ["orders7d", "activeAds"],
  palette: { background: "#f4efe8", surface: "#ffffff", text: "#1d2420", accent: "#2f6b5a" },
  font: "geometric",
  photoImageId: null,
  logoImageId: null,
  backgroundImageId: null,
};
const designs = {
  studio: { ...base, template: "studio" },
  lifestyle: {
    ...base,
    template: "lifestyle",
    font: "humanist",
    palette: { background: "#fbf3ea", surface: "#ffffff", text: "#2b1d14", accent: "#c0643f" },
  },
  sale: {
    ...base,
    template: "sale",
    headline: "Summer sale on the Lumo lamp",
    cta: "Shop the sale",
    palette: { background: "#fff6e9", surface: "#ffffff", text: "#1a1a1a", accent: "#d93a3a" },
  },
  comparison: {
    ...base,
    template: "comparison",
    font: "system",
    headline: "Why Lumo beats a plain desk lamp",
    comparison: {
      oursLabel: "Lumo lamp",
      theirsLabel: "Plain desk lamp",
      rows: [
        { ours: "Warm, glare-free light", theirs: "Harsh cold glare" },
        { ours: "12-hour battery", theirs: "Needs a socket" },
        { ours: "Touch dimmer", theirs: "On or off" },
        { ours: "Hand-glazed ceramic", theirs: "Plastic shell" },
      ],
    },
    palette: { background: "#eef2f7", surface: "#ffffff", text: "#15202b", accent: "#1f4fd1" },
  },
  "social-proof": {
    ...base,
    template: "social-proof",
    font: "serif",
    headline: "Merchants can't keep it on the shelf",
    palette: { background: "#1d2430", surface: "#ffffff", text: "#f4f1ea", accent: "#f2c94c" },
  },
};
const proofFacts = [
  { metric: "orders7d", label: "orders this week", value: "1,240", source: "Sample catalog · weekly orders" },
  { metric: "activeAds", label: "ads running now", value: "38", source: "Sample catalog · ad activity" },
];

const presets = ["instagram-post", "instagram-story", "facebook-feed", "pinterest"];
let count = 0;
for (const [name, design] of Object.entries(designs)) {
  for (const presetId of presets) {
    const preset = VISUAL_PRESETS.find((p) => p.id === presetId);
    for (const withPhoto of [true, false]) {
      const variant = (count * 3) % 8;
      const file = `${name}-${presetId}-${withPhoto ? "photo" : "nophoto"}-v${variant}.png`;
      count++;
      if (filter && !file.includes(filter)) continue;
      const assets = {
        photoHref: withPhoto ? photo : null,
        photoAspect: withPhoto ? 0.8 : null,
        logoHref: withPhoto && name === "studio" ? logo : null,
        logoAspect: 3,
        backgroundHref: null,
      };
      const { svg, notes } = compose.composeVisual({ design, preset, assets, proofFacts, variant });
      writeFileSync(path.join(OUT, file), render(svg));
      console.log(file, notes.length ? `· ${notes.join(" | ")}` : "");
    }
  }
}
for (const [i, [prompt, style]] of [
  ["white marble pedestal, soft light", "studio"],
  ["pastel pink and gold, dreamy", undefined],
  ["cozy kitchen morning, warm wood", "lifestyle"],
  ["navy and coral bold", "bold"],
].entries()) {
  const preset = VISUAL_PRESETS.find((p) => p.id === (i % 2 ? "instagram-story" : "instagram-post"));
  const file = `backdrop-${i}-${preset.id}.png`;
  if (filter && !file.includes(filter)) continue;
  const { svg } = compose.composeBackdrop({
    prompt,
    style,
    preset,
    variant: i,
    assets: { photoHref: i === 0 ? photo : null, photoAspect: 0.8 },
  });
  writeFileSync(path.join(OUT, file), render(svg));
  console.log(file);
}

// Contact sheets: every sample of a template on one image (sheet-<template>.png), to look at quickly.
for (const [name, design] of Object.entries(designs)) {
  if (filter && !name.includes(filter)) continue;
  let x = 0;
  let y = 0;
  let width = 0;
  const row = [];
  for (const presetId of presets) {
    const preset = VISUAL_PRESETS.find((p) => p.id === presetId);
    for (const withPhoto of [true, false]) {
      const variant =
        ((Object.keys(designs).indexOf(name) * 8 + presets.indexOf(presetId) * 2 + (withPhoto ? 0 : 1)) * 3) % 8;
      const assets = {
        photoHref: withPhoto ? photo : null,
        photoAspect: withPhoto ? 0.8 : null,
        logoHref: withPhoto && name === "studio" ? logo : null,
        logoAspect: 3,
        backgroundHref: null,
      };
      const { svg } = compose.composeVisual({ design, preset, assets, proofFacts, variant });
      const w = preset.width >= preset.height ? 500 : 300;
      const h = (w * preset.height) / preset.width;
      const png = Buffer.from(render(svg, w)).toString("base64");
      row.push(`<image href="data:image/png;base64,${png}" x="${x}" y="${y}" width="${w}" height="${h}"/>`);
      x += w + 12;
      width = Math.max(width, x);
      if (row.length === 4) {
        x = 0;
        y = 546;
      }
    }
  }
  const sheet = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="1080" viewBox="0 0 ${width} 1080"><rect width="${width}" height="1080" fill="#888"/>${row.join("")}</svg>`;
  writeFileSync(path.join(OUT, `sheet-${name}.png`), render(sheet, width));
  console.log(`sheet-${name}.png`);
}
