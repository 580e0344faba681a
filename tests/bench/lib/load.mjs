// A small closed-loop load generator: `connections` keep-alive connections, each sending the
// next request as soon as the previous response body has been read. A warmup phase runs first
// and is discarded. No dependencies beyond node:http.
import http from "node:http";

/**
 * Load-tests one URL. Returns requests/s, latency percentiles (ms), errors and non-2xx counts.
 * @param {{ url: string, connections?: number, durationS?: number, warmupS?: number, timeoutMs?: number }} opts
 */
export async function loadTest({ url, connections = 20, durationS = 8, warmupS = 2, timeoutMs = 10_000 }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
  const target = new URL(url);
  try {
    if (warmupS > 0) await phase({ target, agent, connections, durationS: warmupS, timeoutMs });
    const measured = await phase({ target, agent, connections, durationS, timeoutMs });
    return summarize(measured, { url, connections, durationS, warmupS });
  } finally {
    agent.destroy();
  }
}

async function phase({ target, agent, connections, durationS, timeoutMs }) {
  const latenciesMs = [];
  const statuses = {};
  const errorKinds = {};
  let errors = 0;
  let bytes = 0;
  const started = process.hrtime.bigint();
  const endAt = started + BigInt(Math.round(durationS * 1e9));

  async function worker() {
    while (process.hrtime.bigint() < endAt) {
      const t0 = process.hrtime.bigint();
      try {
        const { status, size } = await request(target, agent, timeoutMs);
        latenciesMs.push(Number(process.hrtime.bigint() - t0) / 1e6);
        statuses[status] = (statuses[status] ?? 0) + 1;
        bytes += size;
      } catch (err) {
        errors += 1;
        const kind = err.code ?? err.message ?? "error";
        errorKinds[kind] = (errorKinds[kind] ?? 0) + 1;
        // Back off briefly so a dead server does not turn into a busy loop.
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  }

  await Promise.all(Array.from({ length: connections }, worker));
  const elapsedS = Number(process.hrtime.bigint() - started) / 1e9;
  return { latenciesMs, statuses, errors, errorKinds, bytes, elapsedS };
}

function request(target, agent, timeoutMs) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method: "GET",
        agent,
        headers: { accept: "*/*", "user-agent": "dropcraft-bench" },
      },
      (res) => {
        let size = 0;
        res.on("data", (chunk) => (size += chunk.length));
        res.on("end", () => resolve({ status: res.statusCode, size }));
        res.on("error", reject);
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(Object.assign(new Error("timeout"), { code: "ETIMEDOUT" })));
    req.on("error", reject);
    req.end();
  });
}

function summarize(m, meta) {
  const sorted = Float64Array.from(m.latenciesMs).sort();
  const completed = sorted.length;
  const non2xx = Object.entries(m.statuses)
    .filter(([status]) => !(Number(status) >= 200 && Number(status) < 300))
    .reduce((sum, [, n]) => sum + n, 0);
  const mean = completed ? sorted.reduce((a, b) => a + b, 0) / completed : null;
  return {
    url: meta.url,
    connections: meta.connections,
    durationS: round(m.elapsedS, 2),
    warmupS: meta.warmupS,
    requests: completed,
    rps: round(completed / m.elapsedS, 1),
    latencyMs: {
      mean: round(mean, 2),
      p50: round(percentile(sorted, 50), 2),
      p90: round(percentile(sorted, 90), 2),
      p99: round(percentile(sorted, 99), 2),
      max: round(completed ? sorted[completed - 1] : null, 2),
    },
    errors: m.errors,
    errorKinds: m.errorKinds,
    non2xx,
    statuses: m.statuses,
    errorRate: round((m.errors + non2xx) / Math.max(1, completed + m.errors), 5),
    bytesPerResponse: completed ? Math.round(m.bytes / completed) : 0,
  };
}

/** Nearest-rank percentile over an ascending array. */
export function percentile(sorted, p) {
  if (!sorted.length) return null;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export function round(value, digits) {
  if (value === null || value === undefined || Number.isNaN(value)) return null;
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
