// `npm test`: everything a change must pass, in order of speed, then where the time went: each
// stage's wall time and the ten slowest test files (from vitest's JSON reports in reports/tests/).
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { ensureChromium } from "./ensure-chromium.mjs";
import { prepareState } from "../tests/e2e/server.mjs";
import { bin, buildApp, exitOnFailure, OFFLINE_ENV, runTogether, runWithin, startLabelled } from "./lib.mjs";

const REPORTS = "reports/tests";
rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });

const stages = [];
let current = null;
async function stage(name, work) {
  console.log(`\n━━ ${name}`);
  current = { name, started: Date.now() };
  await work();
  stages.push({ name, ms: Date.now() - current.started });
  current = null;
}
const vitest = (config, report) => [
  bin("vitest"),
  [
    "run",
    "-c",
    config,
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${REPORTS}/${report}.json`,
    "--reporter=./scripts/in-flight-reporter.mjs",
  ],
];

ensureChromium();
process.on("exit", (code) => printTimes(code));
const [vitestBin, unitArgs] = vitest("vitest.unit.config.ts", "unit");
// The db/ query tests on an embedded libSQL file (tests/libsql/): one file, mostly waiting on the
// database file, so it rides along with the unit tests instead of adding a stage.
const [, libsqlArgs] = vitest("vitest.libsql.config.ts", "libsql");
// tsc is one thread for about two minutes: started first, it runs beside the stages after it and
// ends during the workerd suite, which leaves part of a core idle (ADR 016). Its result is awaited
// before the browser tests.
const beside = [];
const typecheck = startLabelled({ label: "typecheck", cmd: "npm", args: ["run", "-s", "typecheck"] }).then((result) => {
  beside.push({ name: "Typecheck", ms: result.ms });
  return result;
});
// eslint keeps one core busy only part of the time; the unit tests fill the gaps.
await stage("Lint, unit and libSQL tests (side by side; the typecheck beside them and the next stages)", () =>
  runTogether([
    { label: "lint", cmd: "npm", args: ["run", "-s", "lint"] },
    { label: "unit", cmd: vitestBin, args: unitArgs },
    { label: "libsql", cmd: vitestBin, args: libsqlArgs },
  ]),
);
await stage("Build", () => buildApp());
// The browser suite's server state (migrations, seed accounts, the sample catalog: about 30 s of
// one core) is prepared beside the workerd suite for the same reason.
const preparing = Date.now();
const e2eState = prepareState({ label: "e2e" }).then(
  (dir) => {
    beside.push({ name: "The browser suite's server state", ms: Date.now() - preparing });
    // The browser suite's server removes it when it stops; a run that ends before it did leaves none behind.
    process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
    return { dir };
  },
  (error) => ({ error }),
);
// Limits far above a slow run (workerd 3:44, browser 18:13 at their slowest on the 2-core
// machine) that turn a hang into a failure naming the files and tests still running (ADR 016).
await stage("Integration tests (workerd: API, D1, Durable Objects)", () =>
  runWithin(...vitest("vitest.workers.config.ts", "workers"), { limitMs: 12 * 60_000, inFlightFile: `${REPORTS}/workers-in-flight.json` }),
);
await stage("Typecheck and the browser suite's server state (what was left of them)", async () => {
  exitOnFailure([await typecheck]);
  const { error } = await e2eState;
  if (error) {
    console.error(`\n✖ preparing the browser suite's server state failed: ${error.message}`);
    process.exit(1);
  }
});
await stage("Browser tests (Chromium against wrangler dev)", async () =>
  runWithin(...vitest("vitest.e2e.config.ts", "e2e"), {
    limitMs: 40 * 60_000,
    inFlightFile: `${REPORTS}/e2e-in-flight.json`,
    env: { ...OFFLINE_ENV, E2E_PREPARED_STATE: (await e2eState).dir },
  }),
);
console.log("\n✔ All checks passed");

function printTimes(code) {
  // A failing command exits from inside its stage: count the stage up to there.
  if (current) stages.push({ name: `${current.name} (failed)`, ms: Date.now() - current.started });
  const total = stages.reduce((sum, s) => sum + s.ms, 0);
  console.log(`\n━━ Where the time went (${code === 0 ? "passed" : "failed"}, ${minutes(total)} in all)`);
  for (const s of stages) console.log(`  ${minutes(s.ms).padStart(8)}  ${s.name}`);
  if (beside.length) console.log("  Beside those stages:");
  for (const s of beside) console.log(`  ${minutes(s.ms).padStart(8)}  ${s.name}`);
  const files = ["unit", "libsql", "workers", "e2e"].flatMap((suite) => {
    try {
      const report = JSON.parse(readFileSync(`${REPORTS}/${suite}.json`, "utf8"));
      return report.testResults.map((r) => ({ suite, file: r.name.replace(`${process.cwd()}/`, ""), ms: r.endTime - r.startTime }));
    } catch {
      return [];
    }
  });
  if (!files.length) return;
  console.log("  Ten slowest test files:");
  for (const f of files.sort((a, b) => b.ms - a.ms).slice(0, 10)) console.log(`  ${minutes(f.ms).padStart(8)}  ${f.suite.padEnd(7)} ${f.file}`);
}

function minutes(ms) {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, "0")}s`;
}
