import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, latestLink, signupUser } from "./helpers";

describe("emailed links come from the configured origin only", () => {
  it("a password reset requested with a forged Host still links to APP_URL", async () => {
    const u = await signupUser();
    const res = await SELF.fetch("http://evil.example/api/auth/forgot-password", {
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
