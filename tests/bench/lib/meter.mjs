// Reservations per second of the per-user UsageMeter Durable Object, through the bench's meter
// Worker (tests/bench/meter/): each GET /reserve?users=N is one reserve() + commit() round-trip
// on the real object of one of users 1..N (round-robin), so req/s = reservations/s. N = 1 puts
// every request on one object (one user's tabs and AI calls racing); N = 100 spreads them.
/* global AbortSignal */
import { loadTest, round } from "./load.mjs";

/**
 * Seeds users 1..max(counts) in the meter Worker's D1, then load-tests /reserve for each count.
 * Returns { counter, runs: { [n]: { users, reservationsPerSecond, ratioToBaselineApi, ...loadTest } } }.
 */
export async function meterThroughput({
  baseUrl,
  counts = [1, 100],
  connections,
  durationS,
  warmupS,
  baselineApiRps = null,
  log = () => {},
}) {
  const setup = await fetch(`${baseUrl}/setup?users=${Math.max(...counts)}`, {
    method: "POST",
    signal: AbortSignal.timeout(15_000),
  });
  const setupText = await setup.text();
  if (setup.status !== 200) throw new Error(`meter: POST /setup answered ${setup.status}: ${setupText.slice(0, 300)}`);
  const runs = {};
  for (const n of counts) {
    log(`meter GET /reserve?users=${n} (${connections} conns, ${warmupS}+${durationS} s)…`);
    const r = await loadTest({ url: `${baseUrl}/reserve?users=${n}`, connections, durationS, warmupS });
    runs[n] = {
      users: n,
      reservationsPerSecond: r.rps,
      ratioToBaselineApi: baselineApiRps ? round(r.rps / baselineApiRps, 3) : null,
      ...r,
    };
    log(
      `  ${Math.round(r.rps)} reservations/s, p50 ${r.latencyMs.p50} ms, p99 ${r.latencyMs.p99} ms, errors ${r.errors}, non-2xx ${r.non2xx}`,
    );
  }
  return { counter: "queries", baselineApiRps, runs };
}
