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

/**
 * Omnisend's API as we speak to it. Source: Omnisend's API reference (api-docs.omnisend.com),
 * "Contacts" (v2026-03-15 reference: endpoint https://api.omnisend.com/api/contacts, email
 * identifiers with their email channel's status and statusDate) and the versioning guides
 * "Migrate from v3 to v2026-03-15" / "Migrate from v5 to v2026-03-15" (read 2026-11-28):
 * - The dated-version surface lives under `https://api.omnisend.com/api/`. Every request names its
 *   version in the `Omnisend-Version` header (required on every request), here
 *   OMNISEND_API_VERSION.
 * - The key goes in `Authorization: Omnisend-API-Key {key}`. The legacy `X-API-KEY` header
 *   belongs to the numbered versions (v3, v5), which need no version header.
 * - `POST /api/contacts` with `identifiers: [{ type: "email", id, channels: { email: { status,
 *   statusDate } } }]` and optional `tags`, `firstName`, `lastName`… saves the contact. Omnisend
 *   keeps the newest statusDate, and an identifier belongs to one contact only.
 * - Errors are RFC 9457 problem details, `{ type, title, status, detail, errors[] }` (v3 and v5
 *   answered `{ error, fields }`).
 * Not stated there, so read defensively: whether a POST for an email Omnisend already holds
 * updates that contact (as v3/v5 did: 200 updated, 201 created) or answers 409; both count as
 * subscribed here. The new contact's id is read from `id` (the path parameter was renamed from
 * contactID) or `contactID`.
 */
export const OMNISEND_API_VERSION = "2026-03-15";
export const OMNISEND_DEFAULT_BASE_URL = "https://api.omnisend.com/api";
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

/** The body of `POST /api/contacts` for one newsletter sign-up: the email identifier, subscribed now, tagged with where it came from. */
export function omnisendContactBody(email: string, source: NewsletterSource, now: Date) {
  return {
    identifiers: [{ type: "email" as const, id: email, channels: { email: { status: "subscribed" as const, statusDate: now.toISOString() } } }],
    tags: [`source: ${source}`],
  };
}

/** The request headers of every call: the dated version and the key in Omnisend's scheme. */
export function omnisendHeaders(apiKey: string): Record<string, string> {
  return {
    Authorization: `Omnisend-API-Key ${apiKey}`,
    "Omnisend-Version": OMNISEND_API_VERSION,
    "Content-Type": "application/json",
    Accept: "application/json",
  };
}

/** An Omnisend answer body: RFC 9457 problem details on errors; `id` (or `contactID`) on success. */
interface OmnisendAnswer {
  id?: string;
  contactID?: string;
  title?: string;
  detail?: string;
  errors?: { field?: string; pointer?: string; message?: string; detail?: string }[];
}

/** The problem's own words: its detail, else its title, else the first listed error. */
function problemText(body: OmnisendAnswer): string | undefined {
  const first = Array.isArray(body.errors) ? body.errors[0] : undefined;
  return body.detail ?? body.title ?? first?.message ?? first?.detail;
}

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
          headers: omnisendHeaders(options.apiKey),
          body: JSON.stringify(omnisendContactBody(email, source, options.now?.() ?? new Date())),
          signal: AbortSignal.timeout(options.timeoutMs ?? OMNISEND_TIMEOUT_MS),
        });
      } catch (error) {
        const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
        log.warn(timedOut ? "omnisend timed out" : "omnisend unreachable", { error: error instanceof Error ? error.message : String(error) });
        throw new AppError("UNAVAILABLE", UNAVAILABLE_MESSAGE, { cause: error });
      }
      const body = (await res.json().catch(() => ({}))) as OmnisendAnswer;
      const message = problemText(body);
      if (res.ok) {
        log.info("newsletter contact saved in omnisend", { contactId: body.id ?? body.contactID, source });
        // 200: a contact Omnisend already had was updated; 201: created.
        return { alreadySubscribed: res.status === 200 };
      }
      if (res.status === 409) {
        // The address is already a contact: subscribing again is harmless, as our own list says.
        log.info("newsletter contact already in omnisend", { source, message });
        return { alreadySubscribed: true };
      }
      if (res.status === 400 || res.status === 422) {
        throw new AppError("VALIDATION", `The newsletter service refused ${email}: ${message ?? "it is not a valid address"}.`, {
          details: { fields: [{ path: "email", message: message ?? "refused by the newsletter service" }] },
        });
      }
      if (res.status === 401 || res.status === 403) {
        // An operator problem: logged loudly, never with the key.
        log.error("newsletter service rejected the key", { status: res.status, message });
        throw new AppError("UNAVAILABLE", "The newsletter service rejected the key, so we could not subscribe you. Please try again later.");
      }
      log.warn("omnisend refused the contact", { status: res.status, message });
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
