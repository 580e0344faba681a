/**
 * Schema-driven fuzzing of every operation in /api/openapi.json: malformed bodies, wrong types
 * and content types, huge and deeply nested values, prototype keys, garbage path parameters.
 * Whatever arrives, the API answers in its error taxonomy and never with a 5xx.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ERROR_TYPES } from "~/domain/errors";
import { BASE, verifiedUser } from "../helpers";
import { WORKER } from "../worker";

interface Operation {
  method: string;
  path: string;
  bodyProps: string[];
  queryParams: string[];
}

type Schema = { properties?: Record<string, unknown>; $ref?: string };

async function operations(): Promise<Operation[]> {
  const doc = (await (await WORKER.fetch(`${BASE}/api/openapi.json`)).json()) as {
    paths: Record<
      string,
      Record<
        string,
        { requestBody?: { content?: Record<string, { schema?: Schema }> }; parameters?: { in: string; name: string }[] }
      >
    >;
    components?: { schemas?: Record<string, Schema> };
  };
  const resolve = (s: Schema | undefined): Schema | undefined =>
    s?.$ref ? doc.components?.schemas?.[s.$ref.split("/").pop()!] : s;
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const schema = resolve(op.requestBody?.content?.["application/json"]?.schema);
      ops.push({
        method: method.toUpperCase(),
        path,
        bodyProps: Object.keys(schema?.properties ?? {}),
        queryParams: (op.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name),
      });
    }
  }
  return ops;
}

function deepNest(levels: number): string {
  return "[".repeat(levels) + "]".repeat(levels);
}

/** Bodies that are wrong in every way a client (or an attacker) can be wrong. */
function badBodies(props: string[]): { contentType: string | undefined; body: string }[] {
  const wrongValues: unknown[] = [
    null,
    -1.5,
    true,
    ["a"],
    "x".repeat(100_000),
    { nested: { deeper: [1, { a: null }] } },
  ];
  const bodies: { contentType: string | undefined; body: string }[] = [
    { contentType: "application/json", body: "" },
    { contentType: "application/json", body: "{" },
    { contentType: "application/json", body: "null" },
    { contentType: "application/json", body: "[]" },
    { contentType: "application/json", body: '"text"' },
    { contentType: "application/json", body: "42" },
    { contentType: "application/json", body: deepNest(5_000) },
    { contentType: "application/json", body: `{"a":${deepNest(3_000)}}` },
    {
      contentType: "application/json",
      body: '{"__proto__":{"admin":true},"constructor":{"prototype":{"role":"admin"}}}',
    },
    { contentType: "application/json", body: JSON.stringify({ junk: "x".repeat(300_000) }) },
    { contentType: "text/plain", body: "hello" },
    { contentType: "application/x-www-form-urlencoded", body: "a=1&b=2" },
    { contentType: "multipart/form-data; boundary=zz", body: "--zz--" },
    { contentType: undefined, body: "{}" },
  ];
  for (const prop of props) {
    for (const value of wrongValues)
      bodies.push({ contentType: "application/json", body: JSON.stringify({ [prop]: value }) });
    bodies.push({ contentType: "application/json", body: `{"${prop}":"a","__proto__":{"${prop}":"b"}}` });
  }
  return bodies;
}

/**
 * `npm test` sends this share of each operation's malformed requests (at least SAMPLE_MIN), picked
 * by a generator seeded with FUZZ_SEED and the operation, so every operation is fuzzed on every run,
 * a different sample each run, and a printed seed repeats one. `npm run test:fuzz` sends them all.
 */
export const SAMPLE_SHARE = 0.2;
export const SAMPLE_MIN = 12;

