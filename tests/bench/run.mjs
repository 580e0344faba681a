#!/usr/bin/env node
// `npm run bench`: builds the app, serves it and a minimal baseline Worker with `wrangler dev`
// on 127.0.0.1, load-tests `/` and `/api/health` on both, measures the landing page's JS/CSS,
// the usage meter's reservations/s (the real UsageMeter Durable Object behind tests/bench/meter/,
// for 1 and 100 users), the usage stream's SSE fan-out latency (1/10/100 streams of one user),
// runs Lighthouse, and measures chat time-to-first-token overhead over the provider's own (a second
// product `wrangler dev` whose AI_BASE_URL points at a local fake OpenAI, lib/chat.mjs) and the
// knowledge base's top-3 retrieval hit rate (lib/retrieval.mjs), publishes a drop page and
// measures GET /p/{slug} against a static file of the same wrangler dev (lib/droppage.mjs; a Worker
// that does nothing, tests/bench/floor, is measured beside it as the platform's floor) and
// runs Lighthouse on that page at mobile and desktop, times marketing visuals (1080×1080 and
// 1080×1920, full PNG + thumbnail) through the API and sizes the rendering Worker's bundle
// (lib/images.mjs), then checks tests/bench/budgets.json and writes reports/bench-*.json.
// The soak (lib/soak.mjs, issue 29) takes 30 minutes, so it is not among the default sections: it
// runs only when named, `npm run bench -- --only=soak` (--soak-minutes=N to shorten), on the seeded
// catalog, and the watchdog's default timeout grows to cover it.
//
// Flags: --no-build  --no-lighthouse  --lighthouse-desktop  --lighthouse-runs=3 (drop page, per form factor)
//        --landing-lighthouse-runs=5 (the landing page; every run is judged)
//        --no-browser  --no-sse  --sse-events=20
//        --no-meter  --no-chat  --chat-questions=30  --chat-concurrency=5  --no-retrieval
//        --only=retrieval,sse (run just these sections: load, landing, meter, sse, lighthouse, chat, retrieval,
//        explorer, droppage, images; and soak, which runs only when named)  --images-samples=20 (timed visuals per size)
//        --soak-minutes=30
//        --duration=8  --warmup=2  --connections=20  --timeout=600  --keep-tmp
// Env: LIGHTHOUSE_REPORT_DIR=/tmp/lh keeps every Lighthouse run's full report and trace there (to
//      read why a score moved: the trace's long tasks, the network requests, each audit).
// Exit: 0 all budgets met (warnings allowed), 1 a budget failed, 2 the bench itself failed.
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { measureLanding, measureMainWorker } from "./lib/bundle.mjs";
import { analystTtft, chatOverhead } from "./lib/chat.mjs";
import { startFakeOpenAi } from "./lib/fake-openai.mjs";
import { runLighthouse } from "./lib/lighthouse.mjs";
import { loadTest } from "./lib/load.mjs";
import { meterThroughput } from "./lib/meter.mjs";
import { retrievalQuality } from "./lib/retrieval.mjs";
import { explorerLatency } from "./lib/explorer.mjs";
import { dropPageThroughput, publishDropPage, STATIC_PATH, startImageServer } from "./lib/droppage.mjs";
import { imageRendering } from "./lib/images.mjs";
import { soak } from "./lib/soak.mjs";
import { sseFanout } from "./lib/sse.mjs";
import { evaluateBudgets, formatReport, ratios, writeReport } from "./lib/report.mjs";
import {
  applyMigrations,
  buildApp,
  freePort,
  killAllSync,
  onCleanup,
  readCompat,
  serverBuildInfo,
  startWrangler,
  stopAll,
} from "./lib/servers.mjs";

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(BENCH_DIR, "../..");
const RESERVED_PORTS = [8787, 9229]; // the lead's dev server and its inspector
const ROUTES = { landing: "/", api: "/api/health" };
const METER_CONFIG = path.join(BENCH_DIR, "meter/wrangler.toml");
const METER_USERS = [1, 100];
// The chat bench's fake provider: its own time to first token and its streaming pace. The answer
// streams for 270 ms after the first token, so a product that buffered it would show up as TTFT.
const CHAT_PROVIDER = {
  firstTokenDelayMs: 50,
  chunkIntervalMs: 30,
  chunkCount: 10,
  model: "bench-model",
  apiKey: "sk-bench-fake",
};
const ANALYST_QUESTIONS = 3;
const SECTIONS = ["load", "landing", "meter", "sse", "lighthouse", "chat", "retrieval", "explorer", "droppage", "images", "soak"];

