// The browser suite's closing list of server troubles (tests/e2e/global-setup.ts): what CI prints
// to explain a failed test, so it keeps 5xx answers and real errors and leaves out the errors the
// suite causes on purpose.
import { describe, expect, it } from "vitest";
import { serverTroubles } from "../../e2e/global-setup";

describe("serverTroubles", () => {
  const log = [
    '{"level":"info","msg":"request","status":200,"path":"/api/chats"}',
    '{"level":"info","msg":"request","status":503,"path":"/api/usage"}',
    "✘ [ERROR] kj::getCaughtExceptionAsKj() = kj/async-io-unix.c++:186: disconnected: ::write(fd, buffer.begin(), buffer.size()): Broken pipe",
    "✘ [ERROR] e = kj/async-io-unix.c++:1298: failed: DNS lookup failed.; params.host = cdn.example.com; params.service = ; gai_strerror(status) = Name or service not known",
    "✘ [ERROR] e = kj/async-io-unix.c++:1298: failed: DNS lookup failed.; params.host = api.stripe.com; params.service = ; gai_strerror(status) = Name or service not known",
    "✘ [ERROR] Uncaught Error: Network connection lost.",
    "\u001b[33mReloading local server...\u001b[39m",
  ].join("\n");

  it("keeps 5xx answers, unexpected errors and reloads, and leaves out closed pages and example.com lookups", () => {
    expect(serverTroubles(log)).toEqual([
      '  {"level":"info","msg":"request","status":503,"path":"/api/usage"}',
      "  ✘ [ERROR] e = kj/async-io-unix.c++:1298: failed: DNS lookup failed.; params.host = api.stripe.com; params.service = ; gai_strerror(status) = Name or service not known",
      "  ✘ [ERROR] Uncaught Error: Network connection lost.",
      "  Reloading local server...",
    ]);
  });
});
