import { readFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { build } from "esbuild";
import { defineConfig } from "vitest/config";

// API, D1 and Durable Object tests run inside workerd against the real Worker entry.
export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(import.meta.dirname, "db/migrations"));
  // The chat API talks to a local server speaking OpenAI's protocol (tests/integration/fake-openai.ts,
  // started by globalSetup on this port), so the workerd suite runs the real adapter end to end.
  const openAiPort = Number(process.env.FAKE_OPENAI_PORT) || (await freePort());
  process.env.FAKE_OPENAI_PORT = String(openAiPort);
  // Fake Shopify stores and a website with hostile endpoints (tests/integration/fake-shopify.ts),
  // one port each: the Worker reads their origins from the FAKE_SHOPIFY binding.
  process.env.FAKE_SHOPIFY_PORTS ??= (await Promise.all([freePort(), freePort(), freePort()])).join(",");
  const [harborPort, summitPort, webPort] = process.env.FAKE_SHOPIFY_PORTS.split(",");
  // A fake Shopify Admin GraphQL API for store export (tests/integration/fake-shopify-admin.ts).
  process.env.SHOPIFY_ADMIN_PORT ??= String(await freePort());
  // A fake Meta Graph API for the AI Launcher (tests/integration/fake-meta-graph.ts).
  process.env.META_GRAPH_PORT ??= String(await freePort());
  // The schema fuzz (tests/integration/fuzz): `npm test` sends a seeded sample of each operation's
  // malformed requests, `npm run test:fuzz` (FUZZ=full) all of them. The seed is printed so a
  // failure repeats with FUZZ_SEED=<seed>.
  const fuzzMode = process.env.FUZZ === "full" ? "full" : "sample";
  const fuzzSeed = process.env.FUZZ_SEED ?? String(Math.floor(Math.random() * 2 ** 31));
  console.log(
    fuzzMode === "full"
      ? "Schema fuzz: every request"
      : `Schema fuzz: seeded sample, FUZZ_SEED=${fuzzSeed} (npm run test:fuzz sends every request)`,
  );
  const [documentsWorker, imagesWorker, fakeWorkersAi] = await Promise.all([
    bundleCompanionWorker("documents"),
    bundleCompanionWorker("images"),
    bundleFakeWorkersAi(),
  ]);
  // One pool plugin per project: each project has its own Vite server.
  const workerdPool = () =>
    cloudflareTest({
      main: "./workers/app.ts",
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        bindings: {
          TEST_MIGRATIONS: migrations,
          APP_ENV: "test",
          DEV_TOOLS: "on",
          // Emailed links must use this origin whatever Host a request claims.
          APP_URL: "https://app.dropcraft.test",
          LOG_LEVEL: "warn",
          AI_BASE_URL: `http://127.0.0.1:${openAiPort}/v1`,
          AI_MODEL: "fake-model",
          AI_API_KEY: "sk-test-dropcraft-fake-openai",
          // The URL guard's test-only allowance (production refuses it): the fake servers on 127.0.0.1.
          URL_GUARD_ALLOW_LOOPBACK: "on",
          FUZZ_MODE: fuzzMode,
          FUZZ_SEED: fuzzSeed,
          FAKE_SHOPIFY: {
            harbor: `http://127.0.0.1:${harborPort}`,
            summit: `http://127.0.0.1:${summitPort}`,
            web: `http://127.0.0.1:${webPort}`,
          },
          SHOPIFY_ADMIN_BASE_URL: `http://127.0.0.1:${process.env.SHOPIFY_ADMIN_PORT}`,
          SHOPIFY_ADMIN_TEST_URL: `http://127.0.0.1:${process.env.SHOPIFY_ADMIN_PORT}`,
          META_GRAPH_BASE_URL: `http://127.0.0.1:${process.env.META_GRAPH_PORT}`,
          META_GRAPH_TEST_URL: `http://127.0.0.1:${process.env.META_GRAPH_PORT}`,
        },
        // The DOCUMENTS and IMAGES service bindings of wrangler.toml reach the real companion Workers.
        workers: [documentsWorker, imagesWorker, fakeWorkersAi],
        // A binding in Workers AI's shapes (tests/integration/fake-workers-ai.ts), under its own
        // name so the suite's model stays AI_BASE_URL's; tests/integration/workers-ai.test.ts
        // hands it to the provider as the AI binding.
        wrappedBindings: { WORKERS_AI_FAKE: { scriptName: fakeWorkersAi.name } },
      },
    });
  const project = (test: { name: string; isolate: boolean; include: string[]; exclude?: string[] }) => ({
    plugins: [workerdPool()],
    resolve: { alias: { "~": path.join(import.meta.dirname, "app") } },
    test: {
      ...test,
      setupFiles: ["./tests/integration/setup.ts"],
      // A file's first page request loads the Remix build (workers/app.ts loads it lazily, ADR 016):
      // about 3 s on a quiet machine, more on a busy one, inside that test's time.
      testTimeout: 20_000,
      deps: {
        optimizer: { ssr: { enabled: true, include: ["@remix-run/cloudflare", "@remix-run/server-runtime"] } },
      },
    },
  });
  return {
    // The global setup (the sample catalog) reads app modules too.
    resolve: { alias: { "~": path.join(import.meta.dirname, "app") } },
    test: {
      // Two workerds at a time. Starting a workerd and loading the Worker's modules into it costs
      // 8-10 s; one per test file was two thirds of the suite (ADR 016). So files share their
      // worker's workerd, its modules and its storage (isolate: false): every test makes its own
      // users and reads only what it made. A file whose figure depends on the whole database
      // (FTS5 ranks with the table's statistics) runs alone in the "workers-isolated" project.
      maxWorkers: 2,
      // Once for both projects: the fake servers every test file talks to.
      globalSetup: [
        "./tests/integration/fake-resend.ts",
        "./tests/integration/fake-openai.ts",
        "./tests/integration/fake-shopify.ts",
        "./tests/integration/fake-shopify-admin.ts",
        "./tests/integration/fake-meta-graph.ts",
        "./tests/integration/fake-omnisend.ts",
        "./tests/integration/fake-stripe-api.ts",
        "./tests/integration/sample-catalog.ts",
      ],
      projects: [
        project({
          name: "workers",
          isolate: false,
          include: ["tests/integration/**/*.test.ts"],
          // The seeded sample fits in the first fuzz shard (tests/integration/fuzz/fuzz-operations.ts).
          exclude: [
            ...(fuzzMode === "full" ? [] : ["tests/integration/fuzz/api-fuzz-[2-6].test.ts"]),
            ...NEEDS_OWN_DATABASE,
          ],
        }),
        project({ name: "workers-isolated", isolate: true, include: NEEDS_OWN_DATABASE }),
      ],
    },
  };
});

