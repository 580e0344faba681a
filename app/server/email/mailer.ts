/**
 * Email delivery. Every message is recorded in the outbox table; the embedded default stops
 * there (and logs the link), the Resend adapter also sends it through Resend's HTTP API.
 */
import type { Logger } from "~/server/platform/log";
import type { EmailKind, RenderedEmail } from "./templates";

export interface OutgoingEmail extends RenderedEmail {
  to: string;
  kind: EmailKind;
  link?: string;
}

export interface OutboxStore {
  record(email: OutgoingEmail & { transport: "outbox" | "resend"; providerId?: string | null }): Promise<unknown>;
}

export interface Mailer {
  readonly transport: "outbox" | "resend";
  send(email: OutgoingEmail): Promise<void>;
}

export function createOutboxMailer(store: OutboxStore, log: Logger): Mailer {
  return {
    transport: "outbox",
    async send(email) {
      await store.record({ ...email, transport: "outbox" });
      // Local delivery: the link is in the log and in the dev outbox.
      log.info("email queued in local outbox", { to: email.to, kind: email.kind, subject: email.subject, link: email.link });
    },
  };
}

export class EmailDeliveryError extends Error {
  constructor(message: string, readonly status?: number) {
    super(message);
    this.name = "EmailDeliveryError";
  }
}

export function createResendMailer(
  options: { apiKey: string; baseUrl: string; from: string; fetchImpl?: typeof fetch },
  store: OutboxStore,
  log: Logger,
): Mailer {
  const doFetch = options.fetchImpl ?? fetch;
  return {
    transport: "resend",
    async send(email) {
      const res = await doFetch(new URL("/emails", options.baseUrl).toString(), {
        method: "POST",
        headers: {
          Authorization: `Bearer ${options.apiKey}`,
          "Content-Type": "application/json",
          "User-Agent": "dropcraft/1.0",
        },
        body: JSON.stringify({
          from: options.from,
          to: [email.to],
          subject: email.subject,
          html: email.html,
          text: email.text,
          tags: [{ name: "kind", value: email.kind }],
        }),
      });
      const body = (await res.json().catch(() => ({}))) as { id?: string; message?: string };
      if (!res.ok) {
        log.error("resend refused email", { status: res.status, message: body.message, kind: email.kind });
        throw new EmailDeliveryError(`Resend answered ${res.status}: ${body.message ?? "unknown error"}`, res.status);
      }
      await store.record({ ...email, transport: "resend", providerId: body.id ?? null });
      log.info("email sent via resend", { to: email.to, kind: email.kind, id: body.id });
    },
  };
}
