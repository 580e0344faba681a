/** Builds the providers a request's domain calls need, from configuration. */
import type { Context } from "hono";
import type { AuthDeps } from "~/server/auth/service";
import { createOutboxMailer, createResendMailer, type Mailer, type OutboxStore } from "~/server/email/mailer";
import { AppError } from "~/domain/errors";
import { RATE_LIMITS, type RateLimitAction } from "~/server/platform/rate-limit-rules";
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

/** Counts a hit against the action's limit for this client; 429 with Retry-After when over. */
export async function enforceRateLimit(c: Context<ApiEnv>, action: RateLimitAction, client: string): Promise<void> {
  const rule = RATE_LIMITS[action];
  const stub = c.env.RATE_LIMITER.get(c.env.RATE_LIMITER.idFromName(`${action}:${client.toLowerCase()}`));
  const result = await stub.hit(rule);
  if (!result.allowed) {
    const seconds = Math.ceil(result.retryAfterMs / 1000);
    throw new AppError("RATE_LIMITED", `Too many attempts. Please try again in ${formatWait(seconds)}.`, {
      headers: { "Retry-After": String(seconds) },
      details: { retryAfterSeconds: seconds, action },
    });
  }
}

function formatWait(seconds: number): string {
  if (seconds < 90) return `${seconds} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}
