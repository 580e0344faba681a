import { env } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import { createResendMailer, EmailDeliveryError, type OutboxStore } from "~/server/email/mailer";
import { renderEmail } from "~/server/email/templates";
import { createLogger } from "~/server/platform/log";
import { createDb } from "../../db/client";
import { insertOutboxEmail, listOutboxFor } from "../../db/outbox";

const log = createLogger({}, "warn");

function store(): OutboxStore {
  const db = createDb(env.DB);
  return {
    record: (e) =>
      insertOutboxEmail(db, {
        toAddress: e.to,
        subject: e.subject,
        html: e.html,
        text: e.text,
        link: e.link ?? null,
        kind: e.kind,
        transport: e.transport,
        providerId: e.providerId ?? null,
      }),
  };
}

const message = () => {
  const rendered = renderEmail("verify_email", {
    appUrl: "https://app.dropcraft.test",
    username: "merchant <b>",
    link: "https://app.dropcraft.test/verify-email?token=abc",
    supportEmail: "support@dropcraft.test",
  });
  return { ...rendered, to: "buyer@store.test", kind: "verify_email" as const, link: "https://app.dropcraft.test/verify-email?token=abc" };
};

describe("Resend adapter against a local server speaking Resend's API", () => {
  it("sends the email with the bearer key and records the provider id", async () => {
    const baseUrl = inject("resendUrl");
    const mailer = createResendMailer({ apiKey: "re_test_key", baseUrl, from: "Dropcraft <hello@dropcraft.test>" }, store(), log);
    await mailer.send(message());
    const received = (await (await fetch(`${baseUrl}/__received`)).json()) as Record<string, unknown>[];
    const sent = received.at(-1)!;
    expect(sent).toMatchObject({ from: "Dropcraft <hello@dropcraft.test>", to: ["buyer@store.test"], subject: "Verify your email for Dropcraft" });
    expect(sent.html).toContain("https://app.dropcraft.test/verify-email?token=abc");
    expect(sent.text).toContain("Verify email: https://app.dropcraft.test/verify-email?token=abc");
    const [row] = await listOutboxFor(createDb(env.DB), "buyer@store.test");
    expect(row.transport).toBe("resend");
    expect(row.providerId).toMatch(/^email_\d+$/);
  });

  it("surfaces Resend's refusal (wrong key) as a delivery error", async () => {
    const mailer = createResendMailer(
      { apiKey: "wrong", baseUrl: inject("resendUrl"), from: "Dropcraft <hello@dropcraft.test>" },
      store(),
      { ...log, error: () => {} },
    );
    const err = await mailer.send(message()).catch((e) => e);
    expect(err).toBeInstanceOf(EmailDeliveryError);
    expect(err.status).toBe(401);
    expect(err.message).toContain("API key is invalid");
  });
});

describe("email templates", () => {
  it("are real HTML and text emails that escape user input", () => {
    const m = message();
    expect(m.html).toMatch(/^<!doctype html>/);
    expect(m.html).toContain("merchant &lt;b&gt;");
    expect(m.html).not.toContain("merchant <b>");
    expect(m.text).toContain("Hi merchant <b>,");
    expect(m.text).not.toContain("<table");
  });
});
