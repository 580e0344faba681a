import { describe, expect, it } from "vitest";
import { devToolsEnabled, EnvError, parseEnv, publicOrigin } from "~/server/platform/env";
import { AppError, ERROR_TYPES, toAppError } from "~/domain/errors";
import { contentSecurityPolicy, securityHeaders } from "~/server/platform/security-headers";

describe("error taxonomy", () => {
  it("gives each type a status and a body with error, type and message", () => {
    const err = new AppError("QUOTA_EXCEEDED", "You can create 3 projects on the free plan.");
    expect(err.status).toBe(403);
    expect(err.toBody("req-1")).toEqual({
      error: "Quota exceeded",
      type: "QUOTA_EXCEEDED",
      message: "You can create 3 projects on the free plan.",
      requestId: "req-1",
    });
  });
  it("turns unknown failures into INTERNAL without leaking their text", () => {
    const err = toAppError(new Error("SQLITE_CONSTRAINT: secret detail"));
    expect(err.type).toBe("INTERNAL");
    expect(err.message).not.toContain("SQLITE");
  });
  it("maps rate limits and usage limits to 429", () => {
    expect(ERROR_TYPES.RATE_LIMITED.status).toBe(429);
    expect(ERROR_TYPES.USAGE_LIMIT.status).toBe(429);
  });
});

describe("environment validation", () => {
  it("applies the local defaults when a local run sets only DEV_TOOLS", () => {
    const env = parseEnv({ DEV_TOOLS: "on" });
    expect(env.APP_ENV).toBe("development");
    expect(env.SUPPORT_EMAIL).toBe("support@dropcraft.ai");
  });
  it("treats empty strings as unset", () => {
    expect(parseEnv({ APP_URL: "", DEV_TOOLS: "on" }).APP_URL).toBeUndefined();
  });
  it("refuses a production deployment with no model for chat, unless the built-in analyst is chosen on purpose", () => {
    const production = { APP_ENV: "production", APP_URL: "https://app.dropcraft.ai", AUTH_SECRET: "x".repeat(40), STORE_TOKEN_KEY: "k".repeat(40), STRIPE_WEBHOOK_SECRET: "whsec_real_secret" };
    expect(() => parseEnv(production)).toThrow(/AI_BASE_URL: production needs a model for chat/);
    expect(parseEnv({ ...production, ALLOW_OFFLINE_ANALYST: "on" }).ALLOW_OFFLINE_ANALYST).toBe("on");
    expect(parseEnv({ ...production, AI_BASE_URL: "https://api.openai.com/v1", AI_MODEL: "gpt-4o-mini" }).AI_MODEL).toBe("gpt-4o-mini");
    // A local run needs neither: the built-in analyst is its default.
    expect(parseEnv({ DEV_TOOLS: "on" }).ALLOW_OFFLINE_ANALYST).toBe("off");
  });

  it("keeps the development tools off unless a local run turns them on, and never in production", () => {
    expect(devToolsEnabled(parseEnv({ APP_URL: "https://app.dropcraft.ai" }))).toBe(false);
    // A deployment that forgot APP_ENV still gets neither the outbox nor the free checkout.
    expect(devToolsEnabled(parseEnv({ APP_ENV: "development", APP_URL: "https://app.dropcraft.ai" }))).toBe(false);
    expect(devToolsEnabled(parseEnv({ DEV_TOOLS: "on" }))).toBe(true);
    expect(() => parseEnv({ APP_ENV: "production", DEV_TOOLS: "on", APP_URL: "https://app.dropcraft.ai", AUTH_SECRET: "x".repeat(40), STRIPE_WEBHOOK_SECRET: "whsec_real_secret" })).toThrow(/DEV_TOOLS/);
  });
  it("requires APP_URL outside a local run, so emailed links never follow the request's Host", () => {
    expect(() => parseEnv({})).toThrow(/APP_URL: set the public origin/);
    expect(() => parseEnv({ APP_ENV: "production", AUTH_SECRET: "x".repeat(40), STRIPE_WEBHOOK_SECRET: "whsec_real_secret" })).toThrow(/APP_URL/);
    const configured = parseEnv({ APP_URL: "https://app.dropcraft.ai/" });
    expect(publicOrigin(configured, "http://evil.example/api/auth/forgot-password")).toBe("https://app.dropcraft.ai");
    expect(publicOrigin(parseEnv({ DEV_TOOLS: "on" }), "http://127.0.0.1:8787/api/x")).toBe("http://127.0.0.1:8787");
  });
  it("names every bad variable", () => {
    let error: unknown;
    try {
      parseEnv({ APP_ENV: "staging", APP_URL: "not a url", SUPPORT_EMAIL: "nope" });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    const message = (error as Error).message;
    expect(message).toContain("APP_ENV");
    expect(message).toContain("APP_URL: APP_URL must be an absolute");
    expect(message).toContain("SUPPORT_EMAIL");
  });
});

describe("security headers", () => {
  it("carries the nonce in script-src and forbids framing", () => {
    const csp = contentSecurityPolicy("abc");
    expect(csp).toContain("script-src 'self' 'nonce-abc'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("unsafe-eval");
  });
  it("sets HSTS, nosniff and a referrer policy", () => {
    const h = securityHeaders({ https: true });
    expect(h["Strict-Transport-Security"]).toMatch(/max-age=\d+/);
    expect(h["X-Content-Type-Options"]).toBe("nosniff");
    expect(h["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
    expect(h["Content-Security-Policy"]).toContain("default-src 'none'");
  });
});

import { constantTimeEqual } from "~/server/platform/constant-time";

describe("constant-time comparison", () => {
  it("matches equal strings only", () => {
    expect(constantTimeEqual("abc123", "abc123")).toBe(true);
    expect(constantTimeEqual("abc123", "abc124")).toBe(false);
    expect(constantTimeEqual("abc", "abc123")).toBe(false);
    expect(constantTimeEqual("", "")).toBe(true);
  });
});
