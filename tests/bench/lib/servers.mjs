// Builds the app, applies D1 migrations and starts `wrangler dev` servers on 127.0.0.1 for the
// bench. Every process started here is tracked so `stopAll()` can end it (and its children)
// on success, on errors and on signals; nothing else is ever killed.
/* global AbortSignal */
import { spawn } from "node:child_process";
import { createWriteStream, existsSync, readFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";

/** Environment for every wrangler/remix call: no metrics, no Request.cf fetch, no update check. */
export const OFFLINE_ENV = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  NO_UPDATE_NOTIFIER: "1",
  FORCE_COLOR: "0",
};

/** Worker configs started beside the product's (the documents Worker reads PDF and DOCX text). */
export const PRODUCT_COMPANION_CONFIGS = ["workers/documents/wrangler.toml", "workers/images/wrangler.toml"];

/** Child processes (each the leader of its own process group) and cleanup callbacks. */
const tracked = new Set();
const cleanups = new Set();

/** Registers an async cleanup (a browser to close, say) that `stopAll()` runs. */
export function onCleanup(fn) {
  cleanups.add(fn);
  return () => cleanups.delete(fn);
}

/** A TCP port that is free on 127.0.0.1 right now. */
export function freePort(exclude = []) {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => (exclude.includes(port) ? freePort(exclude).then(resolve, reject) : resolve(port)));
    });
  });
}

/**
 * Runs a command to completion, output captured into `logFile` (and kept in memory for errors).
 * Resolves with { code, output, ms }; rejects only when the command cannot start or times out.
 */
export function runCommand(cmd, args, { cwd, logFile, timeoutMs = 120_000, env = OFFLINE_ENV } = {}) {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const child = spawn(cmd, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
    tracked.add(child);
    const log = logFile ? createWriteStream(logFile, { flags: "a" }) : null;
    log?.write(`$ ${cmd} ${args.join(" ")}\n`);
    let output = "";
    const onData = (chunk) => {
      output += chunk;
      log?.write(chunk);
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    const timer = setTimeout(() => {
      killGroup(child, "SIGKILL");
      reject(new Error(`${path.basename(cmd)} ${args.join(" ")} timed out after ${timeoutMs} ms`));
    }, timeoutMs);
    child.on("error", (err) => {
      clearTimeout(timer);
      tracked.delete(child);
      reject(err);
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      tracked.delete(child);
      log?.end();
      resolve({ code: code ?? (signal ? 128 : 1), output, ms: Date.now() - started });
    });
  });
}

/** `remix build`; resolves with { ok, ms, output }. */
export async function buildApp(root, logFile) {
  const res = await runCommand(path.join(root, "node_modules/.bin/remix"), ["build"], { cwd: root, logFile });
  return { ok: res.code === 0, ms: res.ms, output: res.output };
}

/** Reads `mode` ("production" or "development") from the server build the Worker imports. */
export function serverBuildInfo(root) {
  const file = path.join(root, "build/server/index.js");
  if (!existsSync(file)) return { exists: false, mode: null };
  const head = readFileSync(file, "utf8");
  const mode = /\bvar mode = "(\w+)"/.exec(head)?.[1] ?? /\bmode = "(\w+)"/.exec(head)?.[1] ?? "unknown";
  return { exists: true, mode };
}

/**
 * Applies the D1 migrations of binding DB into the bench's own state dir: the product's
 * (root wrangler.toml), or those of the Worker config at `configPath` (its migrations_dir).
 */
export async function applyMigrations(root, persistTo, logFile, { configPath } = {}) {
  const args = ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo];
  if (configPath) args.push("-c", configPath);
  const res = await runCommand(path.join(root, "node_modules/.bin/wrangler"), args, {
    cwd: root,
    logFile,
    env: { ...OFFLINE_ENV, CI: "true" },
  });
  if (res.code !== 0) throw new Error(`D1 migrations failed (exit ${res.code}):\n${tail(res.output)}`);
  return { ms: res.ms };
}

/**
 * Starts `wrangler dev` on 127.0.0.1:`port` and waits until GET /api/health answers 200.
 * `vars` ({ NAME: value }) are passed as `--var NAME:value`, on top of the config's [vars].
 * Returns { name, url, port, pid, startMs, stop() }.
 */