const { opts, options } = parseOptions();

const started = Date.now();
const log = (msg) => console.log(`[bench ${((Date.now() - started) / 1000).toFixed(1).padStart(5)} s] ${msg}`);
let tmp = null;

// Whatever happens, the servers started here stop: on signals, on the watchdog and on exit.
let stopping = false;
async function shutdown(code, reason) {
  if (stopping) return;
  stopping = true;
  if (reason) console.error(`\n[bench] ${reason}; stopping servers…`);
  await stopAll();
  for (const worker of ["baseline", "meter", "floor"]) {
    removeEmptyDirs(path.join(BENCH_DIR, worker, ".wrangler/tmp"), path.join(BENCH_DIR, worker, ".wrangler"));
  }
  // Keep logs and state when the bench itself failed (exit 2) or when asked to.
  if (tmp && (opts["keep-tmp"] || code === 2)) console.error(`[bench] logs and state kept in ${tmp}`);
  else if (tmp) rmSync(tmp, { recursive: true, force: true });
  process.exit(code);
}
process.on("SIGINT", () => shutdown(130, "interrupted (SIGINT)"));
process.on("SIGTERM", () => shutdown(143, "terminated (SIGTERM)"));
process.on("SIGHUP", () => shutdown(129, "hang-up (SIGHUP)"));
process.on("exit", killAllSync);
process.on("unhandledRejection", (err) => shutdown(2, `unhandled rejection: ${err?.stack ?? err}`));
const watchdog = setTimeout(
  () => shutdown(2, `timed out after ${options.timeout} s (raise with --timeout)`),
  options.timeout * 1000,
);

try {
  const code = await main();
  clearTimeout(watchdog);
  await shutdown(code);
} catch (err) {
  clearTimeout(watchdog);
  // After a signal or the watchdog, errors from servers being stopped are expected noise.
  if (!stopping) {
    console.error(`\n[bench] FAILED: ${err?.stack ?? err}`);
    await shutdown(2);
  }
}

