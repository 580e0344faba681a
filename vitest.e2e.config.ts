import path from "node:path";
import { defineConfig } from "vitest/config";

// Screens in Debian's Chromium (playwright-core) against `wrangler dev` of the built product.
export default defineConfig({
  resolve: { alias: { "~": path.join(import.meta.dirname, "app") } },
  test: {
    name: "e2e",
    include: ["tests/e2e/**/*.test.ts"],
    environment: "node",
    globalSetup: ["./tests/e2e/global-setup.ts"],
    setupFiles: ["./tests/unit/setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 90_000,
    // A poll waits on a browser and a server that share two cores with a second test file:
    // vitest's 1 s default ran out once in CI on a delete that had not yet landed.
    expect: { poll: { timeout: 5_000 } },
    // Two files at a time against the one server (ADR 016). The 503s once seen with two were
    // wrangler dev reloading because a source file changed mid-run (an edit in the checkout):
    // global-setup.ts now says so when it happens. E2E_WORKERS=1 runs one file at a time.
    fileParallelism: Number(process.env.E2E_WORKERS ?? 2) > 1,
    // A worker runs its files one after another in one process with one Chromium (helpers.ts):
    // a fresh process and browser per file cost 5 to 9 s each on the CI machine (ADR 016).
    isolate: false,
    maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
  },
});
