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

async function stop() {
  await Promise.allSettled(workers.map((w) => w.dispose()));
  process.exit(0);
}
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
