import { readFileSync } from "node:fs";
import path from "node:path";
import { defineConfig } from "vitest/config";

// Pure logic: plain Node, no workerd, no network.
export default defineConfig({
  resolve: { alias: { "~": path.join(import.meta.dirname, "app") } },
  plugins: [
    {
      // A font import is its bytes (an ArrayBuffer), as wrangler's Data rule makes it in the images
      // Worker: tests that draw with resvg in Node load workers/images/fonts.ts itself.
      name: "font-files-as-data",
      enforce: "pre",
      load(id) {
        if (!id.endsWith(".ttf")) return null;
        return `export default Uint8Array.from(Buffer.from(${JSON.stringify(readFileSync(id).toString("base64"))}, "base64")).buffer;`;
      },
    },
  ],
  test: {
    name: "unit",
    include: ["tests/unit/**/*.test.{ts,tsx}"],
    environment: "node",
    setupFiles: ["./tests/unit/setup.ts"],
    // CI runs typecheck, lint, unit and libSQL side by side on two cores: a test that first
    // generates the 5,100-product sample catalog took over vitest's 5 s default there once
    // (market-catalog, analyst). Speed is the bench's business, not a unit test's.
    testTimeout: 20_000,
    // Vitest's default is one worker fewer than the cores: a single worker on a 2-core machine.
    maxWorkers: 2,
  },
});
