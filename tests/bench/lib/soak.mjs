// The soak (issue 29): mixed traffic at a steady rate for --soak-minutes (30 by default) against
// the product under `wrangler dev` on 127.0.0.1, to see what a long run does that the short load
// runs cannot: errors that appear after thousands of requests, latency that creeps up (a cache or
// a table that grows, a leak that makes GC work harder), memory that does not come back.
//
// Open loop: each kind of request is sent on its own fixed schedule (rate per second below),
// whether or not earlier ones have answered, as real visitors arrive; a kind whose requests pile
// up past MAX_IN_FLIGHT counts the ones it could not send as errors ("backlog"). The kinds:
//   pages     GET /, /pricing and a help article (server-rendered by Remix)
//   api       GET /api/auth/me, /api/catalog/products (the Explorer bench's filters, sorts and pages), /api/usage/summary,
//             /api/chats, /api/subscription-status, as a signed-in paid user
//   chat      POST /api/chats/{id}/messages to the offline analyst, read to the `done` event; a
//             chat gets QUESTIONS_PER_CHAT questions, then the user starts a new one. Each one
//             reserves and commits a query in the user's UsageMeter Durable Object
//   meter     POST /api/market-reports: reserves an aiAdvisor use in the same UsageMeter, writes
//             the report in the background (waitUntil) and commits it when saved
//   droppage  GET /p/{slug} of a published drop page with a shopper's user agent (a view counted)
//   health    GET /api/health: the Worker's floor, sent alongside so a busy machine (drift in
//             every kind alike) can be told from drift in the product's own work
// Users are paid (Growth, the offline dev checkout) so plan limits never refuse: enough of them
// that none asks more than 20 AI questions a minute or 9 reports a day.
//
// Reported per kind: every request's status, p50/p90/p99 per minute and over the run, the drift
// (p50 of the last DRIFT_WINDOW minutes over the first's, and the least-squares slope of the
// per-minute p50s), and afterwards the ledger: each user's usage summary must count exactly the
// questions answered and the reports written (a reservation lost or counted twice is an error).
// Memory: VmRSS and VmHWM of the workerd processes under the wrangler dev process, every minute.
// Only the product's own public API and node:http; every URL is the product's 127.0.0.1 origin.
/* global setInterval, clearInterval */
import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import { createBenchUser, requestJson, streamPost } from "./bench-api.mjs";
import { publishDropPage } from "./droppage.mjs";
import { EXPLORER_QUERIES } from "./explorer-queries.mjs";
import { percentile, round } from "./load.mjs";
import { sleep } from "./servers.mjs";

/** Requests per second of each kind: about 10/s in all, a load the 2-core box holds with room to spare. */
export const SOAK_RATES = { pages: 2, api: 4, chat: 0.2, meter: 0.05, droppage: 3, health: 1 };
/** The first and last minutes compared for drift (fewer on a run shorter than 15 minutes). */
const DRIFT_WINDOW_MINUTES = 5;
const QUESTIONS_PER_CHAT = 4;
/** aiByUser allows 20 AI calls a minute per user; Growth allows 10 aiAdvisor uses a day. */
const MAX_QUESTIONS_PER_USER_MINUTE = 10;
const MAX_REPORTS_PER_USER = 9;
const MIN_USERS = 4;
const MAX_IN_FLIGHT = 200;
const REQUEST_TIMEOUT_MS = 30_000;
const SHOPPER_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36 dropcraft-soak";
const QUESTIONS = [
  "What are the best trending products in pet supplies right now?",
  "Which niche has low competition and good margins?",
  "Compare phone accessories and home decor for a new store.",
  "How should I price a product that costs me $8 to source?",
  "Find me winning products for a fitness store.",
  "What should my first three products be for a kitchen store?",
];

/**
 * Runs the soak against `productUrl` for `minutes`; `wranglerPid` is the product's `wrangler dev`
 * process (its workerd children are sampled). Returns the whole result for the report.
 */