export async function startWrangler({
  name,
  root,
  configPath,
  port,
  inspectorPort,
  persistTo,
  logFile,
  vars = {},
  readyTimeoutMs = 60_000,
}) {
  const args = ["dev"];
  if (configPath) args.push("-c", configPath);
  // The product (root wrangler.toml) runs with the Workers its service bindings reach.
  else args.push("-c", "wrangler.toml", ...PRODUCT_COMPANION_CONFIGS.flatMap((config) => ["-c", config]));
  args.push(
    "--ip",
    "127.0.0.1",
    "--port",
    String(port),
    "--inspector-port",
    String(inspectorPort),
    "--persist-to",
    persistTo,
    "--show-interactive-dev-session=false",
    "--log-level",
    "warn",
  );
  // The bench signs users up through the dev outbox and checkout, which a local run turns on.
  for (const [key, value] of Object.entries({ DEV_TOOLS: "on", ...vars })) args.push("--var", `${key}:${value}`);
  const started = Date.now();
  const child = spawn(path.join(root, "node_modules/.bin/wrangler"), args, {
    cwd: root,
    env: OFFLINE_ENV,
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group, so stopping it also stops the workerd it spawns.
    detached: true,
  });
  tracked.add(child);
  const log = createWriteStream(logFile, { flags: "a" });
  log.write(`$ wrangler ${args.join(" ")}\n`);
  let recent = "";
  const onData = (chunk) => {
    log.write(chunk);
    recent = (recent + chunk).slice(-4000);
  };
  child.stdout.on("data", onData);
  child.stderr.on("data", onData);
  let exited = null;
  child.on("close", (code, signal) => {
    exited = { code, signal };
    tracked.delete(child);
    log.end();
  });

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (exited) {
      throw new Error(`${name}: wrangler dev exited (${exited.code ?? exited.signal}) before ready:\n${tail(recent)}`);
    }
    if (Date.now() > deadline) {
      await stopChild(child);
      throw new Error(`${name}: /api/health not ready after ${readyTimeoutMs} ms:\n${tail(recent)}`);
    }
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  return {
    name,
    url,
    port,
    pid: child.pid,
    startMs: Date.now() - started,
    logFile,
    stop: () => stopChild(child),
  };
}

/** Stops one tracked child: SIGTERM to its group, SIGKILL after a grace period. */
export async function stopChild(child, graceMs = 4000) {
  if (child.exitCode !== null || child.signalCode !== null) {
    tracked.delete(child);
    return;
  }
  const closed = new Promise((resolve) => child.once("close", resolve));
  killGroup(child, "SIGTERM");
  const timedOut = await Promise.race([closed.then(() => false), sleep(graceMs).then(() => true)]);
  if (timedOut) {
    killGroup(child, "SIGKILL");
    await Promise.race([closed, sleep(1000)]);
  }
  // workerd may outlive wrangler for a moment; make sure nothing in the group survives.
  killGroup(child, "SIGKILL");
  tracked.delete(child);
}

/** Runs registered cleanups, then stops every tracked process. Safe to call more than once. */
export async function stopAll() {
  const fns = [...cleanups];
  cleanups.clear();
  await Promise.allSettled(fns.map((fn) => fn()));
  await Promise.allSettled([...tracked].map((child) => stopChild(child)));
}

/** Synchronous last resort for process 'exit': SIGKILL every group still tracked. */
export function killAllSync() {
  for (const child of tracked) killGroup(child, "SIGKILL");
  tracked.clear();
}

function killGroup(child, signal) {
  if (!child.pid) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      // already gone
    }
  }
}

/** compatibility_date / compatibility_flags of a wrangler.toml, for the drift check. */
export function readCompat(tomlFile) {
  const text = readFileSync(tomlFile, "utf8");
  return {
    date: /^compatibility_date\s*=\s*"([^"]+)"/m.exec(text)?.[1] ?? null,
    flags: /^compatibility_flags\s*=\s*(\[[^\]]*\])/m.exec(text)?.[1]?.replace(/\s+/g, "") ?? "[]",
  };
}

export function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function tail(text, lines = 25) {
  return text.split("\n").slice(-lines).join("\n");
}
