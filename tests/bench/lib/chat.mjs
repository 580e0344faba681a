// Chat time-to-first-token overhead over the provider's own (design.md, "Performance budgets").
// The provider is the bench's fake OpenAI (lib/fake-openai.mjs: fixed first-token delay, a few
// chunks); the product is a `wrangler dev` whose AI_BASE_URL points at it, so every question goes
// through the real chat API and the real OpenAI-compatible adapter. For each question:
//   direct  = POST {fake}/v1/chat/completions from here -> first content chunk (the provider's TTFT)
//   product = POST /api/chats/{new uuid}/messages -> first `delta` event (what a user waits for)
// overhead = product - direct, per percentile. Both sides are measured one at a time (each
// product question right after a direct one) and at a small concurrency. The offline analyst's
// TTFT on the normally started product is measured too, as information. Uses only the product's
// public API (signup, dev checkout, chat) and node:http.
import { randomUUID } from "node:crypto";
import http from "node:http";
import { DIRECT_CLIENT_HEADER } from "./fake-openai.mjs";
import { percentile, round } from "./load.mjs";
import { createBenchUser, streamPost } from "./bench-api.mjs";

/** aiByUser allows 20 AI calls per user per minute (app/server/platform/rate-limit-rules.ts); stay well under. */
const MAX_QUESTIONS_PER_USER = 14;
const QUESTION = "Bench question {i}: which product niche has the best margins for a new store?";
const ANALYST_QUESTIONS = [
  "What are the best trending products in pet supplies right now?",
  "Which niche has low competition and good margins?",
  "Compare phone accessories and home decor for a new store.",
  "How should I price a product that costs me $8 to source?",
  "Find me winning products for a fitness store.",
];

/**
 * Measures direct vs product TTFT against `fake` (from startFakeOpenAi) through the product at
 * `productUrl`. `questions` per mode (sequential, then `concurrency` at a time), each in a new chat.
 */
export async function chatOverhead({
  productUrl,
  fake,
  apiKey,
  model,
  questions = 30,
  concurrency = 5,
  log = () => {},
}) {
  const base = new URL(productUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency + 5, maxFreeSockets: concurrency + 5 });
  const directAgent = new http.Agent({ keepAlive: true, maxSockets: concurrency + 5, maxFreeSockets: concurrency + 5 });
  const completionsUrl = new URL(`${fake.url}/chat/completions`);
  try {
    // Enough paid users (1000 queries/day) that nobody asks more than MAX_QUESTIONS_PER_USER
    // (1 warmup + a share of each mode) within the rate limiter's minute.
    const perUserAndMode = Math.floor((MAX_QUESTIONS_PER_USER - 1) / 2);
    const users = Math.max(concurrency, Math.ceil(questions / perUserAndMode));
    log(`  chat: signing up ${users} users with the dev checkout…`);
    const tokens = await Promise.all(Array.from({ length: users }, () => createUser(base, agent, { paid: true })));

    const direct = (i) =>
      askDirect(completionsUrl, directAgent, {
        apiKey,
        model,
        question: QUESTION.replace("{i}", String(i)),
        expected: fake.answer,
      });
    const product = (i) =>
      askProduct(base, agent, {
        token: tokens[i % users],
        question: QUESTION.replace("{i}", String(i)),
        expectedText: fake.answer,
        expectedProvider: model,
      });

    // Warmup, discarded: opens keep-alive connections and runs each code path once; one question
    // per user. A product that cannot answer through the fake at all fails here, loudly.
    for (let i = 0; i < 3; i += 1) await direct(-1 - i);
    for (let u = 0; u < users; u += 1) {
      const w = await product(u);
      if (w.error) throw new Error(`chat warmup question failed: ${w.error}`);
    }

    const runs = {};
    log(`  chat: ${questions} questions one at a time (direct, then product)…`);
    const seq = { direct: [], product: [] };
    for (let i = 0; i < questions; i += 1) {
      seq.direct.push(await direct(i));
      seq.product.push(await product(i));
    }
    runs.sequential = summarizeRun(1, seq);
    logRun(log, "sequential", runs.sequential);

    log(`  chat: ${questions} questions ${concurrency} at a time (direct, then product)…`);
    const conc = {
      direct: await pool(questions, concurrency, direct),
      product: await pool(questions, concurrency, product),
    };
    runs.concurrent = summarizeRun(concurrency, conc);
    logRun(log, "concurrent", runs.concurrent);

    // A reload mid-answer: the answer keeps being written by the chat's Durable Object; a new
    // reader follows it with GET /api/chats/{id}/stream?from=N (the events the page had).
    log(`  chat: ${questions} resumed streams (ask, then follow from the event the reader had)…`);
    const resumedSamples = [];
    for (let i = 0; i < questions; i += 1) resumedSamples.push(await askThenResume(base, agent, { token: tokens[i % users], question: QUESTION.replace("{i}", String(i)) }));
    runs.resumed = summarizeResumed(resumedSamples);
    log(`  resumed: first event p50 ${runs.resumed.resumeFirstEventMs.p50} ms, p99 ${runs.resumed.resumeFirstEventMs.p99} ms; errors ${runs.resumed.errors}/${runs.resumed.count}`);

    return {
      provider: {
        kind: "bench fake OpenAI (tests/bench/lib/fake-openai.mjs) via the OpenAI-compatible adapter",
        model,
        firstTokenDelayMs: fake.firstTokenDelayMs,
        chunkIntervalMs: fake.chunkIntervalMs,
        chunks: fake.chunks,
      },
      users,
      questions,
      concurrency,
      // Requests the fake answered: the bench's own (direct) and the Worker's (product, warmups included).
      fakeRequests: { ...fake.stats },
      runs,
    };
  } finally {
    agent.destroy();
    directAgent.destroy();
  }
}

