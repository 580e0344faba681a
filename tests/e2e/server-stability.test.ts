/**
 * Requests answered without reading their body (unknown routes, CSRF refusals, wrong content
 * types) used to make the pinned wrangler restart the Worker mid-request (503) under load.
 * This runs against the real `wrangler dev` the browser tests use; it only targets 127.0.0.1.
 */
import { describe, expect, it } from "vitest";
import { baseURL } from "./helpers";

describe("wrangler dev under early answers", () => {
  it("answers 300 bodies it never reads without a single 5xx", { timeout: 60_000 }, async () => {
    const body = "x".repeat(200_000);
    const statuses: number[] = [];
    const targets = ["/api/no-such-route", "/api/auth/login", "/api/chats"];
    for (let round = 0; round < 5; round++) {
      await Promise.all(
        Array.from({ length: 60 }, async (_, i) => {
          const res = await fetch(baseURL() + targets[i % targets.length], {
            method: "POST",
            headers: { "content-type": i % 2 ? "text/plain" : "application/json", cookie: "dc_session=not-a-token" },
            body,
          });
          await res.arrayBuffer();
          statuses.push(res.status);
        }),
      );
    }
    expect(statuses).toHaveLength(300);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
  });
});