/**
 * Files that need a database no other file has written to: knowledge-base retrieval's hit rate is
 * measured with BM25, whose term weights FTS5 takes from every passage in the table.
 */
const NEEDS_OWN_DATABASE = ["tests/integration/retrieval.test.ts"];

/**
 * A companion Worker (workers/<name>/: documents reads PDF and DOCX text, images renders SVG to
 * PNG) as an auxiliary Worker named like its service, bundled in memory the way wrangler bundles
 * it (no file written: several test runs may share this checkout). `.wasm` and `.ttf` imports
 * stay modules of their own (CompiledWasm and Data), as wrangler's module rules make them.
 */
async function bundleCompanionWorker(name: "documents" | "images") {
  const dir = path.join(import.meta.dirname, "workers", name);
  const config = readFileSync(path.join(dir, "wrangler.toml"), "utf8");
  const field = (key: string): unknown => {
    const value = new RegExp(`^${key}\\s*=\\s*(.+)$`, "m").exec(config)?.[1];
    if (value === undefined) throw new Error(`workers/${name}/wrangler.toml has no ${key}`);
    return JSON.parse(value);
  };
  const assets = new Map<string, string>();
  const result = await build({
    entryPoints: [path.join(dir, "index.ts")],
    bundle: true,
    write: false,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    conditions: ["workerd", "worker", "browser"],
    mainFields: ["browser", "module", "main"],
    external: ["node:*", "cloudflare:*"],
    logLevel: "warning",
    plugins: [
      {
        name: "binary-modules",
        setup(b) {
          b.onResolve({ filter: /\.(wasm|ttf)$/ }, async (args) => {
            // The inner resolve below comes back through this hook marked "binary": let esbuild answer it.
            if (args.pluginData === "binary") return undefined;
            const resolved = await b.resolve(args.path, {
              kind: args.kind,
              resolveDir: args.resolveDir,
              pluginData: "binary",
            });
            if (resolved.errors.length) return undefined;
            const moduleName = `assets/${assets.size}-${path.basename(resolved.path)}`;
            assets.set(moduleName, resolved.path);
            return { path: `./${moduleName}`, external: true };
          });
        },
      },
    ],
  });
  return {
    name: field("name") as string,
    modules: [
      { type: "ESModule" as const, path: "index.mjs", contents: result.outputFiles[0].text },
      ...[...assets].map(([modulePath, file]) => ({
        type: file.endsWith(".wasm") ? ("CompiledWasm" as const) : ("Data" as const),
        path: modulePath,
        contents: readFileSync(file),
      })),
    ],
    compatibilityDate: field("compatibility_date") as string,
    compatibilityFlags: field("compatibility_flags") as string[],
  };
}

/** tests/integration/fake-workers-ai.ts as a wrapped-binding Worker: its default export makes the binding. */
async function bundleFakeWorkersAi() {
  const result = await build({
    entryPoints: [path.join(import.meta.dirname, "tests/integration/fake-workers-ai.ts")],
    bundle: true,
    write: false,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    logLevel: "warning",
  });
  return {
    name: "fake-workers-ai",
    modules: [{ type: "ESModule" as const, path: "index.mjs", contents: result.outputFiles[0].text }],
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
