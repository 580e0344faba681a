/**
 * A small adapter for Stripe's REST API (what /subscription-sync and the checkout webhook read):
 * retrieve one subscription, or a customer's newest one. Bearer secret key, every request pinned
 * to STRIPE_API_VERSION with the `Stripe-Version` header (so answers come in the basil shapes the
 * translation reads, whatever the account's default version), JSON answers, errors as
 * `{ error: { type, code, message } }`.
 */
import { AppError } from "~/domain/errors";
import type { Logger } from "~/server/platform/log";
import { STRIPE_API_VERSION } from "./stripe-version";

export const STRIPE_DEFAULT_API_BASE_URL = "https://api.stripe.com";
const STRIPE_TIMEOUT_MS = 10_000;

/** The fields of a Stripe subscription object we read (stripe-events.ts maps them). */
export type StripeSubscriptionObject = Record<string, unknown> & { id: string };

export interface StripeApi {
  /** The subscription, or null when Stripe has none with that id. */
  retrieveSubscription(id: string): Promise<StripeSubscriptionObject | null>;
  /** The customer's most recently created subscription of any status, or null. */
  latestSubscriptionForCustomer(customerId: string): Promise<StripeSubscriptionObject | null>;
}

export function createStripeApi(options: { secretKey: string; baseUrl?: string; fetch?: typeof fetch; log: Logger; timeoutMs?: number }): StripeApi {
  const doFetch = options.fetch ?? fetch;
  const base = (options.baseUrl ?? STRIPE_DEFAULT_API_BASE_URL).replace(/\/+$/, "");

  async function get(path: string): Promise<unknown | null> {
    let res: Response;
    try {
      res = await doFetch(`${base}${path}`, {
        headers: { Authorization: `Bearer ${options.secretKey}`, "Stripe-Version": STRIPE_API_VERSION, Accept: "application/json" },
        signal: AbortSignal.timeout(options.timeoutMs ?? STRIPE_TIMEOUT_MS),
      });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      options.log.warn(timedOut ? "stripe api timed out" : "stripe api unreachable", { path, error: error instanceof Error ? error.message : String(error) });
      throw new AppError("UNAVAILABLE", "Stripe did not answer in time. Please try Sync now again in a minute.", { cause: error });
    }
    const body = (await res.json().catch(() => ({}))) as { error?: { code?: string; message?: string } };
    if (res.ok) return body;
    if (res.status === 404) return null;
    if (res.status === 401 || res.status === 403) {
      // An operator problem: logged loudly, never with the key.
      options.log.error("stripe rejected the secret key", { status: res.status, code: body.error?.code });
      throw new AppError("UNAVAILABLE", "The payment provider rejected our key, so your subscription cannot be checked right now. Please contact support.");
    }
    options.log.warn("stripe api error", { path, status: res.status, code: body.error?.code, message: body.error?.message });
    throw new AppError("UNAVAILABLE", "Stripe could not answer right now. Please try Sync now again in a minute.");
  }

  return {
    async retrieveSubscription(id) {
      const found = (await get(`/v1/subscriptions/${encodeURIComponent(id)}`)) as StripeSubscriptionObject | null;
      return found && typeof found.id === "string" ? found : null;
    },
    async latestSubscriptionForCustomer(customerId) {
      const query = new URLSearchParams({ customer: customerId, status: "all", limit: "1" });
      const list = (await get(`/v1/subscriptions?${query}`)) as { data?: StripeSubscriptionObject[] } | null;
      return list?.data?.[0] ?? null;
    },
  };
}
