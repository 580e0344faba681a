import http from "node:http";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    resendUrl: string;
  }
}

/**
 * A local HTTP server that speaks Resend's `POST /emails` and checks the request like the real
 * API does (bearer key, JSON body with from/to/subject and html or text). GET /__received
 * returns what it accepted, so tests can read what our adapter sent.
 */
export default async function setup(project: TestProject) {
  const received: unknown[] = [];
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", () => {
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      if (req.method === "GET" && req.url === "/__received") return reply(200, received);
      if (req.method !== "POST" || req.url !== "/emails") return reply(404, { name: "not_found", message: "Not found" });
      if (req.headers.authorization !== "Bearer re_test_key") {
        return reply(401, { statusCode: 401, name: "validation_error", message: "API key is invalid" });
      }
      if (!String(req.headers["content-type"]).startsWith("application/json")) {
        return reply(415, { name: "invalid_content_type", message: "Content-Type must be application/json" });
      }
      let body: { from?: string; to?: string[]; subject?: string; html?: string; text?: string };
      try {
        body = JSON.parse(raw);
      } catch {
        return reply(400, { name: "validation_error", message: "Invalid JSON" });
      }
      if (!body.from || !Array.isArray(body.to) || !body.to.length || !body.subject || !(body.html || body.text)) {
        return reply(422, { statusCode: 422, name: "validation_error", message: "Missing required field" });
      }
      received.push(body);
      reply(200, { id: `email_${received.length}` });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  project.provide("resendUrl", `http://127.0.0.1:${port}`);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
