// Browser tests need Debian's Chromium as its headless shell (the same Chromium without a
// browser's UI layers; ADR 016). Installs it with apt when running as root; otherwise stops with
// the one command that does. The bench's Lighthouse uses the full browser and says so itself.
import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";

const NEEDED = process.env.CHROMIUM_PATH
  ? [{ binary: process.env.CHROMIUM_PATH, pkg: "chromium" }]
  : [{ binary: "/usr/bin/chromium-headless-shell", pkg: "chromium-headless-shell" }];

export function ensureChromium() {
  const missing = NEEDED.filter((n) => !existsSync(n.binary));
  if (missing.length === 0) return;
  const pkgs = missing.map((n) => n.pkg);
  const install = `sudo apt-get update && sudo apt-get install -y ${pkgs.join(" ")}`;
  const where = missing.map((n) => n.binary).join(" and ");
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (!isRoot) {
    console.error(`\n✖ Browser tests need ${where}. Install with:\n\n    ${install}\n`);
    process.exit(1);
  }
  console.log(`▸ Installing ${pkgs.join(" and ")} from Debian's packages (one time, about 30 s)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [["update", "-qq"], ["install", "-y", "-qq", ...pkgs]]) {
    const res = spawnSync("apt-get", args, { stdio: "inherit", env });
    if (res.status !== 0) {
      console.error(`\n✖ apt-get ${args.join(" ")} failed. Install with:\n\n    ${install}\n`);
      process.exit(1);
    }
  }
  const still = missing.filter((n) => !existsSync(n.binary));
  if (still.length) {
    console.error(`\n✖ Still missing: ${still.map((n) => n.binary).join(", ")}. Install with:\n\n    ${install}\n`);
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
