import path from "node:path";
import { defineConfig } from "vitest/config";

// The db/ query modules on an embedded libSQL file (tests/libsql/), migrated with db/migrations:
// the same queries the workerd suite runs on D1 (tests/integration/db-queries.test.ts).
export default defineConfig({
  resolve: { alias: { "~": path.join(import.meta.dirname, "app") } },
  test: {
    name: "libsql",
    include: ["tests/libsql/**/*.test.ts"],
    environment: "node",
    setupFiles: ["./tests/unit/setup.ts"],
    maxWorkers: 1,
  },
});
