// Usage-meter Worker for `npm run bench`: serves the product's real UsageMeter Durable Object
// (workers/usage-meter.ts, unchanged) so tests/bench/run.mjs can load-test one reservation
// round-trip per request, for one user or spread over many users (one object each).
//
//   GET  /api/health          readiness probe for the bench's startWrangler
//   POST /setup?users=N       creates users 1..N in D1 (the meter's D1 roll-up references users)
//   GET  /reserve?users=N     reserve(context, "queries", 1) then commit() on the meter of one of
//                             users 1..N (round-robin); 200 {ok:true}, 500 when not granted
import { DAILY_COUNTERS, MONTHLY_COUNTERS, PLANS, type UsageCounter } from "../../../app/domain/plans";
import type { MeterContext } from "../../../app/domain/metering";
import { UsageMeter } from "../../../workers/usage-meter";

export { UsageMeter };

/** Only the bindings of tests/bench/meter/wrangler.toml (the root Env describes the product). */
interface MeterBenchEnv {
  DB: D1Database;
  USAGE_METER: DurableObjectNamespace<UsageMeter>;
}

const MAX_USERS = 1000;
const COUNTER: UsageCounter = "queries";
/** Effectively unlimited (and JSON-safe, unlike Infinity): every reservation is granted. */
const UNLIMITED = 1_000_000_000;
const LIMITS = Object.fromEntries([...DAILY_COUNTERS, ...MONTHLY_COUNTERS].map((c) => [c, UNLIMITED])) as Record<
  UsageCounter,
  number
>;
const PLAN = PLANS.empire.id;

/** One context per user, built once, so the meter sees an unchanged context on every call. */
const contexts = new Map<number, MeterContext>();
function contextFor(userId: number): MeterContext {
  let ctx = contexts.get(userId);
  if (!ctx) {
    ctx = { userId, plan: PLAN, limits: LIMITS, timeZone: "UTC" };
    contexts.set(userId, ctx);
  }
  return ctx;
}

let nextUser = 0;

function usersParam(url: URL): number | null {
  const n = Number(url.searchParams.get("users") ?? "1");
  return Number.isInteger(n) && n >= 1 && n <= MAX_USERS ? n : null;
}

export default {
  async fetch(request: Request, env: MeterBenchEnv): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === "/api/health") return Response.json({ status: "ok" });

    if (url.pathname === "/setup" && request.method === "POST") {
      const users = usersParam(url);
      if (users === null) return Response.json({ ok: false, error: "users must be 1..1000" }, { status: 400 });
      const insert = env.DB.prepare(
        "INSERT OR IGNORE INTO users (id, username, email, password_hash) VALUES (?, ?, ?, 'bench-no-login')",
      );
      const rows = Array.from({ length: users }, (_, i) =>
        insert.bind(i + 1, `meter_bench_${i + 1}`, `meter-bench+${i + 1}@example.com`),
      );
      await env.DB.batch(rows);
      return Response.json({ ok: true, users });
    }

    if (url.pathname === "/reserve" && request.method === "GET") {
      const users = usersParam(url);
      if (users === null) return Response.json({ ok: false, error: "users must be 1..1000" }, { status: 400 });
      const userId = users === 1 ? 1 : (nextUser++ % users) + 1;
      const stub = env.USAGE_METER.get(env.USAGE_METER.idFromName(String(userId)));
      const outcome = await stub.reserve(contextFor(userId), COUNTER, 1);
      if (!outcome.ok) return Response.json({ ok: false, outcome }, { status: 500 });
      const committed = await stub.commit(outcome.reservationId);
      if (!committed) return Response.json({ ok: false, error: "commit refused" }, { status: 500 });
      return Response.json({ ok: true });
    }

    return new Response("Not found", { status: 404 });
  },
} satisfies ExportedHandler<MeterBenchEnv>;
