// Explorer query latency at full catalog size (5,100 products): a paid bench user pages through
// the Explorer with filters, sorts and searches (GET /api/catalog/products), one request at a
// time, interleaved with the baseline Worker's /api/health under the same wrangler dev, so the
// ratio holds whatever the machine's load. Every answer must be a 200 with products in it.
import http from "node:http";
import { performance } from "node:perf_hooks";
import { createBenchUser, requestJson } from "./bench-api.mjs";
import { EXPLORER_QUERIES } from "./explorer-queries.mjs";
import { percentile, round } from "./load.mjs";

export async function explorerLatency({ productUrl, baselineUrl, rounds = 30, log = () => {} }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const product = new URL(productUrl);
  const baseline = new URL(baselineUrl);
  const user = await createBenchUser(product, agent, { prefix: "explorer", paid: true });
  const auth = { authorization: `Bearer ${user.token}` };
  const explorerMs = [];
  const baselineMs = [];
  // The product API's own fixed cost (session, plan and routing) on a signed-in read of one small
  // row set, timed in the same rounds: what no Explorer query can go below.
  const floorMs = [];
  let errors = 0;
  const timed = async (fn) => {
    const started = performance.now();
    const res = await fn();
    return { res, ms: performance.now() - started };
  };
  // Warm both servers once.
  await requestJson(product, agent, "GET", EXPLORER_QUERIES[0], { headers: auth });
  await requestJson(baseline, agent, "GET", "/api/health");
  for (let round_ = 0; round_ < rounds; round_ += 1) {
    for (const query of EXPLORER_QUERIES) {
      const e = await timed(() => requestJson(product, agent, "GET", query, { headers: auth }));
      if (e.res.status !== 200 || !Array.isArray(e.res.json?.data) || e.res.json.data.length === 0) errors += 1;
      explorerMs.push(e.ms);
      const b = await timed(() => requestJson(baseline, agent, "GET", "/api/health"));
      if (b.res.status !== 200) errors += 1;
      baselineMs.push(b.ms);
      const f = await timed(() => requestJson(product, agent, "GET", "/api/catalog/saved-lists", { headers: auth }));
      if (f.res.status !== 200) errors += 1;
      floorMs.push(f.ms);
    }
  }
  agent.destroy();
  explorerMs.sort((a, b) => a - b);
  baselineMs.sort((a, b) => a - b);
  floorMs.sort((a, b) => a - b);
  const result = {
    requests: explorerMs.length,
    errors,
    catalogProducts: null,
    explorer: { p50Ms: round(percentile(explorerMs, 50), 1), p99Ms: round(percentile(explorerMs, 99), 1) },
    baseline: { p50Ms: round(percentile(baselineMs, 50), 1), p99Ms: round(percentile(baselineMs, 99), 1) },
    apiFloor: { route: "/api/catalog/saved-lists", p50Ms: round(percentile(floorMs, 50), 1), p99Ms: round(percentile(floorMs, 99), 1) },
  };
  const total = await requestJson(product, agent, "GET", "/api/catalog/products?source=sample&pageSize=1", { headers: auth }).catch(() => null);
  result.catalogProducts = total?.json?.total ?? null;
  result.p50Ratio = round(result.explorer.p50Ms / result.baseline.p50Ms, 2);
  result.p99Ratio = round(result.explorer.p99Ms / result.baseline.p99Ms, 2);
  log(
    `  explorer p50 ${result.explorer.p50Ms} ms, p99 ${result.explorer.p99Ms} ms over ${result.requests} queries on ${result.catalogProducts} products; ` +
      `baseline p50 ${result.baseline.p50Ms} ms, p99 ${result.baseline.p99Ms} ms → ratio p50 ${result.p50Ratio}, p99 ${result.p99Ratio}; ` +
      `the API's floor (${result.apiFloor.route}) p50 ${result.apiFloor.p50Ms} ms`,
  );
  return result;
}
