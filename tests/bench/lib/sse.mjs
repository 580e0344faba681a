// SSE fan-out latency of the per-user usage stream (GET /api/usage/stream), using only the
// product's real API: sign a user up, give them a subscription through the offline dev checkout,
// open N streams for that one user, then post signed `customer.subscription.updated` events to
// the Stripe webhook that flip the plan. Per event and stream, the latency is the time from just
// before the webhook POST to the arrival of the frame carrying the new plan. No dependencies
// beyond node:http and node:crypto.
import { createHmac, randomBytes } from "node:crypto";
import http from "node:http";
import { createBenchUser, requestJson, sseDataReader } from "./bench-api.mjs";
import { percentile, round } from "./load.mjs";

/** The webhook secret of local development (wrangler.toml [vars]); never a real one. */
const DEV_WEBHOOK_SECRET = "whsec_dropcraft_local_development_only";
const PLANS = ["pro", "empire"];

/**
 * Measures fan-out for each stream count in `counts` (one user, `events` sequential plan changes
 * per count). Returns { userId, events, eventTimeoutMs, runs: { [n]: {...} } }. Reservations/s of
 * the same meter are measured separately (lib/meter.mjs).
 */
export async function sseFanout({
  baseUrl,
  counts = [1, 10, 100],
  events = 20,
  eventTimeoutMs = 5000,
  log = () => {},
}) {
  const maxStreams = Math.max(...counts);
  const agent = new http.Agent({ keepAlive: true, maxSockets: maxStreams + 10, maxFreeSockets: 10 });
  const base = new URL(baseUrl);
  const streams = [];
  try {
    const { token, userId } = await createSubscriber(base, agent);
    const auth = { authorization: `Bearer ${token}` };
    const runs = {};
    for (const n of counts) {
      while (streams.length < n) streams.push(await openStream(base, agent, auth));
      // Every stream must have its first snapshot before the clock starts.
      await Promise.all(streams.map((s) => s.ready));
      runs[n] = await measure({ base, agent, streams, userId, events, eventTimeoutMs });
      const r = runs[n];
      log(
        `  ${n} stream(s): p50 ${r.fanoutMs.p50} ms, p99 ${r.fanoutMs.p99} ms, max ${r.fanoutMs.max} ms, ` +
          `webhook p50 ${r.webhookMs.p50} ms, missed ${r.missed}/${r.expected}`,
      );
    }
    return { userId, events, eventTimeoutMs, runs };
  } finally {
    for (const s of streams) s.close();
    agent.destroy();
  }
}

function createSubscriber(base, agent) {
  return createBenchUser(base, agent, { prefix: "bench", paid: true });
}

/**
 * Opens one stream. `ready` resolves after the first (snapshot) frame; `waitFor(plan, deadline)`
 * resolves with the arrival time (hrtime ns) of the next frame with that plan, or null at the deadline.
 */
