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
    // Two files at a time against the one server (ADR 016: 684 s -> 606 s serial vs two; E2E_WORKERS=1
    // for one). A page-builder autosave once ended 'failed' this way: saves the server drops are now
    // retried by the editor, and the poll for 'saved' prints a failed save's reason.
    fileParallelism: Number(process.env.E2E_WORKERS ?? 2) > 1,
    maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
  },
});