export async function soak({ productUrl, wranglerPid, minutes = 30, rates = SOAK_RATES, log = () => {} }) {
  const base = new URL(productUrl);
  if (base.hostname !== "127.0.0.1") throw new Error(`the soak only targets 127.0.0.1, not ${base.hostname}`);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64, maxFreeSockets: 64 });
  try {
    const durationMs = Math.round(minutes * 60_000);
    const expected = (kind) => Math.ceil((durationMs / 1000) * (rates[kind] ?? 0));
    const users = Math.max(
      MIN_USERS,
      Math.ceil(expected("meter") / MAX_REPORTS_PER_USER),
      Math.ceil(((rates.chat ?? 0) * 60) / MAX_QUESTIONS_PER_USER_MINUTE),
    );
    const setupStarted = Date.now();
    log(`  soak: ${users} paid users, a published drop page, the catalog's niches and a help article…`);
    const accounts = [];
    for (let i = 0; i < users; i += 1) accounts.push(await createBenchUser(base, agent, { prefix: "soak", paid: true }));
    // The drop page's images are never fetched here (no browser), so their host need not exist.
    const page = await publishDropPage({ baseUrl: productUrl, imageOrigin: "https://images.dropcraft-soak.test" });
    const auth = (u) => ({ authorization: `Bearer ${u.token}` });
    const niches = (await requestJson(base, agent, "GET", "/api/catalog/niches", { headers: auth(accounts[0]) })).json?.data ?? [];
    if (expected("meter") > 0 && !niches.length) throw new Error("soak: the catalog has no niches to report on (was it seeded?)");
    const help = (await requestJson(base, agent, "GET", "/api/help/articles")).json?.data?.articles?.[0];
    if (!help) throw new Error("soak: GET /api/help/articles listed no article");
    const pagePaths = ["/", "/pricing", `/help/articles/${help.category}/${help.slug}`];

    const chats = accounts.map(() => ({ id: randomUUID(), asked: 0, busy: false }));
    const counters = { pages: 0, api: 0, chat: 0, meter: 0, droppage: 0 };
    const answered = accounts.map(() => 0);
    const uncounted = accounts.map(() => 0); // answers the product said it did not charge (done.counted false)
    const reports = accounts.map(() => []);
    const views = { before: await pageViews(base, agent, page), sent: 0 };

    /** One request of `kind`; resolves with { label, ms, status, error, ttftMs? } and never rejects. */
    const send = {
      pages: () => {
        const p = pagePaths[counters.pages++ % pagePaths.length];
        return timed(p, () => getText(base, agent, p, { accept: "text/html", "user-agent": SHOPPER_UA }));
      },
      api: () => {
        const n = counters.api++;
        const u = accounts[n % users];
        const paths = ["/api/auth/me", EXPLORER_QUERIES[Math.floor(n / 5) % EXPLORER_QUERIES.length], "/api/usage/summary", "/api/chats", "/api/subscription-status"];
        const p = paths[n % paths.length];
        return timed(p.split("?")[0], () => getText(base, agent, p, { accept: "application/json", ...auth(u) }));
      },
      droppage: () => {
        views.sent += 1;
        return timed("/p/{slug}", () => getText(base, agent, page.path, { accept: "text/html", "user-agent": SHOPPER_UA }));
      },
      health: () => timed("/api/health", () => getText(base, agent, "/api/health", { accept: "application/json" })),
      chat: async () => {
        const n = counters.chat++;
        const ui = n % users;
        // A follow-up waits for the chat's answer, as the chat screen makes a merchant do; a question
        // asked while it still answers goes to a new chat (another tab).
        const chat = chats[ui].asked < QUESTIONS_PER_CHAT && !chats[ui].busy ? chats[ui] : (chats[ui] = { id: randomUUID(), asked: 0, busy: false });
        chat.asked += 1;
        chat.busy = true;
        const label = chat.asked === 1 ? "new chat" : "follow-up";
        const r = await ask(base, agent, accounts[ui].token, chat.id, QUESTIONS[n % QUESTIONS.length]);
        chat.busy = false;
        if (!r.error && r.counted) answered[ui] += 1;
        if (!r.error && !r.counted) uncounted[ui] += 1;
        return { label, ...r };
      },
      meter: async () => {
        const n = counters.meter++;
        const ui = n % users;
        const niche = niches[n % niches.length];
        const r = await timed("/api/market-reports", async () => {
          const res = await requestJson(base, agent, "POST", "/api/market-reports", {
            headers: auth(accounts[ui]),
            body: { subjectKind: "niche", subjectId: niche.id },
            timeoutMs: REQUEST_TIMEOUT_MS,
          });
          if (res.status === 202 && res.json?.data?.id) reports[ui].push(res.json.data.id);
          return { status: res.status, expect: 202, body: res.text };
        });
        return r;
      },
    };

    // Warm every path once (the Remix build loads on the first page request), not counted.
    for (const kind of ["pages", "pages", "pages", "api", "api", "api", "api", "api", "droppage", "health", "chat"]) {
      const r = await send[kind]();
      if (r.error) throw new Error(`soak warmup ${kind} ${r.label} failed: ${r.error}`);
    }
    answered.fill(0);
    uncounted.fill(0);
    resent.count = 0;
    Object.assign(counters, { pages: 0, api: 0, chat: 0, meter: 0, droppage: 0 });
    views.before = await pageViews(base, agent, page);
    views.sent = 0;
    const usageBefore = await Promise.all(accounts.map((u) => usageOf(base, agent, u)));
    const setupMs = Date.now() - setupStarted;

    // The steady schedule: the i-th request of a kind leaves at start + i / rate, whatever the others do.
    const samples = [];
    const memory = [];
    const inFlight = Object.fromEntries(Object.keys(rates).map((k) => [k, 0]));
    const pending = new Set();
    const start = Date.now();
    const end = start + durationMs;
    // The server going away mid-run is the soak's finding, not a reason to lose what it saw.
    let serverGone = null;
    const sampleMemory = () => {
      const atS = round((Date.now() - start) / 1000, 1);
      const processes = workerdMemory(wranglerPid, base.port);
      memory.push({ atS, processes });
      if (!serverGone && !processes.some((p) => p.role === "worker")) serverGone = { atS, wranglerAlive: isAlive(wranglerPid) };
    };
    sampleMemory();
    const memTimer = setInterval(sampleMemory, 60_000);
    const schedule = Object.entries(rates)
      .filter(([, rate]) => rate > 0)
      .map(([kind, rate]) => ({ kind, intervalMs: 1000 / rate, sent: 0 }));
    let lastLog = start;
    log(`  soak: ${minutes} min of ${Object.entries(rates).map(([k, r]) => `${k} ${r}/s`).join(", ")} (open loop)…`);
    for (;;) {
      const next = schedule.reduce((a, b) => (start + a.sent * a.intervalMs <= start + b.sent * b.intervalMs ? a : b));
      const at = start + next.sent * next.intervalMs;
      if (at >= end) break;
      const wait = at - Date.now();
      if (wait > 0) await sleep(wait);
      next.sent += 1;
      const kind = next.kind;
      const sentAtMs = Date.now() - start;
      if (inFlight[kind] >= MAX_IN_FLIGHT) {
        samples.push({ kind, label: "backlog", t: sentAtMs, ms: null, error: `more than ${MAX_IN_FLIGHT} in flight` });
        continue;
      }
      inFlight[kind] += 1;
      const p = send[kind]().then((r) => {
        inFlight[kind] -= 1;
        pending.delete(p);
        samples.push({ kind, t: sentAtMs, ...r });
      });
      pending.add(p);
      if (Date.now() - lastLog >= 60_000) {
        lastLog = Date.now();
        const recent = samples.filter((s) => s.t >= sentAtMs - 60_000);
        log(
          `  soak minute ${Math.round(sentAtMs / 60_000)}: ${recent.length} requests sent in the last minute finished, ${recent.filter((s) => s.error).length} of them errors; ` +
            `${samples.filter((s) => s.error).length} errors so far, ${pending.size} in flight`,
        );
      }
    }
    await Promise.all([...pending]);
    clearInterval(memTimer);
    sampleMemory();
    const ranMs = Date.now() - start;

    // The ledger: reports finish in the background, so wait for them (up to a minute) before reading usage.
    // Reads that fail (the server died) leave the ledger unknown, which counts as an error below.
    const orNull = (promise) => promise.catch(() => null);
    const reportStates = (await orNull(settleReports(base, agent, accounts, reports))) ?? reports.map((ids) => ids.map(() => "unknown"));
    await sleep(2000); // the drop page's views are batched per isolate for about a second
    views.after = await orNull(pageViews(base, agent, page));
    const usageAfter = await Promise.all(accounts.map((u) => orNull(usageOf(base, agent, u))));
    const ledger = accounts.map((u, i) => {
      const done = reportStates[i].filter((s) => s === "done").length;
      const countedQueries = diff(usageAfter[i]?.queries, usageBefore[i]?.queries);
      const countedReports = diff(usageAfter[i]?.aiAdvisor, usageBefore[i]?.aiAdvisor);
      return {
        user: u.userId,
        questionsAnswered: answered[i],
        answersNotCharged: uncounted[i],
        queriesCounted: countedQueries,
        reportsStarted: reports[i].length,
        reportsDone: done,
        reportsNotDone: reportStates[i].filter((s) => s !== "done"),
        aiAdvisorCounted: countedReports,
      };
    });
    // A wrong count is the meter's error; a report that did not finish is the report's.
    for (const l of ledger) {
      if (l.queriesCounted !== l.questionsAnswered) {
        samples.push({ kind: "chat", label: "ledger", t: ranMs, ms: null, error: `user ${l.user}: ${l.questionsAnswered} answers, ${l.queriesCounted} queries counted` });
      }
      if (l.aiAdvisorCounted !== l.reportsDone) {
        samples.push({ kind: "meter", label: "ledger", t: ranMs, ms: null, error: `user ${l.user}: ${l.reportsDone} reports written, ${l.aiAdvisorCounted} aiAdvisor counted` });
      }
      for (const state of l.reportsNotDone) samples.push({ kind: "meter", label: "report", t: ranMs, ms: null, error: `report ${state}` });
    }

    return { ...summarize({ samples, minutes, ranMs, setupMs, rates, users, memory, ledger, views, page, resentGets: resent.count }), serverGone };
  } finally {
    agent.destroy();
  }
}

