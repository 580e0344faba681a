// The product's public API as the bench uses it: JSON requests, bench users, SSE frames.
// Shared by lib/sse.mjs, lib/chat.mjs and lib/soak.mjs. Only node:http and node:crypto.
import { randomBytes } from "node:crypto";
import http from "node:http";
import { round } from "./load.mjs";

export const BENCH_PASSWORD = "violet-harbor-lantern-42";

/** A JSON request to the product; resolves with { status, text, json }. */
export function requestJson(base, agent, method, pathname, { headers = {}, body, raw, timeoutMs = 15_000 } = {}) {
  const payload = raw ?? (body === undefined ? undefined : JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: base.hostname,
        port: base.port,
        path: pathname,
        method,
        agent,
        headers: {
          accept: "application/json",
          "user-agent": "dropcraft-bench",
          ...(payload === undefined
            ? {}
            : { "content-type": "application/json", "content-length": Buffer.byteLength(payload) }),
          ...headers,
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c) => (text += c));
        res.on("end", () => {
          let json = null;
          try {
            json = JSON.parse(text);
          } catch {
            // not JSON
          }
          resolve({ status: res.statusCode, text, json });
        });
        res.on("error", reject);
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`${method} ${pathname} timed out`)));
    req.on("error", reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

/**
 * Signs up a fresh user from its own client IP (signup is rate limited per IP), verifies their
 * email through the dev outbox and, with `paid`, gives them Growth through the offline dev checkout. Resolves with { token, userId }.
 */
export async function createBenchUser(base, agent, { prefix, paid }) {
  const id = `${Date.now().toString(36)}${randomBytes(4).toString("hex")}`;
  const ip = `10.${rnd(256)}.${rnd(256)}.${1 + rnd(254)}`;
  const signup = await requestJson(base, agent, "POST", "/api/auth/signup", {
    headers: { "cf-connecting-ip": ip },
    body: { username: `${prefix}_${id}`, email: `${prefix}+${id}@example.com`, password: BENCH_PASSWORD },
  });
  const token = signup.json?.token ?? signup.json?.data?.token;
  const userId = signup.json?.user?.id ?? signup.json?.data?.user?.id;
  if (signup.status >= 300 || !token || userId === undefined) {
    throw new Error(`${prefix}: signup answered ${signup.status}: ${signup.text.slice(0, 300)}`);
  }
  // Everything but sign-in needs a verified email: follow the link the dev outbox holds.
  const email = `${prefix}+${id}@example.com`;
  const outbox = await requestJson(base, agent, "GET", `/api/dev/outbox?to=${encodeURIComponent(email)}`);
  const link = outbox.json?.data?.[0]?.link;
  const verifyToken = link ? new URL(link).searchParams.get("token") : null;
  if (!verifyToken) throw new Error(`${prefix}: no verification email in the dev outbox (${outbox.status})`);
  const verified = await requestJson(base, agent, "POST", "/api/auth/verify-email", {
    headers: { "cf-connecting-ip": ip },
    body: { token: verifyToken },
  });
  if (verified.status !== 200) throw new Error(`${prefix}: verify-email answered ${verified.status}: ${verified.text.slice(0, 300)}`);
  if (paid) {
    const checkout = await requestJson(base, agent, "POST", "/api/billing/dev-checkout", {
      headers: { authorization: `Bearer ${token}` },
      body: { interval: "monthly" },
    });
    if (checkout.status !== 200) {
      throw new Error(`${prefix}: dev-checkout answered ${checkout.status}: ${checkout.text.slice(0, 300)}`);
    }
  }
  return { token, userId };
}

/** Feeds a text response's chunks in; calls onData(data) with each complete event's joined `data:` lines. */
export function sseDataReader(onData) {
  let buf = "";
  return (chunk) => {
    buf += chunk.replace(/\r\n/g, "\n");
    let idx;
    while ((idx = buf.indexOf("\n\n")) !== -1) {
      const frame = buf.slice(0, idx);
      buf = buf.slice(idx + 2);
      const data = frame
        .split("\n")
        .filter((l) => l.startsWith("data:"))
        .map((l) => l.slice(5).replace(/^ /, ""))
        .join("\n");
      if (data) onData(data);
    }
  };
}

function rnd(n) {
  return Math.floor(Math.random() * n);
}

/**
 * POSTs JSON and reads a text/event-stream answer, calling onData(data, msSinceSend) per event.
 * Resolves with { status, headersMs, text (non-200 body), error } and never rejects.
 */
export function streamPost({ url, agent, headers, body, onData, timeoutMs = 20_000, method = "POST" }) {
  const payload = body === undefined ? "" : JSON.stringify(body);
  return new Promise((resolve) => {
    const t0 = process.hrtime.bigint();
    const ms = () => round(Number(process.hrtime.bigint() - t0) / 1e6, 2);
    let headersMs = null;
    let settled = false;
    const finish = (out) => {
      if (settled) return;
      settled = true;
      resolve({ headersMs, text: "", ...out });
    };
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        agent,
        headers: {
          accept: "text/event-stream",
          "user-agent": "dropcraft-bench",
          ...(body === undefined ? {} : { "content-type": "application/json", "content-length": Buffer.byteLength(payload) }),
          ...headers,
        },
      },
      (res) => {
        headersMs = ms();
        res.setEncoding("utf8");
        if (res.statusCode !== 200) {
          let text = "";
          res.on("data", (c) => (text += c));
          res.on("end", () => finish({ status: res.statusCode, text }));
          return;
        }
        let at = 0;
        const read = sseDataReader((data) => onData(data, at));
        res.on("data", (chunk) => {
          at = ms();
          read(chunk);
        });
        res.on("end", () => finish({ status: 200 }));
        res.on("error", (err) => finish({ status: 200, error: `stream broke: ${err.message}` }));
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on("error", (err) => finish({ status: null, error: err.message }));
    req.end(payload);
  });
}