function openStream(base, agent, headers) {
  let plan = null;
  let waiter = null;
  let closing = false;
  let dropped = false;
  let resolveReady;
  let rejectReady;
  const ready = new Promise((resolve, reject) => {
    resolveReady = resolve;
    rejectReady = reject;
  });
  const onFrame = (data) => {
    let msg;
    try {
      msg = JSON.parse(data);
    } catch {
      return;
    }
    if (!msg || typeof msg !== "object" || msg.heartbeat) return;
    const at = process.hrtime.bigint();
    if (typeof msg.plan === "string") plan = msg.plan;
    resolveReady();
    if (waiter && plan === waiter.plan) {
      const w = waiter;
      waiter = null;
      clearTimeout(w.timer);
      w.resolve(at);
    }
  };
  const req = http.request({
    host: base.hostname,
    port: base.port,
    path: "/api/usage/stream",
    method: "GET",
    agent,
    headers: { accept: "text/event-stream", "user-agent": "dropcraft-bench", ...headers },
  });
  req.on("response", (res) => {
    if (res.statusCode !== 200) {
      rejectReady(new Error(`sse: /api/usage/stream answered ${res.statusCode}`));
      res.resume();
      return;
    }
    res.setEncoding("utf8");
    res.on("data", sseDataReader(onFrame));
    // An end we did not ask for (say wrangler reloading the Worker) is a dropped stream.
    res.on("error", () => {});
    res.on("close", () => {
      if (!closing) dropped = true;
    });
    res.on("end", () => rejectReady(new Error("sse: stream ended before its first snapshot")));
  });
  req.on("error", (err) => {
    if (!closing) dropped = true;
    rejectReady(err);
  });
  req.end();
  // Unhandled if close() comes first; the caller awaits `ready` otherwise.
  ready.catch(() => {});
  return {
    ready,
    get plan() {
      return plan;
    },
    get dropped() {
      return dropped;
    },
    waitFor(target, timeoutMs) {
      if (plan === target) return Promise.resolve(process.hrtime.bigint());
      return new Promise((resolve) => {
        waiter = { plan: target, resolve, timer: setTimeout(() => ((waiter = null), resolve(null)), timeoutMs) };
      });
    },
    close() {
      closing = true;
      if (waiter) {
        clearTimeout(waiter.timer);
        waiter.resolve(null);
        waiter = null;
      }
      req.destroy();
    },
  };
}

async function measure({ base, agent, streams, userId, events, eventTimeoutMs }) {
  const latencies = [];
  const webhookMs = [];
  const statuses = {};
  let missed = 0;
  let current = streams[0].plan;
  for (let i = 0; i < events; i += 1) {
    const next = current === PLANS[0] ? PLANS[1] : PLANS[0];
    // Register waiters first so no frame can slip past between the POST and the wait.
    const t0 = process.hrtime.bigint();
    const arrivals = Promise.all(streams.map((s) => s.waitFor(next, eventTimeoutMs)));
    const res = await postWebhook(base, agent, userId, next);
    webhookMs.push(Number(process.hrtime.bigint() - t0) / 1e6);
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    for (const at of await arrivals) {
      if (at === null) missed += 1;
      else latencies.push(Number(at - t0) / 1e6);
    }
    // A refused event changed nothing: aim the next one at the same plan, so one failure
    // costs one event's deliveries and not also the next one's.
    if (res.status >= 200 && res.status < 300) current = next;
  }
  const sorted = Float64Array.from(latencies).sort();
  const wh = Float64Array.from(webhookMs).sort();
  return {
    streams: streams.length,
    events,
    expected: events * streams.length,
    received: latencies.length,
    missed,
    droppedStreams: streams.filter((s) => s.dropped).length,
    webhookStatuses: statuses,
    fanoutMs: {
      p50: round(percentile(sorted, 50), 2),
      p90: round(percentile(sorted, 90), 2),
      p99: round(percentile(sorted, 99), 2),
      max: round(sorted.length ? sorted[sorted.length - 1] : null, 2),
    },
    webhookMs: { p50: round(percentile(wh, 50), 2), max: round(wh.length ? wh[wh.length - 1] : null, 2) },
  };
}

function postWebhook(base, agent, userId, plan) {
  const body = JSON.stringify({
    id: `evt_bench_${Date.now()}_${randomBytes(6).toString("hex")}`,
    type: "customer.subscription.updated",
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: "sub_bench",
        customer: `cus_dev_${userId}`,
        status: "active",
        cancel_at_period_end: false,
        metadata: { plan },
      },
    },
  });
  const t = Math.floor(Date.now() / 1000);
  const v1 = createHmac("sha256", DEV_WEBHOOK_SECRET).update(`${t}.${body}`).digest("hex");
  return requestJson(base, agent, "POST", "/api/webhooks/stripe", {
    headers: { "stripe-signature": `t=${t},v1=${v1}` },
    raw: body,
  });
}
