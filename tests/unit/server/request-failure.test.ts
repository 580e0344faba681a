import { describe, expect, it, vi } from "vitest";
import { AppError } from "~/domain/errors";
import { networkFailure } from "~/server/web/url-guard";
import { logRequestFailure } from "../../../functions/request-failure";

function recorder() {
  return { warn: vi.fn(), error: vi.fn() };
}

describe("logRequestFailure", () => {
  it("logs an unreachable outside site as one warning line with its reference, without a stack", () => {
    const cause = new TypeError("internal error; reference = iefs374abc");
    const failure = networkFailure("www.petco.com", cause);
    const err = new AppError("UNAVAILABLE", failure.message, {
      details: { refusal: { code: "network", message: failure.message, url: "https://www.petco.com/products.json", hops: [], reference: failure.reference } },
      cause,
    });
    const log = recorder();
    logRequestFailure(log, err);
    expect(log.error).not.toHaveBeenCalled();
    expect(log.warn).toHaveBeenCalledTimes(1);
    const [msg, fields] = log.warn.mock.calls[0];
    expect(msg).toBe("outside site unreachable");
    expect(fields).toEqual({ code: "network", url: "https://www.petco.com/products.json", said: "We could not reach petco.com. Check the address, or try again later.", reference: "iefs374abc" });
    expect(JSON.stringify(fields)).not.toContain("at ");
  });

  it("logs our own faults as errors and a client's mistake not at all", () => {
    const log = recorder();
    logRequestFailure(log, new AppError("INTERNAL", "Something broke"));
    expect(log.error).toHaveBeenCalledTimes(1);
    logRequestFailure(log, new AppError("VALIDATION", "Bad input"));
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.warn).not.toHaveBeenCalled();
  });
});
