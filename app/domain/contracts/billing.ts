/** Billing shapes shared by the webhook translation (server), its D1 writes (db) and the receipts screen. */
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
  | { kind: "ignored"; reason: string };

/** How to find the user: our id from client_reference_id/metadata, or the Stripe customer. */
export interface Who {
  userId: number | null;
  customerId: string | null;
}