function summarize({ samples, minutes, ranMs, setupMs, rates, users, memory, ledger, views, page, resentGets }) {
  const minuteCount = Math.max(1, Math.round(ranMs / 60_000));
  const window = Math.max(1, Math.min(DRIFT_WINDOW_MINUTES, Math.floor(minuteCount / 3)));
  const kinds = {};
  for (const kind of Object.keys(rates)) {
    const mine = samples.filter((s) => s.kind === kind);
    if (!mine.length) continue;
    const ok = mine.filter((s) => !s.error);
    const errorKinds = {};
    for (const s of mine) {
      if (!s.error) continue;
      // One line per kind of error: a server's 500 page or stack would otherwise split the report's note.
      const key = `${s.label}: ${s.error}`.replace(/\s+/g, " ").slice(0, 160);
      errorKinds[key] = (errorKinds[key] ?? 0) + 1;
    }
    const perMinute = [];
    for (let m = 0; m < minuteCount; m += 1) {
      const inMinute = mine.filter((s) => Math.min(minuteCount - 1, Math.floor(s.t / 60_000)) === m);
      const lat = inMinute.filter((s) => !s.error).map((s) => s.ms);
      perMinute.push({ minute: m + 1, requests: inMinute.length, errors: inMinute.length - lat.length, ...pcts(lat) });
    }
    const windowP50 = (from, to) => pcts(ok.filter((s) => s.t >= from * 60_000 && s.t < to * 60_000).map((s) => s.ms));
    const first = windowP50(0, window);
    const last = windowP50(minuteCount - window, minuteCount + 1);
    const slope = slopeOf(perMinute.filter((m) => m.p50 !== null).map((m) => [m.minute, m.p50]));
    const overall = pcts(ok.map((s) => s.ms));
    kinds[kind] = {
      ratePerSecond: rates[kind],
      requests: mine.length,
      errors: mine.length - ok.length,
      errorRate: round((mine.length - ok.length) / mine.length, 5),
      latencyMs: overall,
      ...(kind === "chat" ? { ttftMs: pcts(ok.map((s) => s.ttftMs)), doneMs: pcts(ok.map((s) => s.doneMs)) } : {}),
      drift: {
        windowMinutes: window,
        firstN: first.n,
        lastN: last.n,
        firstP50: first.p50,
        lastP50: last.p50,
        p50Ratio: first.p50 && last.p50 !== null ? round(last.p50 / first.p50, 3) : null,
        firstP99: first.p99,
        lastP99: last.p99,
        p99Ratio: first.p99 && last.p99 !== null ? round(last.p99 / first.p99, 3) : null,
        p50SlopeMsPerMinute: slope === null ? null : round(slope, 3),
        // The slope as a share of the run's p50, per hour: +0.5 means p50 would grow by half in an hour.
        p50SlopePerHour: slope === null || !overall.p50 ? null : round((slope * 60) / overall.p50, 3),
      },
      perMinute,
      ...(mine.length > ok.length ? { errorKinds } : {}),
    };
  }
  // Drift relative to the Worker's floor in the same windows: a busy machine moves both.
  const floor = kinds.health?.drift.p50Ratio ?? null;
  for (const [kind, k] of Object.entries(kinds)) {
    if (kind !== "health") k.drift.p50RatioOverHealth = floor && k.drift.p50Ratio !== null ? round(k.drift.p50Ratio / floor, 3) : null;
  }
  const total = Object.values(kinds).reduce((n, k) => n + k.requests, 0);
  const errors = Object.values(kinds).reduce((n, k) => n + k.errors, 0);
  const mib = (kib) => (kib === null ? null : round(kib / 1024, 1));
  const worker = (sample) => sample?.processes.find((p) => p.role === "worker") ?? null;
  const startW = worker(memory[0]);
  const endW = worker(memory.at(-1));
  return {
    minutes,
    ranS: round(ranMs / 1000, 1),
    setupS: round(setupMs / 1000, 1),
    users,
    rates,
    requests: total,
    errors,
    errorRate: round(errors / Math.max(1, total), 5),
    resentGets,
    kinds,
    memory: {
      workerRssMiB: { start: mib(startW?.rssKiB ?? null), end: mib(endW?.rssKiB ?? null), growth: startW && endW ? mib(endW.rssKiB - startW.rssKiB) : null },
      workerPeakMiB: mib(endW?.hwmKiB ?? null),
      samples: memory.map((s) => ({ atS: s.atS, processes: s.processes.map((p) => ({ pid: p.pid, role: p.role, rssMiB: mib(p.rssKiB), hwmMiB: mib(p.hwmKiB) })) })),
    },
    ledger,
    dropPageViews: { page: page.path, sent: views.sent, counted: views.before === null || views.after === null ? null : views.after - views.before },
  };
}

