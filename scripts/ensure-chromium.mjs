// Browser tests need Debian's Chromium. Installs it with apt when running as root;
// otherwise stops with the one command that does.
import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const INSTALL = "sudo apt-get update && sudo apt-get install -y chromium";

export function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (!isRoot) {
    console.error(`\n✖ Browser tests need Chromium at ${CHROMIUM}. Install it with:\n\n    ${INSTALL}\n`);
    process.exit(1);
  }
  console.log("▸ Installing Chromium from Debian's packages (one time, about 30 s)…");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [["update", "-qq"], ["install", "-y", "-qq", "chromium"]]) {
    const res = spawnSync("apt-get", args, { stdio: "inherit", env });
    if (res.status !== 0) {
      console.error(`\n✖ apt-get ${args.join(" ")} failed. Install Chromium with:\n\n    ${INSTALL}\n`);
      process.exit(1);
    }
  }
  if (!existsSync(CHROMIUM)) {
    console.error(`\n✖ Chromium is still missing at ${CHROMIUM}. Install it with:\n\n    ${INSTALL}\n`);
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
