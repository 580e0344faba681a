/**
 * Schema-driven fuzzing of every operation in /api/openapi.json: malformed bodies, wrong types
 * and content types, huge and deeply nested values, prototype keys, garbage path parameters.
 * Whatever arrives, the API answers in its error taxonomy and never with a 5xx.
 */
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ERROR_TYPES } from "~/domain/errors";
import { BASE, verifiedUser } from "../helpers";

interface Operation {
  method: string;
  path: string;
  bodyProps: string[];
  queryParams: string[];
}

type Schema = { properties?: Record<string, unknown>; $ref?: string };

async function operations(): Promise<Operation[]> {
  const doc = (await (await SELF.fetch(`${BASE}/api/openapi.json`)).json()) as {
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

const GARBAGE_IDS = ["..%2F..%2Fetc", "x".repeat(300), "' OR 1=1 --", "__proto__"];

// Six shards since the pages API added 16 operations: a shard of ~20 operations slows its isolate
// down enough to time out (PATCH /api/pages/{id} took 118 s late in a four-shard run, 20 ms alone).
export const SHARDS = 6;

/**
 * Fuzzes the operations of one shard (every SHARDS-th operation of the document, read from the
 * document itself so a new route is fuzzed the day it is added). The work is split over several
 * test files because each runs in a fresh isolate: one isolate slows down as thousands of
 * oversized requests pass through it, and gave out near the end of a single file.
 */
export async function describeFuzzShard(shard: number): Promise<void> {
  const all = await operations();
  const OPERATIONS = all.filter((_, i) => i % SHARDS === shard);
  describe(`the API under fuzzing (shard ${shard + 1} of ${SHARDS})`, () => {
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
        const requests: { path: string; init: RequestInit }[] = [];
        for (const path of paths) {
          const withBody = op.method !== "GET" && op.method !== "HEAD";
          if (withBody) {
            for (const { contentType, body } of badBodies(op.bodyProps)) {
              requests.push({
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
              requests.push({
                path: `${path}?${q}=${encodeURIComponent(v)}&${q}=again`,
                init: { method: op.method, headers: { authorization: `Bearer ${user.token}` } },
              });
            }
          }
          requests.push({ path, init: { method: op.method, headers: { authorization: "Bearer not.a.jwt" } } });
        }
        // Eight at a time: a few hundred requests per operation.
        for (let i = 0; i < requests.length; i += 8) {
          await Promise.all(
            requests.slice(i, i + 8).map(async ({ path, init }) => {
              const res = await SELF.fetch(`${BASE}/api${path.replace(/^\/api/, "")}`, init);
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
        expect(requests.length).toBeGreaterThan(0);
      },
    );
  });
}
