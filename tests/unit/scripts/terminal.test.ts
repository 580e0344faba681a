import { describe, expect, it } from "vitest";
import { formatServerLine, readyBanner } from "../../../scripts/terminal.mjs";

describe("npm start's terminal output", () => {
  it("turns wrangler's ready line into a banner with the URL, the outbox and the seeded accounts", () => {
    const out = formatServerLine("\u001b[32m[wrangler:info]\u001b[0m Ready on http://127.0.0.1:8787");
    expect(out).toContain("Dropcraft is ready: http://127.0.0.1:8787");
    expect(out).toContain("http://127.0.0.1:8787/dev/outbox");
    expect(out).toContain("demo");
    expect(out).toContain('password "dropcraft-local-dev"');
    expect(readyBanner("http://127.0.0.1:9000")).toContain("http://127.0.0.1:9000/dev/outbox");
    expect(readyBanner("http://127.0.0.1:9000")).toContain("http://127.0.0.1:9000/__scheduled?cron=0+*/3+*+*+*");
  });

  it("prints the link of every email the local outbox queues", () => {
    const line = JSON.stringify({
      ts: "2026-11-23T00:00:00.000Z",
      level: "info",
      msg: "email queued in local outbox",
      to: "new@store.com",
      kind: "verify_email",
      subject: "Verify your email",
      link: "http://127.0.0.1:8787/verify-email?token=abc",
    });
    const out = formatServerLine(line);
    expect(out).toContain("new@store.com");
    expect(out).toContain("http://127.0.0.1:8787/verify-email?token=abc");
  });

  it("keeps warnings and errors, drops per-request chatter", () => {
    const error = JSON.stringify({ level: "error", msg: "request failed", requestId: "r1" });
    expect(formatServerLine(error)).toBe(error);
    expect(formatServerLine(JSON.stringify({ level: "info", msg: "request", path: "/" }))).toBeNull();
    expect(formatServerLine("[wrangler:info] GET / 200 OK (12ms)")).toBeNull();
    expect(formatServerLine("✘ [ERROR] Build failed")).toBe("✘ [ERROR] Build failed");
    expect(formatServerLine("[wrangler:info] GET / 200 OK (12ms)", { verbose: true })).toBe("[wrangler:info] GET / 200 OK (12ms)");
  });
});