async function main() {
  tmp = mkdtempSync(path.join(os.tmpdir(), "dropcraft-bench-"));
  const logs = path.join(tmp, "logs");
  mkdirSync(logs);
  const result = {
    startedAt: new Date(started).toISOString(),
    options,
    machine: {
      node: process.version,
      cpus: os.cpus().length,
      platform: `${os.platform()} ${os.release()}`,
      loadAvgBefore: os.loadavg(),
    },
    git: gitInfo(),
    budgets: readBudgets(),
  };

  // 1. Build (or reuse) the server build the Worker imports.
  if (options.build) {
    log("remix build…");
    const b = await buildApp(ROOT, path.join(logs, "build.log"));
    if (!b.ok) {
      throw new Error(
        `remix build failed (${b.ms} ms):\n${b.output.split("\n").slice(-20).join("\n")}\n` +
          "Fix the build, or rerun with --no-build to bench the existing build/.",
      );
    }
    log(`remix build done in ${(b.ms / 1000).toFixed(1)} s`);
    result.build = { skipped: false, ms: b.ms, ...serverBuildInfo(ROOT) };
  } else {
    result.build = { skipped: true, ...serverBuildInfo(ROOT) };
    if (!result.build.exists) throw new Error("--no-build given but build/server/index.js does not exist");
  }
  if (result.build.mode !== "production") {
    log(`WARN: server build mode is "${result.build.mode}" (remix watch?); JS/CSS budgets are skipped`);
  }

  const rootCompat = readCompat(path.join(ROOT, "wrangler.toml"));
  result.compat = { product: rootCompat, baseline: readCompat(path.join(BENCH_DIR, "baseline/wrangler.toml")) };
  if (options.meter) result.compat.meter = readCompat(METER_CONFIG);
  for (const [name, compat] of Object.entries(result.compat)) {
    if (name !== "product" && (rootCompat.date !== compat.date || rootCompat.flags !== compat.flags)) {
      log(
        `WARN: ${name} compatibility ${JSON.stringify(compat)} differs from wrangler.toml ${JSON.stringify(rootCompat)}`,
      );
    }
  }

  // 2-3. Migrations into the bench's own state dirs, then the servers on fresh ports.
  const ports = [];
  const portCount = 4 + (options.meter ? 2 : 0) + (options.chat ? 2 : 0);
  for (let i = 0; i < portCount; i += 1) ports.push(await freePort([...RESERVED_PORTS, ...ports]));
  const chatPorts = options.chat ? ports.slice(-2) : null;
  const productState = path.join(tmp, "product-state");
  const meterState = path.join(tmp, "meter-state");
  const chatState = path.join(tmp, "chat-state");
  log(`applying D1 migrations (local, bench state dir${options.meter ? "s: product and meter" : ""})…`);
  const [mig, meterMig] = await Promise.all([
    applyMigrations(ROOT, productState, path.join(logs, "migrations.log")),
    // The meter's failures are reported as a failed meter check, not as a failed bench.
    options.meter
      ? applyMigrations(ROOT, meterState, path.join(logs, "meter-migrations.log"), { configPath: METER_CONFIG }).catch(
          (err) => ({ error: err }),
        )
      : null,
  ]);
  // The sample catalog at full size, as `npm start` seeds it (the Explorer section reads it).
  if (options.explorer || options.soak) {
    const seeded = spawnSync("node", ["scripts/seed.mjs", `--persist-to=${productState}`], { cwd: ROOT, env: { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" }, encoding: "utf8" });
    if (seeded.status !== 0) throw new Error(`seeding the catalog failed:\n${seeded.stdout}\n${seeded.stderr}`);
    log(seeded.stdout.trim().split("\n").pop());
  }
  log(
    `migrations applied in ${(mig.ms / 1000).toFixed(1)} s; starting wrangler dev (product :${ports[0]}` +
      `${options.load ? `, baseline :${ports[2]}` : ""}` +
      `${options.meter ? `, meter :${ports[4]}` : ""}${options.chat ? `, chat product :${chatPorts[0]}` : ""})…`,
  );
  // Started alongside, but not awaited with the others: a meter that fails to start only fails the meter section.
  const meterStart = !options.meter
    ? null
    : meterMig.error
      ? Promise.resolve({ error: meterMig.error })
      : startWrangler({
          name: "meter",
          root: ROOT,
          configPath: METER_CONFIG,
          port: ports[4],
          inspectorPort: ports[5],
          persistTo: meterState,
          logFile: path.join(logs, "meter.log"),
        }).catch((err) => ({ error: err }));
  // The chat product: the same Worker with its own copy of the migrated state, pointed at the
  // bench's fake OpenAI. Like the meter, a failure here only fails the chat section.
  let fake = null;
  let chatStart = null;
  if (options.chat) {
    chatStart = (async () => {
      cpSync(productState, chatState, { recursive: true });
      fake = await startFakeOpenAi({
        apiKey: CHAT_PROVIDER.apiKey,
        firstTokenDelayMs: CHAT_PROVIDER.firstTokenDelayMs,
        chunkIntervalMs: CHAT_PROVIDER.chunkIntervalMs,
        chunkCount: CHAT_PROVIDER.chunkCount,
      });
      onCleanup(() => fake.close());
      return startWrangler({
        name: "chat",
        root: ROOT,
        port: chatPorts[0],
        inspectorPort: chatPorts[1],
        persistTo: chatState,
        logFile: path.join(logs, "chat.log"),
        vars: { AI_BASE_URL: fake.url, AI_MODEL: CHAT_PROVIDER.model, AI_API_KEY: CHAT_PROVIDER.apiKey },
      });
    })().catch((err) => ({ error: err }));
  }
  const [product, baseline] = await Promise.all([
    startWrangler({
      name: "product",
      root: ROOT,
      port: ports[0],
      inspectorPort: ports[1],
      persistTo: productState,
      logFile: path.join(logs, "product.log"),
    }),
    // The baseline Worker is the load runs' and the Explorer's yardstick.
    options.load || options.explorer
      ? startWrangler({
          name: "baseline",
          root: ROOT,
          configPath: path.join(BENCH_DIR, "baseline/wrangler.toml"),
          port: ports[2],
          inspectorPort: ports[3],
          persistTo: path.join(tmp, "baseline-state"),
          logFile: path.join(logs, "baseline.log"),
        })
      : null,
  ]);
  const meter = await meterStart;
  result.servers = { product: { url: product.url, readyMs: product.startMs } };
  if (baseline) result.servers.baseline = { url: baseline.url, readyMs: baseline.startMs };
  if (meter && !meter.error) result.servers.meter = { url: meter.url, readyMs: meter.startMs };
  log(
    `ready: product in ${(product.startMs / 1000).toFixed(1)} s` +
      (baseline ? `, baseline in ${(baseline.startMs / 1000).toFixed(1)} s` : "") +
      (!meter ? "" : meter.error ? "; meter failed to start" : `, meter in ${(meter.startMs / 1000).toFixed(1)} s`),
  );

  // The landing page must render before it is worth load-testing.
  const probe = await fetch(`${product.url}/`);
  const probeBody = await probe.text();
  if (probe.status !== 200 || !/text\/html/.test(probe.headers.get("content-type") ?? "")) {
    throw new Error(
      `product GET / answered ${probe.status} ${probe.headers.get("content-type")}:\n${probeBody.slice(0, 500)}`,
    );
  }

  // 5. Landing page weight (before load, while the machine is quiet): its HTML as a signed-out
  // visitor gets it (the probe above), and everything it loads.
  if (options.landing) {
    log("measuring landing page JS/CSS…");
    result.landing = await measureLanding(`${product.url}/`, { browser: options.browser });
    result.landing.html = { rawKiB: Math.round((Buffer.byteLength(probeBody) / 1024) * 10) / 10 };
    log(
      `landing HTML ${result.landing.html.rawKiB} KiB raw; JS ${result.landing.js.gzipKiB} KiB gzip in ${result.landing.js.files} files (${result.landing.source})`,
    );
    // What serves the landing page: the main Worker's upload, and where its bytes go (issue 29).
    log("measuring the main Worker's bundle (wrangler deploy --dry-run)…");
    try {
      result.mainWorker = await measureMainWorker({ root: ROOT, tmpDir: tmp, logFile: path.join(logs, "main-worker-dry-run.log") });
      log(`main Worker bundle ${result.mainWorker.gzipKiB} KiB gzip (${result.mainWorker.rawKiB} KiB raw)`);
    } catch (err) {
      result.mainWorker = { error: String(err?.message ?? err).slice(0, 500) };
      log(`  main Worker bundle not measured: ${result.mainWorker.error}`);
    }
  } else {
    result.landing = { skipped: true };
    result.mainWorker = { skipped: true };
  }

  // 4. Load: each route on the product, then on the baseline.
  result.load = options.load ? { runs: {}, ratios: {} } : { skipped: true };
  for (const [route, pathname] of options.load ? Object.entries(ROUTES) : []) {
    for (const [target, server] of [
      ["product", product],
      ["baseline", baseline],
    ]) {
      log(`load ${target} GET ${pathname} (${options.connections} conns, ${options.warmup}+${options.duration} s)…`);
      const r = await loadTest({
        url: `${server.url}${pathname}`,
        connections: options.connections,
        durationS: options.duration,
        warmupS: options.warmup,
      });
      result.load.runs[`${target} ${pathname}`] = r;
      log(
        `  ${Math.round(r.rps)} req/s, p50 ${r.latencyMs.p50} ms, p99 ${r.latencyMs.p99} ms, errors ${r.errors}, non-2xx ${r.non2xx}`,
      );
    }
    result.load.ratios[route] = ratios(
      result.load.runs[`product ${pathname}`],
      result.load.runs[`baseline ${pathname}`],
    );
  }
  // The landing against a static file of the same wrangler dev (issue 29's goal: a stored page is
  // answered about as fast as a file the runtime serves without the Worker).
  if (options.load) {
    log(`load product GET ${STATIC_PATH} (static file; ${options.connections} conns, ${options.warmup}+${options.duration} s)…`);
    const r = await loadTest({ url: `${product.url}${STATIC_PATH}`, connections: options.connections, durationS: options.duration, warmupS: options.warmup });
    result.load.runs[`product static ${STATIC_PATH}`] = r;
    log(`  ${Math.round(r.rps)} req/s, p50 ${r.latencyMs.p50} ms, p99 ${r.latencyMs.p99} ms, errors ${r.errors}, non-2xx ${r.non2xx}`);
    result.load.ratios.landingVsStatic = ratios(result.load.runs[`product ${ROUTES.landing}`], r);
  }
  // The Explorer section measures against the baseline too; it stops it when done.
  if (!options.explorer) await baseline?.stop();

  // 4b. Reservations/s of the real UsageMeter (reserve + commit per request), 1 and 100 users,
  // with the same load options; compared with the baseline's /api/health req/s just measured.
  if (!meter) {
    result.meter = { skipped: true };
  } else {
    try {
      if (meter.error) throw meter.error;
      result.meter = await meterThroughput({
        baseUrl: meter.url,
        counts: METER_USERS,
        connections: options.connections,
        durationS: options.duration,
        warmupS: options.warmup,
        baselineApiRps: result.load.runs?.[`baseline ${ROUTES.api}`]?.rps ?? null,
        log,
      });
    } catch (err) {
      result.meter = { error: String(err?.message ?? err).slice(0, 500) };
      log(`  usage meter failed: ${result.meter.error}`);
    }
    if (!meter.error) await meter.stop();
  }

  // 5b. SSE fan-out of the per-user usage stream (plan changes via the signed Stripe webhook).
  if (options.sse) {
    log(`SSE fan-out: 1/10/100 streams of one user, ${options.sseEvents} plan changes each…`);
    try {
      result.sse = await sseFanout({ baseUrl: product.url, events: options.sseEvents, log });
    } catch (err) {
      result.sse = { error: String(err?.message ?? err).slice(0, 500) };
      log(`  SSE fan-out failed: ${result.sse.error}`);
    }
  } else {
    result.sse = { skipped: true };
  }

  // 5b'. Explorer latency at full catalog size, interleaved with the baseline's /api/health.
  if (options.explorer) {
    log("explorer: filter + sort + page queries on the full sample catalog…");
    try {
      result.explorer = await explorerLatency({ productUrl: product.url, baselineUrl: baseline.url, log });
    } catch (err) {
      result.explorer = { error: String(err?.message ?? err).slice(0, 500) };
      log(`  explorer failed: ${result.explorer.error}`);
    }
    await baseline?.stop();
  } else {
    result.explorer = { skipped: true };
  }

  // 5c. Knowledge-base retrieval: the fixture files uploaded to a project, 30 questions, top-3 hit rate.
  if (options.retrieval) {
    log("knowledge-base retrieval: uploading tests/fixtures/knowledge-base and asking its questions…");
    try {
      result.retrieval = await retrievalQuality({ baseUrl: product.url, log });
      const r = result.retrieval;
      log(
        `  knowledge-base retrieval top-${r.top} hit rate: ${r.hits}/${r.questions} (${Math.round(r.hitRate * 100)}%), ` +
          `search p50 ${r.searchMs.p50} ms`,
      );
    } catch (err) {
      result.retrieval = { error: String(err?.message ?? err).slice(0, 500) };
      log(`  retrieval failed: ${result.retrieval.error}`);
    }
  } else {
    result.retrieval = { skipped: true };
  }

  // 5d. Drop pages (issue 14): one realistic page published through the API, its images on a local
  // HTTPS server (lib/droppage.mjs startImageServer). The `droppage` section load-tests it against
  // a static file of the same wrangler dev; the `lighthouse` section scores it (6b).
  let dropPage = null;
  let dropPageError = null;
  let images = null;
  if (options.droppage || options.lighthouse) {
    log("drop page: publishing a page (typed product, two images, buy URL)…");
    try {
      images = await startImageServer({ tmpDir: tmp });
      onCleanup(() => images.close());
      dropPage = await publishDropPage({ baseUrl: product.url, imageOrigin: images.origin, log });
    } catch (err) {
      dropPageError = String(err?.message ?? err).slice(0, 500);
      log(`  drop page failed: ${dropPageError}`);
    }
  }
  if (options.droppage) {
    if (dropPage) {
      log(
        `drop page throughput vs a static file (${options.connections} conns, ${options.warmup} s warmup + ${options.duration} s per target, interleaved)…`,
      );
      // The platform's floor: a trivial Worker with the same [assets] on its own wrangler dev
      // (tests/bench/floor), measured in the same interleaved rounds; a failure to start it only
      // drops that diagnosis line.
      let floor = null;
      try {
        const floorPorts = [];
        for (let i = 0; i < 2; i += 1) floorPorts.push(await freePort([...RESERVED_PORTS, ...ports, ...floorPorts]));
        floor = await startWrangler({
          name: "floor",
          root: ROOT,
          configPath: path.join(BENCH_DIR, "floor/wrangler.toml"),
          port: floorPorts[0],
          inspectorPort: floorPorts[1],
          persistTo: path.join(tmp, "floor-state"),
          logFile: path.join(logs, "floor.log"),
        });
      } catch (err) {
        log(`  the trivial Worker (floor) did not start: ${String(err?.message ?? err).slice(0, 300)}`);
      }
      try {
        result.droppage = await dropPageThroughput({
          baseUrl: product.url,
          page: dropPage,
          floorUrl: floor?.url ?? null,
          connections: options.connections,
          durationS: options.duration,
          warmupS: options.warmup,
          log,
        });
        log(
          `  drop page / static throughput: ${result.droppage.ratio}x; a Worker that does nothing: ${result.droppage.diagnosis.trivialWorkerRatio ?? "n/a"}x`,
        );
      } catch (err) {
        result.droppage = { error: String(err?.message ?? err).slice(0, 500) };
        log(`  drop page throughput failed: ${result.droppage.error}`);
      } finally {
        await floor?.stop();
      }
    } else {
      result.droppage = { error: dropPageError };
    }
  } else {
    result.droppage = { skipped: true };
  }

  // 6. Lighthouse on the product's landing page.
  if (options.lighthouse) {
    log(`lighthouse (${options.lighthouseDesktop ? "desktop" : "mobile"})…`);
    try {
      // Every run must meet the goal (issue 29: 100 in 5 of 5 runs), so each is kept; the
      // reported one is the worst performance score.
      const runs = [];
      for (let i = 0; i < options.landingLighthouseRuns; i += 1) {
        log(`lighthouse on the landing page (run ${i + 1}/${options.landingLighthouseRuns})…`);
        runs.push(await runLighthouse(`${product.url}/`, { desktop: options.lighthouseDesktop }));
        log(`  performance ${runs.at(-1).scores?.performance}, LCP ${runs.at(-1).metrics?.lcpMs} ms, FCP ${runs.at(-1).metrics?.fcpMs} ms`);
      }
      const worst = [...runs].sort((a, b) => (a.scores?.performance ?? 0) - (b.scores?.performance ?? 0))[0];
      result.lighthouse = { ...worst, runs: runs.map((r) => ({ scores: r.scores, metrics: r.metrics })) };
      log(`lighthouse done in ${(runs.reduce((ms, r) => ms + r.ms, 0) / 1000).toFixed(1)} s`);
    } catch (err) {
      result.lighthouse = { error: String(err?.message ?? err).slice(0, 500) };
    }
  } else {
    result.lighthouse = { skipped: true };
  }

  // 6b. Lighthouse on the published drop page, mobile (Lighthouse's default emulation) and desktop,
  // --lighthouse-runs times each; the run with the median performance score is the one reported
  // and budgeted (Lighthouse's own advice for its variability: TBT and LCP move with the machine's
  // load, the other categories do not). Chromium reaches the page on 127.0.0.1 and its images
  // through the local HTTPS server; every other host name fails to resolve (images.chromeFlags).
  if (options.lighthouse && dropPage) {
    result.droppageLighthouse = { url: dropPage.url, images: images.files, runsPerFormFactor: options.lighthouseRuns };
    for (const formFactor of ["mobile", "desktop"]) {
      const runs = [];
      let lastError = null;
      for (let i = 0; i < options.lighthouseRuns; i += 1) {
        log(`lighthouse on the drop page (${formFactor}, run ${i + 1}/${options.lighthouseRuns})…`);
        try {
          const lh = await runLighthouse(dropPage.url, {
            desktop: formFactor === "desktop",
            extraChromeFlags: images.chromeFlags,
          });
          runs.push(lh);
          log(
            `  ${Object.entries(lh.scores).map(([c, v]) => `${c} ${v}`).join(", ")}; TBT ${lh.metrics.tbtMs} ms, LCP ${lh.metrics.lcpMs} ms, ` +
              `CPU benchmark ${Math.round(lh.benchmarkIndex ?? 0)} (${(lh.ms / 1000).toFixed(1)} s)`,
          );
        } catch (err) {
          lastError = String(err?.message ?? err).slice(0, 500);
          log(`  failed: ${lastError}`);
        }
      }
      if (!runs.length) {
        result.droppageLighthouse[formFactor] = { error: lastError ?? "no run" };
        continue;
      }
      const byPerformance = [...runs].sort((a, b) => (a.scores.performance ?? -1) - (b.scores.performance ?? -1));
      result.droppageLighthouse[formFactor] = {
        ...byPerformance[Math.floor((byPerformance.length - 1) / 2)],
        allRuns: runs.map((r) => ({ scores: r.scores, metrics: r.metrics, benchmarkIndex: r.benchmarkIndex })),
      };
    }
    result.droppageLighthouse.imageRequests = [...images.requests];
  } else if (options.lighthouse) {
    result.droppageLighthouse = { error: dropPageError ?? "no drop page" };
  } else {
    result.droppageLighthouse = { skipped: true };
  }
  await images?.close();

  // 6c. Image rendering (issue 15): marketing visuals through the API, the renderer alone, bundle sizes.
  if (options.images) {
    log(`images: marketing visuals 1080×1080 and 1080×1920 (${options.imagesSamples} per size after 2 warmups), previews, renderer alone, bundle sizes…`);
    try {
      result.images = await imageRendering({ productUrl: product.url, tmpDir: tmp, logsDir: logs, samples: options.imagesSamples, log });
    } catch (err) {
      result.images = { error: String(err?.message ?? err).slice(0, 500) };
      log(`  images failed: ${result.images.error}`);
    }
  } else {
    result.images = { skipped: true };
  }

  // 6d. The soak (only with --only=soak): steady mixed traffic for --soak-minutes on this product.
  if (options.soak) {
    log(`soak: ${options.soakMinutes} min of mixed traffic on the product…`);
    try {
      result.soak = await soak({ productUrl: product.url, wranglerPid: product.pid, minutes: options.soakMinutes, log });
      log(`  soak: ${result.soak.requests} requests, ${result.soak.errors} errors; Worker RSS ${result.soak.memory.workerRssMiB.start} -> ${result.soak.memory.workerRssMiB.end} MiB`);
    } catch (err) {
      result.soak = { error: String(err?.message ?? err).slice(0, 500) };
      log(`  soak failed: ${result.soak.error}`);
    }
  } else {
    result.soak = { skipped: true };
  }

  // 6b. Chat TTFT: the offline analyst on the product as started (information), then, with the
  // product stopped, the adapter against the fake: direct vs through the product.
  if (options.chat) {
    result.chat = {};
    log(`chat: offline analyst on the product (1 warmup + ${ANALYST_QUESTIONS} questions)…`);
    try {
      result.chat.analyst = await analystTtft({ productUrl: product.url, questions: ANALYST_QUESTIONS, log });
    } catch (err) {
      result.chat.analyst = { error: String(err?.message ?? err).slice(0, 500) };
      log(`  analyst failed: ${result.chat.analyst.error}`);
    }
  }
  await product.stop();
  if (options.chat) {
    const chatServer = await chatStart;
    try {
      if (chatServer.error) throw chatServer.error;
      result.servers.chat = { url: chatServer.url, readyMs: chatServer.startMs, provider: fake.url };
      log(
        `chat: TTFT through the OpenAI-compatible adapter (fake provider: ${CHAT_PROVIDER.firstTokenDelayMs} ms to first token, ` +
          `${options.chatQuestions} questions 1 and ${options.chatConcurrency} at a time)…`,
      );
      Object.assign(
        result.chat,
        await chatOverhead({
          productUrl: chatServer.url,
          fake,
          apiKey: CHAT_PROVIDER.apiKey,
          model: CHAT_PROVIDER.model,
          questions: options.chatQuestions,
          concurrency: options.chatConcurrency,
          log,
        }),
      );
    } catch (err) {
      result.chat.error = String(err?.message ?? err).slice(0, 500);
      log(`  chat failed: ${result.chat.error}`);
    }
    if (!chatServer.error) await chatServer.stop();
    await fake?.close();
  } else {
    result.chat = { skipped: true };
  }

  result.machine.loadAvgAfter = os.loadavg();

  // 7-8. Budgets, tables, JSON.
  const checks = evaluateBudgets(result, result.budgets);
  result.checks = checks;
  result.totalMs = Date.now() - started;
  result.reportFile = writeReport(ROOT, result);
  console.log(formatReport(result, checks));
  const failed = checks.filter((c) => c.status === "fail");
  const warned = checks.filter((c) => c.status === "warn");
  if (warned.length) console.log(`WARN: ${warned.length} below aim: ${warned.map((c) => c.name).join(", ")}`);
  if (failed.length) {
    console.log(
      `FAIL: ${failed.length} budget(s) failed: ${failed.map((c) => `${c.name} = ${c.actual} (budget ${c.limit})`).join("; ")}`,
    );
    return 1;
  }
  console.log("OK: all budgets met");
  return 0;
}

function parseOptions() {
  try {
    const { values } = parseArgs({
      options: {
        "no-build": { type: "boolean", default: false },
        "no-lighthouse": { type: "boolean", default: false },
        "lighthouse-desktop": { type: "boolean", default: false },
        "lighthouse-runs": { type: "string", default: "3" },
        "landing-lighthouse-runs": { type: "string", default: "5" },
        "no-browser": { type: "boolean", default: false },
        "no-sse": { type: "boolean", default: false },
        "sse-events": { type: "string", default: "20" },
        "no-meter": { type: "boolean", default: false },
        "no-chat": { type: "boolean", default: false },
        "chat-questions": { type: "string", default: "30" },
        "chat-concurrency": { type: "string", default: "5" },
        "no-retrieval": { type: "boolean", default: false },
        "no-explorer": { type: "boolean", default: false },
        "images-samples": { type: "string", default: "20" },
        "soak-minutes": { type: "string", default: "30" },
        only: { type: "string" },
        duration: { type: "string", default: "8" },
        warmup: { type: "string", default: "2" },
        connections: { type: "string", default: "20" },
        timeout: { type: "string" },
        "keep-tmp": { type: "boolean", default: false },
      },
      strict: true,
    });
    const only = values.only === undefined ? null : values.only.split(",").map((s) => s.trim()).filter(Boolean);
    const unknown = (only ?? []).filter((s) => !SECTIONS.includes(s));
    if (only && (only.length === 0 || unknown.length)) {
      throw new Error(`--only takes a comma-separated list of ${SECTIONS.join(", ")}; got ${values.only}`);
    }
    const section = (name, flagOff = false) => !flagOff && (!only || only.includes(name));
    const soakOn = Boolean(only?.includes("soak"));
    const soakMinutes = positive(values["soak-minutes"], "--soak-minutes");
    const parsed = {
      build: !values["no-build"],
      only,
      load: section("load"),
      landing: section("landing"),
      retrieval: section("retrieval", values["no-retrieval"]),
      droppage: section("droppage"),
      images: section("images"),
      imagesSamples: Math.round(positive(values["images-samples"], "--images-samples")),
      explorer: section("explorer", values["no-explorer"]),
      lighthouse: section("lighthouse", values["no-lighthouse"]),
      lighthouseDesktop: values["lighthouse-desktop"],
      lighthouseRuns: Math.round(positive(values["lighthouse-runs"], "--lighthouse-runs")),
      landingLighthouseRuns: Math.round(positive(values["landing-lighthouse-runs"], "--landing-lighthouse-runs")),
      browser: !values["no-browser"],
      sse: section("sse", values["no-sse"]),
      sseEvents: Math.round(positive(values["sse-events"], "--sse-events")),
      meter: section("meter", values["no-meter"]),
      chat: section("chat", values["no-chat"]),
      chatQuestions: Math.round(positive(values["chat-questions"], "--chat-questions")),
      chatConcurrency: Math.round(positive(values["chat-concurrency"], "--chat-concurrency")),
      duration: positive(values.duration, "--duration"),
      warmup: nonNegative(values.warmup, "--warmup"),
      connections: Math.round(positive(values.connections, "--connections")),
      soak: soakOn,
      soakMinutes,
      // The soak's own length plus room for the build, the servers and the sections beside it.
      timeout: values.timeout === undefined ? (soakOn ? 600 + soakMinutes * 60 : 600) : positive(values.timeout, "--timeout"),
    };
    return { opts: values, options: parsed };
  } catch (err) {
    console.error(`[bench] ${err.message}`);
    console.error(
      "usage: npm run bench -- [--no-build] [--no-lighthouse] [--lighthouse-desktop] [--lighthouse-runs=3] [--landing-lighthouse-runs=5] [--no-browser] [--no-sse]\n" +
        "       [--no-meter] [--duration=8] [--warmup=2] [--connections=20] [--timeout=600] [--keep-tmp]\n" +
        "       [--sse-events=20] [--no-chat] [--chat-questions=30] [--chat-concurrency=5] [--no-retrieval] [--images-samples=20]\n" +
        "       [--soak-minutes=30]\n" +
        `       [--only=${SECTIONS.join(",")}]`,
    );
    process.exit(2);
  }
}

/** wrangler leaves an empty .wrangler/tmp beside the baseline config; drop it if empty. */
function removeEmptyDirs(...dirs) {
  for (const dir of dirs) {
    try {
      rmdirSync(dir); // fails (and is left alone) when not empty, e.g. another bench is running
    } catch {
      // missing or in use
    }
  }
}

function readBudgets() {
  return JSON.parse(readFileSync(path.join(BENCH_DIR, "budgets.json"), "utf8"));
}

function gitInfo() {
  const git = (args) => spawnSync("git", args, { cwd: ROOT, encoding: "utf8" });
  const head = git(["rev-parse", "--short", "HEAD"]);
  if (head.status !== 0) return null;
  const status = git(["status", "--porcelain"]);
  return { commit: head.stdout.trim(), dirty: status.stdout.trim().length > 0 };
}

function positive(value, name) {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, got ${value}`);
  return n;
}

function nonNegative(value, name) {
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be zero or a positive number, got ${value}`);
  return n;
}
