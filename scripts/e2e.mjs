// `npm run test:e2e`: build, make sure Chromium is there, then run the browser suite
// (it starts its own `wrangler dev` on a free port).
import { ensureChromium } from "./ensure-chromium.mjs";
import { bin, buildApp, run } from "./lib.mjs";

ensureChromium();
if (!process.argv.includes("--no-build")) buildApp();
run(bin("vitest"), ["run", "-c", "vitest.e2e.config.ts", ...process.argv.slice(2).filter((a) => a !== "--no-build")]);
