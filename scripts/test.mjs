// `npm test`: everything a change must pass, in order of speed.
import { ensureChromium } from "./ensure-chromium.mjs";
import { bin, run } from "./lib.mjs";

const step = (msg) => console.log(`\n━━ ${msg}`);
ensureChromium();
step("Typecheck");
run("npm", ["run", "-s", "typecheck"]);
step("Lint");
run("npm", ["run", "-s", "lint"]);
step("Unit tests");
run(bin("vitest"), ["run", "-c", "vitest.unit.config.ts"]);
step("Build");
run(bin("remix"), ["build"], { quiet: true });
step("Integration tests (workerd: API, D1, Durable Objects)");
run(bin("vitest"), ["run", "-c", "vitest.workers.config.ts"]);
step("Browser tests (Chromium against wrangler dev)");
run("node", ["scripts/e2e.mjs", "--no-build"]);
console.log("\n✔ All checks passed");
