// Browser tests need Debian's Chromium as its headless shell (the same Chromium without a
// browser's UI layers; ADR 016). Installs it with apt when running as root; otherwise stops with
// the one command that does. The bench's Lighthouse uses the full browser and says so itself.
import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { HEADLESS_SHELL } from "../tests/e2e/browser.mjs";

const CHROMIUM = process.env.CHROMIUM_PATH ?? HEADLESS_SHELL;
const INSTALL = "sudo apt-get update && sudo apt-get install -y chromium-headless-shell";

export function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (!isRoot) {
    console.error(`\n✖ Browser tests need Chromium at ${CHROMIUM}. Install it with:\n\n    ${INSTALL}\n`);
    process.exit(1);
  }
  console.log("▸ Installing chromium-headless-shell from Debian's packages (one time, about 30 s)…");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [["update", "-qq"], ["install", "-y", "-qq", "chromium-headless-shell"]]) {
    const res = spawnSync("apt-get", args, { stdio: "inherit", env });
    if (res.status !== 0) {
      console.error(`\n✖ apt-get ${args.join(" ")} failed. Install it with:\n\n    ${INSTALL}\n`);
      process.exit(1);
    }
  }
  if (!existsSync(CHROMIUM)) {
    console.error(`\n✖ Chromium is still missing at ${CHROMIUM}. Install it with:\n\n    ${INSTALL}\n`);
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
