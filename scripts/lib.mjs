// Shared helpers for the npm scripts: run commands with the offline wrangler flags set.
import { spawn, spawnSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
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

/** Calls `onLine` with each whole line of a child's output (UTF-8 kept whole across chunks). */
function eachLine(stream, onLine) {
  stream.setEncoding("utf8");
  let rest = "";
  stream.on("data", (chunk) => {
    const lines = (rest + chunk).split("\n");
    rest = lines.pop();
    for (const line of lines) onLine(line);
  });
  stream.on("end", () => rest && onLine(rest));
}

/**
 * Runs commands side by side, each line of their output prefixed with its label; resolves when all
 * have passed, exits with the first failure's code once all have ended.
 */
export async function runTogether(commands, { env = OFFLINE_ENV } = {}) {
  const results = await Promise.all(
    commands.map(
      ({ label, cmd, args }) =>
        new Promise((resolve) => {
          const child = spawn(cmd, args, { stdio: ["ignore", "pipe", "pipe"], env });
          for (const [from, to] of [[child.stdout, process.stdout], [child.stderr, process.stderr]]) {
            eachLine(from, (line) => to.write(`[${label}] ${line}\n`));
          }
          child.on("close", (code, signal) => resolve({ label, cmd, args, code: code ?? 1, signal }));
        }),
    ),
  );
  const failed = results.find((r) => r.code !== 0);
  if (failed) {
    console.error(`\n✖ ${failed.label} (${failed.cmd} ${failed.args.join(" ")}) failed (exit ${failed.signal ?? failed.code})`);
    process.exit(failed.code);
  }
}

/**
 * Runs a test command with a time limit. A test that spins the JavaScript thread blocks vitest's
 * own per-test timeout (the timer never fires), so the run would wait for CI's 90 minutes: past
 * `limitMs` the whole process group is killed and the files and tests still running are named
 * (from `inFlightFile`, kept by scripts/in-flight-reporter.mjs). Output passes through as it comes.
 */
export async function runWithin(cmd, args, { limitMs, inFlightFile, env = OFFLINE_ENV, againAfterHang = false }) {
  let code = await runOnce(cmd, args, { limitMs, inFlightFile, env });
  if (code === HUNG && againAfterHang) {
    // The workerd stage has hung this way a few times in many runs, each time in another file that
    // passes alone, with workerd spinning a core (ADR 016): the whole stage runs once more, every
    // test in it again, and the hang above stays in the output.
    console.error(`\n⚠ The run hung (named above). Running the whole stage once more.\n`);
    code = await runOnce(cmd, args, { limitMs, inFlightFile, env });
    if (code === 0) console.error(`\n⚠ The stage passed on its second run after a hang: see the files named above.\n`);
  }
  if (code !== 0) {
    if (code !== HUNG) console.error(`\n✖ ${cmd} ${args.join(" ")} failed (exit ${code})`);
    process.exit(code);
  }
}

/** The exit code of a run stopped at its time limit (as `timeout` reports it). */
const HUNG = 124;

function runOnce(cmd, args, { limitMs, inFlightFile, env }) {
  return new Promise((resolve) => {
    rmSync(inFlightFile, { force: true });
    const child = spawn(cmd, args, { stdio: ["ignore", "inherit", "inherit"], env: { ...env, IN_FLIGHT_FILE: inFlightFile }, detached: true });
    const timer = setTimeout(() => {
      console.error(
        `\n✖ ${cmd} ${args.join(" ")} was still running after ${Math.round(limitMs / 60_000)} min and was stopped.\n` +
          describeInFlight(inFlightFile),
      );
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // already gone
      }
      resolve(HUNG);
    }, limitMs);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

/** What was running when a run was stopped: one of these hung, the others may have waited behind it. */
function describeInFlight(file) {
  let files;
  try {
    files = JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return "  No test file had started.";
  }
  if (!files.length) return "  Every test file had finished.";
  const ago = (ms) => `${Math.round((Date.now() - ms) / 1000)} s ago`;
  const lines = files.map((f) =>
    [
      `    ${f.file} (started ${ago(f.since)})`,
      f.running ? `      running: ${f.running.name} (started ${ago(f.running.since)})` : null,
      `      last finished: ${f.lastFinished ? `${f.lastFinished.name} (${ago(f.lastFinished.at)})` : "none"}`,
    ]
      .filter(Boolean)
      .join("\n"),
  );
  return `  Test files still running (the hung test is the one running, or the next after the last finished):\n${lines.join("\n")}`;
}

export function bin(name) {
  return `node_modules/.bin/${name}`;
}

/**
 * The Worker's generated Env types. They live in workers/, not at wrangler's default path: `wrangler
 * dev` compares each of the three configs it serves with the file at the default path, so the two
 * companion Workers always read as "out of date" there (ADR 016). Regenerated by every build.
 */
export const WORKER_TYPES_FILE = "workers/worker-configuration.d.ts";

export function generateWorkerTypes() {
  run(bin("wrangler"), ["types", "--include-runtime=false", WORKER_TYPES_FILE], { quiet: true });
}

/** `npm run build`: the Remix build the Worker serves, and the Env types kept current with wrangler.toml. */
export function buildApp() {
  run(bin("remix"), ["build"], { quiet: true });
  generateWorkerTypes();
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
