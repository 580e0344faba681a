/**
 * The Stripe API version the product expects (ADR 019). The webhook endpoint is created with it
 * (`stripe webhook_endpoints create --api-version 2025-08-27.basil`, or the version picker in the
 * dashboard), and it is the version the installed `stripe` package's types describe: stripe-node
 * 18.5.x is pinned to 2025-08-27.basil (tests/unit/server/stripe-version.test.ts holds them
 * together), so the contract fixtures typed with `Stripe.Invoice` etc. are this version's shapes.
 */
export const STRIPE_API_VERSION = "2025-08-27.basil";

/** The first version of the basil shapes (invoice.payments, no charge.invoice, invoice.parent). */
export const STRIPE_BASIL_FIRST_VERSION = "2025-03-31.basil";

export type ApiVersionVerdict =
  /** The expected version, or none named (our dev checkout and older tooling): read as usual. */
  | { read: true; note: null }
  /** Another version whose shapes we know (pre-basil or an earlier basil): read, with a warning. */
  | { read: true; note: string }
  /** A version newer than ours: its shapes are unknown, so nothing of it is applied. */
  | { read: false; note: string };

const datePart = (v: string) => /^(\d{4}-\d{2}-\d{2})/.exec(v)?.[1] ?? null;

/**
 * What to do with an event rendered at `apiVersion`. The translation reads both the pre-basil and
 * the basil shapes, so every version up to ours is read; a later one (a new release such as
 * clover) may have moved fields again and is refused whole rather than half-applied.
 */
export function apiVersionVerdict(apiVersion: unknown): ApiVersionVerdict {
  if (apiVersion === undefined || apiVersion === null || apiVersion === STRIPE_API_VERSION) return { read: true, note: null };
  const expected = `this endpoint expects Stripe API version ${STRIPE_API_VERSION}`;
  const date = typeof apiVersion === "string" ? datePart(apiVersion) : null;
  if (!date) return { read: false, note: `the event's api_version ${JSON.stringify(apiVersion).slice(0, 40)} is not a Stripe API version; ${expected}` };
  if (date > datePart(STRIPE_API_VERSION)!) {
    return { read: false, note: `the event was rendered at Stripe API version ${apiVersion}, newer than the shapes this product reads; ${expected}` };
  }
  const family = date >= datePart(STRIPE_BASIL_FIRST_VERSION)! ? "basil" : "pre-basil";
  return { read: true, note: `the event was rendered at Stripe API version ${apiVersion} (${family} shapes, read); ${expected}` };
}
