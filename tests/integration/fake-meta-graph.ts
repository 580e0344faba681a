/**
 * A local HTTP server speaking the Meta Graph API's v24.0 shapes (app/server/ad-launcher/fake-graph-api.ts
 * behind node:http), so the workerd tests run the real Graph client over the wire. Started once by
 * vitest globalSetup on 127.0.0.1; the Worker reaches it as META_GRAPH_BASE_URL and tests read the
 * same origin from the META_GRAPH_TEST_URL binding.
 *
 * - `GET|POST|DELETE /v24.0/...`: the Graph API (form-encoded POSTs with access_token).
 * - `POST /__admin/accounts` FakeAccountSeed: an ad account, its Page and a token (with permissions).
 *   Tests use account ids of their own so parallel files never share one.
 * - `POST /__admin/fail` FakeFailure: the next `remaining` requests whose path ends with
 *   `pathEndsWith` answer `status` with Meta's `error` body.
 * - `POST /__admin/headers` `{ headers }`: the next answer carries these headers (usage headers).
 * - `POST /__admin/advance` `{ ms }`: the clock moves on (simulated delivery).
 * - `GET /__admin/state?account=…`: the account's objects, images and the request log.
 */
import http from "node:http";
import type { TestProject } from "vitest/node";
import { META_GRAPH_VERSION } from "../../app/domain/ad-launcher";
import { accountSnapshot, createFakeGraphState, handleGraphRequest, seedFakeAccount, type FakeAccountSeed, type FakeFailure } from "../../app/server/ad-launcher/fake-graph-api";

const MAX_BODY = 8 * 1024 * 1024;

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(new Error("body too large"));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

export async function startFakeMetaGraph(port = 0) {
  const state = createFakeGraphState();
  let offsetMs = 0;
  const server = http.createServer(async (req, res) => {
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
      res.end(typeof body === "string" ? body : JSON.stringify(body));
    };
    try {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const body = await readBody(req);
      if (url.pathname.startsWith("/__admin/")) {
        const input = (body ? JSON.parse(body) : {}) as Record<string, unknown>;
        switch (url.pathname) {
          case "/__admin/accounts":
            seedFakeAccount(state, input as unknown as FakeAccountSeed);
            return send(201, { ok: true });
          case "/__admin/fail":
            state.failures.push(input as unknown as FakeFailure);
            return send(201, { ok: true });
          case "/__admin/headers":
            state.nextHeaders.push(input.headers as Record<string, string>);
            return send(201, { ok: true });
          case "/__admin/advance":
            offsetMs += Number(input.ms ?? 0);
            return send(200, { offsetMs });
          case "/__admin/state":
            return send(200, accountSnapshot(state, url.searchParams.get("account") ?? ""));
          default:
            return send(404, { error: "unknown test-control endpoint" });
        }
      }
      const prefix = `/${META_GRAPH_VERSION}`;
      if (!url.pathname.startsWith(`${prefix}/`)) return send(400, { error: { message: `Unknown path components: ${url.pathname}`, type: "OAuthException", code: 2500 } });
      const params: Record<string, string> = Object.fromEntries(url.searchParams);
      if (req.method === "POST") Object.assign(params, Object.fromEntries(new URLSearchParams(body)));
      const answer = await handleGraphRequest(state, req.method ?? "GET", url.pathname.slice(prefix.length), params, Date.now() + offsetMs);
      return send(answer.status, answer.body, answer.headers);
    } catch (err) {
      return send(500, { error: { message: `fake server error: ${err instanceof Error ? err.message : String(err)}`, code: 1 } });
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const { port: bound } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${bound}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Vitest globalSetup: vitest.workers.config.ts picks the port (META_GRAPH_PORT) and hands the Worker its origin. */
export default async function setup(_project: TestProject) {
  const fake = await startFakeMetaGraph(Number(process.env.META_GRAPH_PORT) || 0);
  return () => fake.close();
}
