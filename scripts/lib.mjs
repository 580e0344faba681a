// Shared helpers for the npm scripts: run commands with the offline wrangler flags set.
import { spawn, spawnSync } from "node:child_process";
import { pipeServerOutput } from "./terminal.mjs";

export const OFFLINE_ENV = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  // Keep wrangler's update check and telemetry quiet on a closed network.
  WRANGLER_LOG: process.env.WRANGLER_LOG ?? "warn",
  NO_UPDATE_NOTIFIER: "1",
};

export function run(cmd, args, { env = OFFLINE_ENV, quiet = false } = {}) {
  const res = spawnSync(cmd, args, { stdio: quiet ? "pipe" : "inherit", env, shell: false });
  if (res.status !== 0) {
    if (quiet) process.stderr.write(res.stdout?.toString() ?? "", res.stderr?.toString() ?? "");
    console.error(`\n✖ ${cmd} ${args.join(" ")} failed (exit ${res.status ?? res.signal})`);
    process.exit(res.status ?? 1);
  }
  return res;
}

export function bin(name) {
  return `node_modules/.bin/${name}`;
}

export function startBackground(cmd, args, { env = OFFLINE_ENV } = {}) {
  return spawn(cmd, args, { stdio: "inherit", env });
}

/**
 * The Workers `wrangler dev` runs together: the app first (it gets the port), then the Workers
 * its service bindings reach (the documents Worker reads PDF and DOCX text; the images Worker
 * renders SVG to PNG).
 */
export const WORKER_CONFIGS = ["wrangler.toml", "workers/documents/wrangler.toml", "workers/images/wrangler.toml"];
export const WORKER_CONFIG_ARGS = WORKER_CONFIGS.flatMap((config) => ["-c", config]);

/**
 * `wrangler dev` on 127.0.0.1 with its output made readable (scripts/terminal.mjs): a ready
 * banner, emailed links, warnings and errors; DROPCRAFT_VERBOSE=1 shows everything.
 */
export function startServer(port) {
  // DEV_TOOLS=on: the local email outbox, the free test checkout and request-origin links.
  // --test-scheduled: the catalog refresh cron runs on demand at /__scheduled (see the ready banner).
  const args = ["dev", ...WORKER_CONFIG_ARGS, "--ip", "127.0.0.1", "--port", String(port), "--var", "DEV_TOOLS:on", "--test-scheduled"];
  const child = spawn(bin("wrangler"), args, {
    stdio: ["inherit", "pipe", "pipe"],
    // "log" is the level at which the Worker's own console.log lines (our JSON logs) appear.
    env: { ...OFFLINE_ENV, WRANGLER_LOG: "log" },
  });
  const options = { verbose: process.env.DROPCRAFT_VERBOSE === "1" };
  pipeServerOutput(child.stdout, process.stdout, options);
  pipeServerOutput(child.stderr, process.stderr, options);
  return child;
}