/** The workerd processes under `wranglerPid`: the one listening on the public port is wrangler's proxy, the other runs the Workers. */
function workerdMemory(wranglerPid, port) {
  const children = new Map();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(name));
    } catch {
      // the process ended while we looked
    }
  }
  const out = [];
  const walk = (pid) => {
    for (const child of children.get(pid) ?? []) {
      try {
        const status = readFileSync(`/proc/${child}/status`, "utf8");
        if (/^Name:\s+workerd$/m.test(status)) {
          const cmd = readFileSync(`/proc/${child}/cmdline`, "utf8");
          out.push({
            pid: child,
            role: cmd.includes(`entry=127.0.0.1:${port}`) ? "proxy" : "worker",
            rssKiB: Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? NaN),
            hwmKiB: Number(/^VmHWM:\s+(\d+)/m.exec(status)?.[1] ?? NaN),
          });
        }
      } catch {
        // gone
      }
      walk(child);
    }
  };
  walk(wranglerPid);
  return out;
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Runs `fn` (resolving { status, expect?, body }) and times it; a status other than `expect` (200) is an error. */
async function timed(label, fn) {
  const t0 = process.hrtime.bigint();
  try {
    const { status, expect = 200, body } = await fn();
    const ms = round(Number(process.hrtime.bigint() - t0) / 1e6, 2);
    return { label, ms, status, error: status === expect ? null : `HTTP ${status}: ${String(body ?? "").slice(0, 120)}` };
  } catch (err) {
    return { label, ms: null, status: null, error: err.code ?? err.message ?? String(err) };
  }
}

