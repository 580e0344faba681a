/** Builds the providers a request's domain calls need, from configuration. */
import type { Context } from "hono";
import type { AuthDeps } from "~/server/auth/service";
import { createOutboxMailer, createResendMailer, type Mailer, type OutboxStore } from "~/server/email/mailer";
import { enforceRateLimit as enforceRateLimitWith } from "~/server/platform/rate-limit";
import type { RateLimitAction } from "~/server/platform/rate-limit-rules";
import { publicOrigin } from "~/server/platform/env";
import { insertOutboxEmail } from "../db/outbox";
import type { ApiEnv } from "./context";
import { signingKeys } from "./session";

/** The origin of emailed and redirect links: APP_URL, never a forged Host (see publicOrigin). */
export function appUrl(c: Context<ApiEnv>): string {
  return publicOrigin(c.var.config, c.req.url);
}

export function mailerFor(c: Context<ApiEnv>): Mailer {
  const store: OutboxStore = {
    record: (email) =>
      insertOutboxEmail(c.var.db, {
        toAddress: email.to,
        subject: email.subject,
        html: email.html,
        text: email.text,
        link: email.link ?? null,
        kind: email.kind,
        transport: email.transport,
        providerId: email.providerId ?? null,
      }),
  };
  const config = c.var.config;
  if (config.RESEND_API_KEY) {
    return createResendMailer(
      { apiKey: config.RESEND_API_KEY, baseUrl: config.RESEND_BASE_URL, from: config.EMAIL_FROM },
      store,
      c.var.log,
    );
  }
  return createOutboxMailer(store, c.var.log);
}

export function authDeps(c: Context<ApiEnv>): AuthDeps {
  return {
    db: c.var.db,
    mailer: mailerFor(c),
    keys: signingKeys(c.var.config),
    appUrl: appUrl(c),
    supportEmail: c.var.config.SUPPORT_EMAIL,
    sessionTtlDays: c.var.config.SESSION_TTL_DAYS,
  };
}

/** The request's form of enforceRateLimit (app/server/platform/rate-limit.ts): the limiter binding from the context. */
export function enforceRateLimit(c: Context<ApiEnv>, action: RateLimitAction, client: string): Promise<void> {
  return enforceRateLimitWith(c.env.RATE_LIMITER, action, client);
}
