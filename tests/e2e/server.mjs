// Starts the built product under `wrangler dev` on a free loopback port with its own local
// state, for browser tests and the benchmark. Resolves once /api/health answers.
import { spawn, spawnSync } from "node:child_process";
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

export async function startWorker({ config = "wrangler.toml", vars = {}, migrate = true, seed = config === "wrangler.toml", label = "app" } = {}) {
  const port = await freePort();
  const stateDir = mkdtempSync(path.join(tmpdir(), `dropcraft-${label}-`));
  const env = { ...process.env, ...OFFLINE };
  if (migrate) {
    const res = spawnSync(
      "node_modules/.bin/wrangler",
      ["d1", "migrations", "apply", "DB", "--local", "--persist-to", stateDir, "-c", config],
      { env, encoding: "utf8" },
    );
    if (res.status !== 0) throw new Error(`migrations failed:\n${res.stdout}\n${res.stderr}`);
    // The seed accounts and the sample market catalog, as `npm start` has them.
    if (seed) {
      const seeded = spawnSync("node", ["scripts/seed.mjs", `--persist-to=${stateDir}`], { env, encoding: "utf8" });
      if (seeded.status !== 0) throw new Error(`seeding failed:\n${seeded.stdout}\n${seeded.stderr}`);
    }
  }
  // The suite drives the dev outbox and test checkout, which only a local run turns on.
  const varArgs = Object.entries({ DEV_TOOLS: "on", ...vars }).flatMap(([k, v]) => ["--var", `${k}:${v}`]);
  const child = spawn(
    "node_modules/.bin/wrangler",
    ["dev", "-c", config, ...companionArgs(config), "--ip", "127.0.0.1", "--port", String(port), "--persist-to", stateDir, "--inspector-port", String(await freePort()), ...varArgs],
    { env, stdio: ["ignore", "pipe", "pipe"], detached: true },
  );
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
  }
  // wrangler dev watches the Worker's sources: an edit during a run reloads it, and a POST in
  // flight then gets its proxy's 503 "worker restarted mid-request".
  const reloads = () => output.split("Reloading local server").length - 1;
  return { baseURL, stop, output: () => output, reloads };
}

/** `-c` for each companion Worker when `config` is the product's (documents: PDF and DOCX text; images: SVG to PNG). */
function companionArgs(config) {
  return path.resolve(config) === path.resolve("wrangler.toml") ? COMPANION_CONFIGS.flatMap((c) => ["-c", c]) : [];
}