/** GETs sent again after a reset on a reused keep-alive connection (see getText). */
const resent = { count: 0 };

/**
 * A GET; resolves with { status, body (only when not 200) }. A reset on a reused keep-alive
 * connection (the server closed it as idle just as this request went out) is sent once more on a
 * new one, as browsers do for idempotent requests; such retries are counted and reported.
 */
async function getText(base, agent, pathname, headers) {
  try {
    return await getOnce(base, agent, pathname, headers);
  } catch (err) {
    if (!(err.code === "ECONNRESET" && err.reusedSocket)) throw err;
    resent.count += 1;
    return getOnce(base, agent, pathname, headers);
  }
}

function getOnce(base, agent, pathname, headers) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: base.hostname, port: base.port, path: pathname, method: "GET", agent, headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode, body: res.statusCode === 200 ? "" : body }));
      res.on("error", reject);
    });
    req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(Object.assign(new Error("timeout"), { code: "ETIMEDOUT" })));
    req.on("error", (err) => reject(Object.assign(err, { reusedSocket: req.reusedSocket })));
    req.end();
  });
}

/** One question, read to its `done` event: { ms (to done), ttftMs, doneMs, counted, status, error }. */
async function ask(base, agent, token, chatId, question) {
  let ttftMs = null;
  let doneMs = null;
  let counted = null;
  let error = null;
  const r = await streamPost({
    url: new URL(`/api/chats/${chatId}/messages`, base),
    agent,
    headers: { authorization: `Bearer ${token}`, "user-agent": "dropcraft-soak" },
    body: { content: question },
    timeoutMs: REQUEST_TIMEOUT_MS,
    onData: (data, ms) => {
      let msg;
      try {
        msg = JSON.parse(data);
      } catch {
        error ??= `not JSON: ${data.slice(0, 80)}`;
        return;
      }
      if (msg.type === "delta") ttftMs ??= ms;
      else if (msg.type === "done") {
        doneMs = ms;
        counted = msg.counted !== false;
      } else if (msg.type === "error") error ??= `error event ${msg.error?.type}: ${msg.error?.message}`;
    },
  });
  if (r.status !== 200) error ??= r.error ?? `HTTP ${r.status}: ${r.text.slice(0, 120)}`;
  else error ??= r.error ?? (doneMs === null ? "no done event" : null);
  return { ms: doneMs, ttftMs, doneMs, counted, status: r.status, error };
}

