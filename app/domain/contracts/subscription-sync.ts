/**
 * /subscription-sync (issue 16): our subscription row next to the payment provider's last state,
 * field by field. GET compares; POST compares and copies the provider's values into our row.
 */
import { z } from "zod";
import { SYNC_FIELDS } from "../subscription-sync";

const SyncValue = z.union([z.string(), z.boolean(), z.null()]);

export const SubscriptionSnapshotSchema = z
  .object({
    plan: z.string().nullable(),
    status: z.string().nullable(),
    currentPeriodEnd: z.string().nullable(),
    cancelAtPeriodEnd: z.boolean().nullable(),
    customerId: z.string().nullable(),
    subscriptionId: z.string().nullable(),
    /** When we last wrote our row, or when the provider's state was read or recorded. */
    updatedAt: z.string().nullable(),
  })
  .meta({ id: "SubscriptionSnapshot" });

export const SyncDifferenceSchema = z
  .object({ field: z.enum(SYNC_FIELDS), ours: SyncValue, provider: SyncValue })
  .meta({ id: "SyncDifference" });

export const SubscriptionSyncSchema = z
  .object({
    data: z.object({
      /** "stripe": read from Stripe's API now; "events": the last applied webhook events (no STRIPE_SECRET_KEY). */
      source: z.enum(["stripe", "events"]),
      ours: SubscriptionSnapshotSchema.nullable(),
      provider: SubscriptionSnapshotSchema.nullable(),
      /** The event (or claimed checkout) behind the provider's state when source is "events". */
      providerEvent: z.object({ id: z.string(), type: z.string() }).nullable(),
      differences: z.array(SyncDifferenceSchema),
      /** True when the provider's state is known and every field matches (after a fix: now matches). */
      inSync: z.boolean(),
      /** POST only: the differences that were copied into our row. */
      fixed: z.array(SyncDifferenceSchema),
      checkedAt: z.string(),
      message: z.string(),
    }),
  })
  .meta({ id: "SubscriptionSync" });

export type SubscriptionSnapshot = z.infer<typeof SubscriptionSnapshotSchema>;
export type SyncDifference = z.infer<typeof SyncDifferenceSchema>;
export type SubscriptionSyncResult = z.infer<typeof SubscriptionSyncSchema>["data"];
