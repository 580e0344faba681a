// `npm test`: everything a change must pass, in order of speed, then where the time went: each
// stage's wall time and the ten slowest test files (from vitest's JSON reports in reports/tests/).
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { ensureChromium } from "./ensure-chromium.mjs";
import { bin, buildApp, runTogether, runWithin } from "./lib.mjs";

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
// The build first: the typecheck reads its server build (scripts/typecheck.mjs builds when it is
// missing, which on a fresh clone put a second build on the first stage's longest path), and the
// workerd and browser suites serve it.
await stage("Build", () => buildApp());
// tsc and eslint each keep one core busy only part of the time (reading files, waiting on each
// other's disk); the unit tests fill the gaps. Side by side the three take about the time of the
// slowest instead of the sum (ADR 016).
const [vitestBin, unitArgs] = vitest("vitest.unit.config.ts", "unit");
// The db/ query tests on an embedded libSQL file (tests/libsql/): one file, mostly waiting on the
// database file, so it rides along with the unit tests instead of adding a stage.
const [, libsqlArgs] = vitest("vitest.libsql.config.ts", "libsql");
await stage("Typecheck, lint, unit and libSQL tests (side by side)", () =>
  runTogether([
    { label: "typecheck", cmd: "npm", args: ["run", "-s", "typecheck"] },
    { label: "lint", cmd: "npm", args: ["run", "-s", "lint"] },
    { label: "unit", cmd: vitestBin, args: unitArgs },
    { label: "libsql", cmd: vitestBin, args: libsqlArgs },
  ]),
);
// Limits well above a slow run (workerd 4:01, browser 14:46 at their slowest on the 2-core
// machine) that turn a hang into a failure naming the files and tests still running (ADR 016).
// A hung workerd stage runs once more (ninth pass); a failing test fails it either way.
await stage("Integration tests (workerd: API, D1, Durable Objects)", () =>
  runWithin(...vitest("vitest.workers.config.ts", "workers"), {
    limitMs: 8 * 60_000,
    inFlightFile: `${REPORTS}/workers-in-flight.json`,
    againAfterHang: true,
  }),
);
await stage("Browser tests (Chromium against wrangler dev)", () =>
  runWithin(...vitest("vitest.e2e.config.ts", "e2e"), { limitMs: 40 * 60_000, inFlightFile: `${REPORTS}/e2e-in-flight.json` }),
);
console.log("\n✔ All checks passed");

function printTimes(code) {
  // A failing command exits from inside its stage: count the stage up to there.
  if (current) stages.push({ name: `${current.name} (failed)`, ms: Date.now() - current.started });
  const total = stages.reduce((sum, s) => sum + s.ms, 0);
  console.log(`\n━━ Where the time went (${code === 0 ? "passed" : "failed"}, ${minutes(total)} in all)`);
  for (const s of stages) console.log(`  ${minutes(s.ms).padStart(8)}  ${s.name}`);
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
