import path from "node:path";
import { defineConfig } from "vitest/config";

// Pure logic: plain Node, no workerd, no network.
export default defineConfig({
  resolve: { alias: { "~": path.join(import.meta.dirname, "app") } },
  test: {
    name: "unit",
    include: ["tests/unit/**/*.test.{ts,tsx}"],
    environment: "node",
    setupFiles: ["./tests/unit/setup.ts"],
    // Vitest's default is one worker fewer than the cores: a single worker on a 2-core machine.
    maxWorkers: 2,
  },
});