/** The offline analyst's TTFT on the product as normally started (no AI vars): 1 warmup + `questions`. */
export async function analystTtft({ productUrl, questions = 3, log = () => {} }) {
  const base = new URL(productUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
  try {
    // A free user: 10 queries a day covers the warmup and up to 9 questions.
    const n = Math.min(questions, 9, ANALYST_QUESTIONS.length);
    const token = await createUser(base, agent, { paid: false });
    const ask = (q) => askProduct(base, agent, { token, question: q });
    const warm = await ask("Hello, what can you do?");
    if (warm.error) throw new Error(`analyst warmup question failed: ${warm.error}`);
    const samples = [];
    for (let i = 0; i < n; i += 1) samples.push(await ask(ANALYST_QUESTIONS[i]));
    const s = summarizeSide(samples);
    const providers = [...new Set(samples.map((x) => x.provider).filter(Boolean))];
    log(
      `  analyst: TTFT p50 ${s.ttftMs.p50} ms, max ${s.ttftMs.max} ms; done p50 ${s.doneMs.p50} ms; errors ${s.errors}/${s.count}` +
        (providers.length ? ` (${providers.join(", ")})` : ""),
    );
    return { questions: n, providers, ...s };
  } finally {
    agent.destroy();
  }
}

async function createUser(base, agent, { paid }) {
  return (await createBenchUser(base, agent, { prefix: "chat", paid })).token;
}

/** One question to the product: times to response headers, `user`, first `delta` and `done`. */
async function askProduct(base, agent, { token, question, expectedText, expectedProvider }) {
  let userMs = null;
  let ttftMs = null;
  let doneMs = null;
  let text = "";
  let provider = null;
  let error = null;
  const r = await streamPost({
    url: new URL(`/api/chats/${randomUUID()}/messages`, base),
    agent,
    headers: { authorization: `Bearer ${token}` },
    body: { content: question },
    onData: (data, ms) => {
      let msg;
      try {
        msg = JSON.parse(data);
      } catch {
        error ??= `not JSON: ${data.slice(0, 80)}`;
        return;
      }
      if (msg.type === "user") userMs ??= ms;
      else if (msg.type === "delta") {
        ttftMs ??= ms;
        text += msg.text ?? "";
      } else if (msg.type === "done") {
        doneMs = ms;
        provider = msg.message?.provider ?? null;
      } else if (msg.type === "error") {
        error ??= `error event ${msg.error?.type}: ${msg.error?.message}`;
      }
    },
  });
  if (r.error) error = r.error;
  else if (r.status !== 200) error = `HTTP ${r.status}: ${r.text.slice(0, 200)}`;
  else if (!error && ttftMs === null) error = "no delta event";
  else if (!error && doneMs === null) error = "no done event";
  else if (!error && expectedProvider && provider !== expectedProvider) {
    error = `answered by "${provider}", not the OpenAI-compatible adapter's "${expectedProvider}" (AI vars not applied?)`;
  } else if (!error && expectedText !== undefined && text !== expectedText) {
    error = `answer text differs from the fake's: ${JSON.stringify(text.slice(0, 80))}`;
  }
  return { headersMs: r.headersMs, userMs, ttftMs, doneMs, provider, error };
}

/**
 * Asks a question, and as soon as its first delta arrives opens a second reader on the running
 * answer from the next event (what a reloaded page does): times that reader's first event (the
 * resumed stream's time to first token) and checks the two readers together saw one whole answer.
 */
async function askThenResume(base, agent, { token, question }) {
  const chatId = randomUUID();
  let seen = 0;
  let resume = null;
  let error = null;
  const followEvents = [];
  const first = streamPost({
    url: new URL(`/api/chats/${chatId}/messages`, base),
    agent,
    headers: { authorization: `Bearer ${token}` },
    body: { content: question },
    onData: (data) => {
      seen += 1;
      if (resume) return;
      let msg;
      try {
        msg = JSON.parse(data);
      } catch {
        error ??= `not JSON: ${data.slice(0, 80)}`;
        return;
      }
      if (msg.type !== "delta") return;
      const from = seen;
      let firstMs = null;
      resume = streamPost({
        method: "GET",
        url: new URL(`/api/chats/${chatId}/stream?from=${from}`, base),
        agent,
        headers: { authorization: `Bearer ${token}` },
        onData: (d, ms) => {
          firstMs ??= ms;
          followEvents.push(JSON.parse(d).type);
        },
      }).then((r) => ({ ...r, firstMs }));
    },
  });
  const r = await first;
  if (r.error) error ??= r.error;
  if (!resume) return { error: error ?? "no delta event to resume after" };
  const f = await resume;
  if (f.error) error ??= f.error;
  else if (f.status !== 200) error ??= `resume HTTP ${f.status}`;
  else if (followEvents.at(-1) !== "done") error ??= `resumed stream ended with ${followEvents.at(-1) ?? "nothing"}, not done`;
  return { resumeFirstEventMs: f.firstMs, resumeHeadersMs: f.headersMs, error };
}

function summarizeResumed(samples) {
  const ok = samples.filter((s) => !s.error);
  const errorKinds = {};
  for (const s of samples) if (s.error) errorKinds[s.error] = (errorKinds[s.error] ?? 0) + 1;
  return {
    count: samples.length,
    errors: samples.length - ok.length,
    errorRate: round((samples.length - ok.length) / Math.max(1, samples.length), 5),
    resumeFirstEventMs: stats(ok.map((s) => s.resumeFirstEventMs)),
    resumeHeadersMs: stats(ok.map((s) => s.resumeHeadersMs)),
    ...(samples.length > ok.length ? { errorKinds } : {}),
  };
}

/** One completion straight from the fake: times to the first content chunk and to [DONE]. */
async function askDirect(url, agent, { apiKey, model, question, expected }) {
  let ttftMs = null;
  let doneMs = null;
  let text = "";
  let error = null;
  const r = await streamPost({
    url,
    agent,
    headers: { authorization: `Bearer ${apiKey}`, [DIRECT_CLIENT_HEADER]: "direct" },
    body: {
      model,
      messages: [
        { role: "system", content: "You are a research assistant." },
        { role: "user", content: question },
      ],
      stream: true,
    },
    onData: (data, ms) => {
      if (data.trim() === "[DONE]") {
        doneMs = ms;
        return;
      }
      try {
        const content = JSON.parse(data).choices?.[0]?.delta?.content;
        if (typeof content === "string" && content) {
          ttftMs ??= ms;
          text += content;
        }
      } catch {
        error ??= `not JSON: ${data.slice(0, 80)}`;
      }
    },
  });
  if (r.error) error = r.error;
  else if (r.status !== 200) error = `HTTP ${r.status}: ${r.text.slice(0, 200)}`;
  else if (!error && (ttftMs === null || doneMs === null)) error = "no content chunk or no [DONE]";
  else if (!error && text !== expected) error = `answer text differs: ${JSON.stringify(text.slice(0, 80))}`;
  return { headersMs: r.headersMs, ttftMs, doneMs, error };
}

/** Runs fn(0..total-1) with `concurrency` in flight; results in index order. */
async function pool(total, concurrency, fn) {
  const results = new Array(total);
  let next = 0;
  const worker = async () => {
    while (next < total) {
      const i = next;
      next += 1;
      results[i] = await fn(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, total) }, worker));
  return results;
}

