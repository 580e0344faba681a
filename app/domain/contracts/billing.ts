/** Billing shapes shared by the webhook translation (server), its D1 writes (db) and the receipts screen. */
import { z } from "zod";

export interface SubscriptionChange {
  plan: string;
  planName: string | null;
  status: string;
  customerId: string | null;
  subscriptionId: string | null;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: string | null;
}

export interface PaymentRecord {
  id: string;
  plan: string;
  interval: string | null;
  amountTotal: number;
  currency: string;
  customerEmail: string | null;
  customerId: string | null;
  subscriptionId: string | null;
}

export type BillingEffect =
  | { kind: "subscription"; who: Who; change: Partial<SubscriptionChange> }
  | { kind: "unclaimed"; purchase: PaymentRecord & { email: string } }
  | { kind: "payment"; who: Who; payment: PaymentRecord }
  /** A delayed payment (SEPA, ACH) of a checkout failed: nothing is activated, the buyer is told. */
  | { kind: "checkout_failed"; who: Who; sessionId: string; email: string | null }
  | { kind: "ignored"; reason: string };

/** How to find the user: our id from client_reference_id/metadata, or the Stripe customer. */
export interface Who {
  userId: number | null;
  customerId: string | null;
  /** The Stripe subscription, when the event names one (another way to find the user). */
  subscriptionId?: string | null;
}

// --- HTTP shapes of the billing resource ---------------------------------------------------

export const BillingIntervalSchema = z.enum(["monthly", "yearly"]);

/** What a Stripe webhook body must at least be before its signature-checked effects are read. */
export const StripeEventSchema = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  created: z.number().optional(),
  /** The Stripe API version the event was rendered at (null for very old events). */
  api_version: z.string().nullable().optional(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

export const CheckoutUrlSchema = z.object({ data: z.object({ url: z.string(), provider: z.enum(["stripe", "dev"]) }) }).meta({ id: "CheckoutUrl" });
export const PortalUrlSchema = z.object({ data: z.object({ url: z.string().nullable() }) });

/** A payment as the receipt screen shows it. */
export const ReceiptSchema = z
  .object({
    id: z.string(),
    plan: z.string(),
    interval: z.string().nullable(),
    amountTotal: z.number(),
    currency: z.string(),
    customerEmail: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: "Receipt" });

export const ClaimResultSchema = z.object({ success: z.literal(true), data: z.object({ claimed: z.number(), plan: z.string().nullable() }) });
export const DevCheckoutResultSchema = z.object({ success: z.literal(true), data: z.object({ sessionId: z.string(), redirectTo: z.string() }) });

export type Receipt = z.infer<typeof ReceiptSchema>;

