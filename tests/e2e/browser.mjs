// Launches Debian's Chromium through playwright-core (never a downloaded browser).
import { existsSync } from "node:fs";
import { chromium } from "playwright-core";

// Debian's /usr/bin/chromium is a desktop launcher script: it adds --enable-gpu-rasterization
// (rasterising through SwiftShader, a GPU emulated on the CPU, when there is no GPU) and its
// extension flags. The binary it wraps is started directly when it is there (ADR 016).
const DEBIAN_BINARY = "/usr/lib/chromium/chromium";
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? (existsSync(DEBIAN_BINARY) ? DEBIAN_BINARY : "/usr/bin/chromium");
export const CHROMIUM_ARGS = [
  "--headless=new",
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
  // playwright gives every launch a fresh, empty profile of its own.
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}
