// Launches Debian's Chromium through playwright-core (never a downloaded browser).
import { existsSync } from "node:fs";
import { chromium } from "playwright-core";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
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