/** Each user's report states once none is running (or after a minute). */
async function settleReports(base, agent, accounts, reports) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const states = await Promise.all(
      accounts.map(async (u, i) => {
        if (!reports[i].length) return [];
        const res = await requestJson(base, agent, "GET", "/api/market-reports", { headers: { authorization: `Bearer ${u.token}` } });
        const byId = new Map((res.json?.data ?? []).map((r) => [r.id, r.status]));
        return reports[i].map((id) => byId.get(id) ?? "missing");
      }),
    );
    if (!states.flat().includes("running") || Date.now() > deadline) return states;
    await sleep(1000);
  }
}

async function usageOf(base, agent, user) {
  const res = await requestJson(base, agent, "GET", "/api/usage/summary", { headers: { authorization: `Bearer ${user.token}` } });
  return res.json?.data?.usage ?? null;
}

async function pageViews(base, agent, page) {
  const res = await requestJson(base, agent, "GET", `/api/pages/${page.pageId}`, { headers: { authorization: `Bearer ${page.token}` } });
  return typeof res.json?.data?.views === "number" ? res.json.data.views : null;
}

function pcts(values) {
  const sorted = Float64Array.from(values.filter((v) => v !== null && v !== undefined)).sort();
  return {
    n: sorted.length,
    p50: round(percentile(sorted, 50), 2),
    p90: round(percentile(sorted, 90), 2),
    p99: round(percentile(sorted, 99), 2),
    max: round(sorted.length ? sorted[sorted.length - 1] : null, 2),
  };
}

/** Least-squares slope of [x, y] points; null with fewer than 3. */
function slopeOf(points) {
  if (points.length < 3) return null;
  const n = points.length;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  const sxx = points.reduce((s, [x]) => s + (x - mx) ** 2, 0);
  return sxx ? points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0) / sxx : null;
}

const diff = (a, b) => (typeof a === "number" && typeof b === "number" ? a - b : null);
