// Starts the built product under `wrangler dev` on a free loopback port with its own local
// state, for browser tests and the benchmark. Resolves once /api/health answers.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

const OFFLINE = { WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false", NO_UPDATE_NOTIFIER: "1" };

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** The Workers the product's service bindings reach, run beside the app in the same `wrangler dev`. */
export const COMPANION_CONFIGS = ["workers/documents/wrangler.toml", "workers/images/wrangler.toml"];

/** Runs a command to its end; rejects with its output when it fails. */
function runToEnd(cmd, args, env, what) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`${what} failed:\n${output}`))));
  });
}

export async function startWorker({ config = "wrangler.toml", vars = {}, migrate = true, seed = config === "wrangler.toml", label = "app" } = {}) {
  const port = await freePort();
  const stateDir = mkdtempSync(path.join(tmpdir(), `dropcraft-${label}-`));
  const env = { ...process.env, ...OFFLINE };
  // The product's own state in one process (the seed script applies the migrations as wrangler
  // does, through the same local database, then seeds as `npm start` does); another config's
  // migrations through wrangler's command line.
  if (migrate && seed) await runToEnd("node", ["scripts/seed.mjs", `--persist-to=${stateDir}`, "--migrate"], env, "migrations and seeding");
  else if (migrate) {
    await runToEnd("node_modules/.bin/wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", stateDir, "-c", config], env, "migrations");
  }
  // The suite drives the dev outbox and test checkout, which only a local run turns on.
  const registry = mkdtempSync(path.join(tmpdir(), `dropcraft-${label}-registry-`));
  const settings = { configs: [config, ...companionConfigs(config)], port, persist: stateDir, registry, vars: { DEV_TOOLS: "on", ...vars } };
  // `wrangler dev` with its inspector off (dev-workers.mjs says why).
  const child = spawn("node", [path.join(import.meta.dirname, "dev-workers.mjs"), JSON.stringify(settings)], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  // E2E_SERVER_LOG=<file> keeps wrangler's output (request logs included) for a failing run.
  if (process.env.E2E_SERVER_LOG) {
    const { appendFileSync } = await import("node:fs");
    for (const stream of [child.stdout, child.stderr]) stream.on("data", (d) => appendFileSync(process.env.E2E_SERVER_LOG, d));
  }
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited early:\n${output}`);
    try {
      const res = await fetch(`${baseURL}/api/health`);
      if (res.ok || res.status === 404) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      stop();
      throw new Error(`wrangler dev did not become ready in 60 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  function stop() {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // already gone
    }
    rmSync(stateDir, { recursive: true, force: true });
    rmSync(registry, { recursive: true, force: true });
  }
  // The server's esbuild is paused (dev-workers.mjs), so a source edit no longer reloads it; a
  // config file edit still does, and a POST in flight then gets its proxy's 503 "worker restarted mid-request".
  const reloads = () => output.split("Reloading local server").length - 1;
  return { baseURL, stop, output: () => output, reloads };
}

/** The companion Workers when `config` is the product's (documents: PDF and DOCX text; images: SVG to PNG). */
function companionConfigs(config) {
  return path.resolve(config) === path.resolve("wrangler.toml") ? COMPANION_CONFIGS : [];
}