/** mulberry32: a small, well-mixed 32-bit generator, seeded from a string. */
function seededRandom(seed: string): () => number {
  let a = 2166136261;
  for (let i = 0; i < seed.length; i++) a = Math.imul(a ^ seed.charCodeAt(i), 16777619);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The requests a run sends: all of them, or the seeded sample (order kept). */
export function sampleRequests<T>(requests: T[], mode: "sample" | "full", seed: string): T[] {
  if (mode === "full") return requests;
  const size = Math.max(SAMPLE_MIN, Math.ceil(requests.length * SAMPLE_SHARE));
  if (size >= requests.length) return requests;
  const random = seededRandom(seed);
  const picked = new Set<number>();
  while (picked.size < size) picked.add(Math.floor(random() * requests.length));
  return [...picked].sort((x, y) => x - y).map((i) => requests[i]);
}

const GARBAGE_IDS = ["..%2F..%2Fetc", "x".repeat(300), "' OR 1=1 --", "__proto__"];

// Six shards for the full fuzz since the pages API added 16 operations: a shard of ~20 operations
// slows its isolate down enough to time out (PATCH /api/pages/{id} took 118 s late in a four-shard
// run, 20 ms alone). The seeded sample of `npm test` sends a fifth of the requests and fits in one
// file (shard 1; vitest.workers.config.ts leaves the other five out), which saves five workerd
// start-ups of about 8 s each (ADR 016).
export const SHARDS = 6;
export const shardsInRun = (mode: "sample" | "full") => (mode === "full" ? SHARDS : 1);

/**
 * Fuzzes the operations of one shard (every SHARDS-th operation of the document, read from the
 * document itself so a new route is fuzzed the day it is added). The work is split over several
 * test files because each runs in a fresh isolate: one isolate slows down as thousands of
 * oversized requests pass through it, and gave out near the end of a single file.
 */
export async function describeFuzzShard(shard: number): Promise<void> {
  const all = await operations();
  const shards = shardsInRun(env.FUZZ_MODE);
  const OPERATIONS = all.filter((_, i) => i % shards === shard);
  describe(`the API under fuzzing (shard ${shard + 1} of ${shards})`, () => {
    it("covers every operation of the document", () => {
      expect(all.length).toBeGreaterThan(30);
      expect(OPERATIONS.length).toBeGreaterThan(0);
    });

    let shared: Awaited<ReturnType<typeof verifiedUser>> | undefined;
    const known = new Set(Object.keys(ERROR_TYPES));

    it.each(OPERATIONS.map((op) => [`${op.method} ${op.path}`, op] as const))(
      "%s answers every malformed request in the taxonomy, never with a 5xx",
      { timeout: 120_000 },
      async (_name, op) => {
        // Signing out or deleting the account would leave later operations unauthenticated.
        const endsSession = /logout|^\/api\/account$/.test(op.path);
        shared ??= await verifiedUser();
        const user = endsSession ? await verifiedUser() : shared;
        const failures: string[] = [];
        const paths = op.path.includes("{") ? GARBAGE_IDS.map((id) => op.path.replace(/\{[^}]+\}/g, id)) : [op.path];
        const candidates: { path: string; init: RequestInit }[] = [];
        for (const path of paths) {
          const withBody = op.method !== "GET" && op.method !== "HEAD";
          if (withBody) {
            for (const { contentType, body } of badBodies(op.bodyProps)) {
              candidates.push({
                path,
                init: {
                  method: op.method,
                  headers: {
                    ...(contentType ? { "content-type": contentType } : {}),
                    authorization: `Bearer ${user.token}`,
                  },
                  body,
                },
              });
            }
          }
          for (const q of op.queryParams) {
            for (const v of ["", "%", "x".repeat(5_000), "[object Object]", "-1", "NaN"]) {
              candidates.push({
                path: `${path}?${q}=${encodeURIComponent(v)}&${q}=again`,
                init: { method: op.method, headers: { authorization: `Bearer ${user.token}` } },
              });
            }
          }
          candidates.push({ path, init: { method: op.method, headers: { authorization: "Bearer not.a.jwt" } } });
        }
        const requests = sampleRequests(candidates, env.FUZZ_MODE, `${env.FUZZ_SEED} ${op.method} ${op.path}`);
        // Eight at a time: a few hundred requests per operation.
        for (let i = 0; i < requests.length; i += 8) {
          await Promise.all(
            requests.slice(i, i + 8).map(async ({ path, init }) => {
              const res = await WORKER.fetch(`${BASE}/api${path.replace(/^\/api/, "")}`, init);
              const text = await res.text();
              const label = `${init.method} ${path.slice(0, 80)} [${(init.headers as Record<string, string>)["content-type"] ?? "-"}] ${String(init.body ?? "").slice(0, 60)}`;
              if (res.status >= 500) {
                failures.push(`${res.status} ${label}: ${text.slice(0, 200)}`);
                return;
              }
              if (res.status >= 400) {
                let type: unknown;
                try {
                  type = (JSON.parse(text) as { type?: unknown }).type;
                } catch {
                  type = undefined;
                }
                if (typeof type !== "string" || !known.has(type))
                  failures.push(`${res.status} outside the taxonomy ${label}: ${text.slice(0, 200)}`);
              }
            }),
          );
        }
        expect(failures).toEqual([]);
        expect(requests.length).toBeGreaterThanOrEqual(Math.min(SAMPLE_MIN, candidates.length));
      },
    );
  });
}
