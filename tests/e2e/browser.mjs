// Launches Debian's Chromium through playwright-core (never a downloaded browser).
import { existsSync } from "node:fs";
import { chromium } from "playwright-core";

// Debian's chromium-headless-shell is the same Chromium built as the headless shell (no browser
// UI layers), the one Playwright itself drives by default: the browser stage's CPU went down by
// about a fifth with it (ADR 016, ninth pass). Without it, the full browser's binary is started
// directly: /usr/bin/chromium is a desktop launcher script that adds --enable-gpu-rasterization
// (rasterising through SwiftShader, a GPU emulated on the CPU) and its extension flags.
export const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";
const DEBIAN_BINARY = "/usr/lib/chromium/chromium";
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ??
  [HEADLESS_SHELL, DEBIAN_BINARY].find((path) => existsSync(path)) ??
  "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

export function hasChromium() {
  return existsSync(CHROMIUM_PATH);
}

export async function launchChromium() {
  // playwright gives every launch a fresh, empty profile of its own, and adds --headless.
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}
