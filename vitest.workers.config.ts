import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";

// API, D1 and Durable Object tests run inside workerd against the real Worker entry.
export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(import.meta.dirname, "db/migrations"));
  return {
    plugins: [
      cloudflareTest({
        main: "./workers/app.ts",
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          bindings: { TEST_MIGRATIONS: migrations, APP_ENV: "test", LOG_LEVEL: "warn" },
        },
      }),
    ],
    resolve: { alias: { "~": path.join(import.meta.dirname, "app") } },
    test: {
      name: "workers",
      include: ["tests/integration/**/*.test.ts"],
      setupFiles: ["./tests/integration/setup.ts"],
      globalSetup: ["./tests/integration/fake-resend.ts", "./tests/integration/fake-openai.ts"],
      deps: {
        optimizer: { ssr: { enabled: true, include: ["@remix-run/cloudflare", "@remix-run/server-runtime"] } },
      },
    },
  };
});
