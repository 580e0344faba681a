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
    // One Chromium at a time: the machine has two cores and wrangler needs one.
    fileParallelism: false,
  },
});