function summarizeRun(concurrency, { direct, product }) {
  const d = summarizeSide(direct);
  const p = summarizeSide(product);
  const diff = (a, b) => (a === null || b === null ? null : round(a - b, 2));
  return {
    concurrency,
    direct: d,
    product: p,
    overheadMs: { p50: diff(p.ttftMs.p50, d.ttftMs.p50), p99: diff(p.ttftMs.p99, d.ttftMs.p99) },
    doneOverheadMs: { p50: diff(p.doneMs.p50, d.doneMs.p50), p99: diff(p.doneMs.p99, d.doneMs.p99) },
  };
}

function summarizeSide(samples) {
  const ok = samples.filter((s) => !s.error);
  const errors = samples.length - ok.length;
  const errorKinds = {};
  for (const s of samples) if (s.error) errorKinds[s.error] = (errorKinds[s.error] ?? 0) + 1;
  const out = {
    count: samples.length,
    errors,
    errorRate: round(errors / Math.max(1, samples.length), 5),
    ttftMs: stats(ok.map((s) => s.ttftMs)),
    doneMs: stats(ok.map((s) => s.doneMs)),
    headersMs: stats(ok.map((s) => s.headersMs)),
  };
  if (samples.some((s) => "userMs" in s)) out.userEventMs = stats(ok.map((s) => s.userMs));
  if (errors) out.errorKinds = errorKinds;
  return out;
}

function stats(values) {
  const sorted = Float64Array.from(values.filter((v) => v !== null && v !== undefined)).sort();
  const n = sorted.length;
  return {
    p50: round(percentile(sorted, 50), 2),
    p90: round(percentile(sorted, 90), 2),
    p99: round(percentile(sorted, 99), 2),
    max: round(n ? sorted[n - 1] : null, 2),
    mean: round(n ? sorted.reduce((a, b) => a + b, 0) / n : null, 2),
  };
}

function logRun(log, mode, r) {
  log(
    `  ${mode}: TTFT direct p50 ${r.direct.ttftMs.p50} / p99 ${r.direct.ttftMs.p99} ms, ` +
      `product p50 ${r.product.ttftMs.p50} / p99 ${r.product.ttftMs.p99} ms ` +
      `(overhead p50 ${r.overheadMs.p50} / p99 ${r.overheadMs.p99} ms); ` +
      `done product p50 ${r.product.doneMs.p50} ms; errors ${r.direct.errors} direct, ${r.product.errors} product`,
  );
}
