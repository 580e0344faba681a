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
    // Two files at a time against the one server (ADR 016): most of a browser test is waiting on
    // the page, so a second Chromium fills the gaps. E2E_WORKERS=1 runs one file at a time.
    fileParallelism: true,
    maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
  },
});
