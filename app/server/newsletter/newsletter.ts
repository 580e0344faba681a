/**
 * Newsletter sign-ups. The embedded default keeps subscribers in our own table; with
 * OMNISEND_API_KEY set the Omnisend adapter also creates (or updates) the contact in Omnisend.
 * Both sit behind one interface, and the local row is written either way so admin counts work.
 */
import { AppError } from "~/domain/errors";
import type { Logger } from "~/server/platform/log";
import type { Database } from "../../../db/client";
import { addNewsletterSubscriber } from "../../../db/newsletter";

export type NewsletterSource = string;

export interface NewsletterProvider {
  readonly name: "local" | "omnisend";
  /** Subscribes the address; subscribing an address twice is harmless. */
  subscribe(email: string, source: NewsletterSource): Promise<{ alreadySubscribed: boolean }>;
}

export function createLocalNewsletter(db: Database): NewsletterProvider {
  return {
    name: "local",
    async subscribe(email, source) {
      const { created } = await addNewsletterSubscriber(db, email, source);
      return { alreadySubscribed: !created };
    },
  };
}

export const OMNISEND_DEFAULT_BASE_URL = "https://api.omnisend.com/v3";
const OMNISEND_TIMEOUT_MS = 8_000;
const UNAVAILABLE_MESSAGE = "The newsletter service is not answering right now. Please try again in a few minutes.";

export interface OmnisendOptions {
  apiKey: string;
  baseUrl?: string;
  fetch?: typeof fetch;
  log: Logger;
  timeoutMs?: number;
  /** The consent time sent as statusDate; a clock for tests. */
  now?: () => Date;
}

/**
 * Omnisend's contacts API (v3): `POST {base}/contacts` with the X-API-KEY header creates the
 * contact, or updates the one already holding that email identifier, so a repeat is idempotent.
 * 4xx answers carry `{ error, fields }`.
 */
export function createOmnisendNewsletter(options: OmnisendOptions): NewsletterProvider {
  const doFetch = options.fetch ?? fetch;
  const base = (options.baseUrl ?? OMNISEND_DEFAULT_BASE_URL).replace(/\/+$/, "");
  const log = options.log;
  return {
    name: "omnisend",
    async subscribe(email, source) {
      let res: Response;
      try {
        res = await doFetch(`${base}/contacts`, {
          method: "POST",
          headers: { "X-API-KEY": options.apiKey, "Content-Type": "application/json", Accept: "application/json" },
          body: JSON.stringify({
            identifiers: [
              {
                type: "email",
                id: email,
                channels: { email: { status: "subscribed", statusDate: (options.now?.() ?? new Date()).toISOString() } },
              },
            ],
            tags: [`source: ${source}`],
          }),
          signal: AbortSignal.timeout(options.timeoutMs ?? OMNISEND_TIMEOUT_MS),
        });
      } catch (error) {
        const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
        log.warn(timedOut ? "omnisend timed out" : "omnisend unreachable", { error: error instanceof Error ? error.message : String(error) });
        throw new AppError("UNAVAILABLE", UNAVAILABLE_MESSAGE, { cause: error });
      }
      const body = (await res.json().catch(() => ({}))) as { contactID?: string; error?: string };
      if (res.ok) {
        log.info("newsletter contact saved in omnisend", { contactId: body.contactID, source });
        // Omnisend answers 200 when it updated a contact it already had, 201 when it created one.
        return { alreadySubscribed: res.status === 200 };
      }
      if (res.status === 400 || res.status === 422) {
        throw new AppError("VALIDATION", `The newsletter service refused ${email}: ${body.error ?? "it is not a valid address"}.`, {
          details: { fields: [{ path: "email", message: body.error ?? "refused by the newsletter service" }] },
        });
      }
      if (res.status === 401 || res.status === 403) {
        // An operator problem: logged loudly, never with the key.
        log.error("newsletter service rejected the key", { status: res.status, message: body.error });
        throw new AppError("UNAVAILABLE", "The newsletter service rejected the key, so we could not subscribe you. Please try again later.");
      }
      log.warn("omnisend refused the contact", { status: res.status, message: body.error });
      throw new AppError("UNAVAILABLE", UNAVAILABLE_MESSAGE);
    },
  };
}

/**
 * Subscribes through the configured provider, then keeps (or finds) the local row. A provider
 * failure saves nothing, so the person is never counted as subscribed after being told it failed.
 */
export async function subscribeToNewsletter(
  deps: { db: Database; provider: NewsletterProvider | null },
  input: { email: string; source: NewsletterSource },
): Promise<{ alreadySubscribed: boolean }> {
  const email = input.email.trim().toLowerCase();
  const local = createLocalNewsletter(deps.db);
  if (!deps.provider || deps.provider.name === "local") return local.subscribe(email, input.source);
  await deps.provider.subscribe(email, input.source);
  // Our own list says whether this is a repeat: Omnisend also holds contacts from other sources.
  return local.subscribe(email, input.source);
}
