import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, inject, it, vi } from "vitest";
import { call, latestLink, signupUser, verifiedUser } from "./helpers";
import { WORKER } from "./worker";

describe("emailed links come from the configured origin only", () => {
  it("a password reset requested with a forged Host still links to APP_URL", async () => {
    const u = await signupUser();
    const res = await WORKER.fetch("http://evil.example/api/auth/forgot-password", {
      method: "POST",
      headers: { "content-type": "application/json", host: "evil.example", "cf-connecting-ip": "10.77.0.1" },
      body: JSON.stringify({ email: u.email }),
    });
    expect(res.status).toBe(200);
    const link = await latestLink(u.email, "reset_password");
    expect(link.startsWith("https://app.dropcraft.test/reset-password?token=")).toBe(true);
    expect(link).not.toContain("evil.example");
  });

  it("a verification resend from a forged origin links to APP_URL too", async () => {
    const u = await signupUser();
    await call("/api/auth/send-verification", { method: "POST", token: u.token, base: "http://evil.example" });
    expect(await latestLink(u.email, "verify_email")).toMatch(/^https:\/\/app\.dropcraft\.test\/verify-email\?token=/);
  });
});

describe("development tools stay off unless a local run turns them on", () => {
  async function askApi(path: string, bindings: Record<string, unknown>, init: RequestInit = {}) {
    const { createApi } = await import("../../functions");
    const ctx = createExecutionContext();
    const res = await createApi().fetch(new Request(`https://app.dropcraft.test${path}`, init), { ...env, ...bindings }, ctx);
    await waitOnExecutionContext(ctx);
    return res;
  }

  it("a deployment without DEV_TOOLS answers 404 for the outbox and the free checkout", async () => {
    const off = { DEV_TOOLS: "off", APP_ENV: "development" };
    expect((await askApi("/api/dev/outbox", off)).status).toBe(404);
    const checkout = await askApi("/api/billing/dev-checkout", off, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ interval: "monthly" }),
    });
    expect(checkout.status).toBe(404);
    expect((await askApi("/api/dev/outbox", { DEV_TOOLS: "on" })).status).toBe(200);
  });

  it("without Payment Links or dev tools, an upgrade says payments are not set up instead of linking to a missing page", async () => {
    const u = await verifiedUser();
    // A deployment without payments is an operator's fault: it is logged as an error.
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const res = await askApi("/api/billing/checkout?interval=monthly", { DEV_TOOLS: "off" }, { headers: { authorization: `Bearer ${u.token}` } });
    expect(res.status).toBe(503);
    expect(((await res.json()) as { type: string }).type).toBe("UNAVAILABLE");
    expect(errors).toHaveBeenCalled();
    errors.mockRestore();
  });
});

describe("forgot password does not reveal which emails have accounts", () => {
  it("answers a known and an unknown address alike even when the mail service is down", async () => {
    const u = await signupUser();
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const { createApi } = await import("../../functions");
    // Resend (the local server speaking its API) refuses the key: every send fails.
    const broken = { ...env, RESEND_API_KEY: "re_wrong_key", RESEND_BASE_URL: inject("resendUrl") };
    const ask = async (email: string) => {
      const ctx = createExecutionContext();
      const res = await createApi().fetch(
        new Request("https://app.dropcraft.test/api/auth/forgot-password", {
          method: "POST",
          headers: { "content-type": "application/json", "cf-connecting-ip": `10.78.${Math.floor(Math.random() * 250)}.1` },
          body: JSON.stringify({ email }),
        }),
        broken,
        ctx,
      );
      const body = await res.text();
      await waitOnExecutionContext(ctx);
      return { status: res.status, body };
    };
    const known = await ask(u.email);
    const unknown = await ask(`nobody-${Date.now()}@nowhere.test`);
    expect(known.status).toBe(200);
    expect(unknown).toEqual(known);
    // The failure is logged for us, after the answer, not shown to the caller.
    expect(errors.mock.calls.some((args) => String(args[0]).includes("password reset email failed"))).toBe(true);
    errors.mockRestore();
  });
});
