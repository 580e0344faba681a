/** The browser's client for /api/billing/sync (functions/subscription-sync.ts). */
import type { SubscriptionSyncResult, SubscriptionSyncSchema } from "~/domain/contracts/subscription-sync";
import { apiRequest } from "~/lib/http";
import type { z } from "zod";

type Envelope = z.infer<typeof SubscriptionSyncSchema>;

export const SUBSCRIPTION_SYNC_KEY = ["/api/billing/sync"] as const;

/** The comparison, changing nothing. */
export async function fetchSubscriptionSync(signal?: AbortSignal): Promise<SubscriptionSyncResult> {
  const res = await apiRequest("GET", "/api/billing/sync", undefined, { signal, timeoutMs: 30_000 });
  return ((await res.json()) as Envelope).data;
}

/** Sync now: the provider's values replace ours where they differ. */
export async function runSubscriptionSync(): Promise<SubscriptionSyncResult> {
  const res = await apiRequest("POST", "/api/billing/sync", undefined, { timeoutMs: 30_000 });
  return ((await res.json()) as Envelope).data;
}
