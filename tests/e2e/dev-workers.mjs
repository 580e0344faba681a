// The test server's `wrangler dev`, through wrangler's own dev API (`unstable_startWorker`, what the
// `wrangler dev` command runs) instead of its command line, for one setting the command has no flag
// for: the inspector off. `wrangler dev` always attaches a DevTools inspector to the Worker and
// forwards every inspector event (each subrequest's network events, each D1 answer's body) to its
// own node process as a debug log line, written to a file: about a tenth of a core through a
// browser suite, for a debugger no test opens (ADR 016). The Worker's console lines (our JSON
// request logs) still print, from workerd's own output.
//
// One dev session per config; the app's service bindings reach the companion Workers through a
// dev registry of this server's own (not the machine's, so a developer's `npm start` is never bound).
// Usage: node tests/e2e/dev-workers.mjs '{"configs":[...],"port":8787,"persist":"<dir>","registry":"<dir>","vars":{...}}'
import { execFileSync } from "node:child_process";
import { unstable_startWorker as startWorker } from "wrangler";

const { configs, port, persist, registry, vars } = JSON.parse(process.argv[2]);
const [app, ...companions] = configs;
// Only the app keeps state: each dev session runs its own workerd, and two on one directory lock
// each other's SQLite files (the companions keep nothing).
const dev = (serverPort, keep) => ({ inspector: false, persist: keep ? persist : false, registry, logLevel: "log", server: { hostname: "127.0.0.1", port: serverPort } });

const workers = [];
// The companions first, so the app's bindings find them registered.
for (const config of companions) workers.push(await startWorker({ config, dev: dev(0, false) }));
workers.push(
  await startWorker({
    config: app,
    bindings: Object.fromEntries(Object.entries(vars).map(([name, value]) => [name, { type: "plain_text", value }])),
    dev: dev(port, true),
  }),
);
await Promise.all(workers.map((w) => w.ready));
// `ready` is the dev proxy's; each Worker is bundled and started after it. Any answer from each
// says its own runtime is up (the proxy holds a request until then).
await Promise.all(workers.map(async (w) => (await fetch(await w.url)).body?.cancel()));

// wrangler's dev bundler always runs esbuild in watch mode, and esbuild watches by polling the
// bundles' thousands of source files: about 6 % of a core for as long as the server runs, which
// this one spends serving a single build (an edit mid-run would only reload it under the tests).
// The esbuild service is paused once the Workers are up, and ended with them.
const esbuild = execFileSync("ps", ["-o", "pid=,comm=", "--ppid", String(process.pid)], { encoding: "utf8" })
  .split("\n")
  .map((line) => line.trim().split(/\s+/))
  .filter(([, comm]) => comm === "esbuild")
  .map(([pid]) => Number(pid));
for (const pid of esbuild) process.kill(pid, "SIGSTOP");

// A paused process takes no signal but SIGKILL. wrangler's own signal handlers may end this
// process first, so the esbuild service is ended on the way out whatever ends it.
process.on("exit", () => {
  for (const pid of esbuild) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
});

async function stop() {
  await Promise.allSettled(workers.map((w) => w.dispose()));
  process.exit(0);
}
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
