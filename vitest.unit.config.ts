import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { defineConfig } from "vitest/config";

/**
 * Test files that replace a module (vi.mock) or a global (vi.stubGlobal, globalThis.x = …): they
 * run isolated, each in a fresh module graph. Every other file shares its worker's modules with
 * the files before it (isolate: false), which skips re-importing the app's modules per file
 * (ADR 016: the unit stage's imports were two thirds of its time).
 */
const REPLACES_MODULES_OR_GLOBALS = /\bvi\.(mock|doMock|stubGlobal|stubEnv)\(|\bglobalThis\.[\w$]+\s*=[^=]/;
const unitFiles = (readdirSync("tests/unit", { recursive: true }) as string[])
  .filter((f) => /\.test\.tsx?$/.test(f))
  .map((f) => path.join("tests/unit", f).split(path.sep).join("/"));
const needsIsolation = unitFiles.filter((f) => REPLACES_MODULES_OR_GLOBALS.test(readFileSync(f, "utf8")));

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
    environment: "node",
    setupFiles: ["./tests/unit/setup.ts"],
    // CI runs typecheck, lint, unit and libSQL side by side on two cores: a test that first
    // generates the 5,100-product sample catalog took over vitest's 5 s default there once
    // (market-catalog, analyst). Speed is the bench's business, not a unit test's.
    testTimeout: 20_000,
    // Vitest's default is one worker fewer than the cores: a single worker on a 2-core machine.
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: "unit", isolate: false, include: ["tests/unit/**/*.test.{ts,tsx}"], exclude: needsIsolation } },
      { extends: true, test: { name: "unit-isolated", isolate: true, include: needsIsolation } },
    ],
  },
});
