/**
 * Claiming a purchase made under another email (spec: /claim-subscription, /claim-demo): the
 * signed-in user proves access to the purchase email through an emailed single-use link, then
 * the purchase moves to their account.
 */
import { claimPurchases, hasUnclaimedPurchase } from "../../../db/billing";
import { consumeAuthToken } from "../../../db/auth-tokens";
import type { User } from "../../../db/schema";
import { issueEmailToken, loadToken, type AuthDeps } from "~/server/auth/service";
import { AppError } from "~/domain/errors";
import { releasePendingStripeEvents } from "./stripe-webhook";

export const CLAIM_STARTED_MESSAGE =
  "If a purchase was made with that email, we've sent it a link to attach it to this account. Check that inbox.";

/** Answers the same whether or not a purchase exists, so purchases cannot be probed. */
export async function startClaim(deps: AuthDeps, user: User, email: string): Promise<void> {
  const address = email.trim().toLowerCase();
  if (!(await hasUnclaimedPurchase(deps.db, address))) return;
  await issueEmailToken(deps, user, "claim_purchase", address, "claim_purchase");
}

export async function confirmClaim(deps: AuthDeps, user: User, token: string): Promise<{ claimed: number; plan: string | null }> {
  const row = await loadToken(deps, token, "claim_purchase");
  const invalid = new AppError("VALIDATION", "This claim link is not valid or has expired. Start the claim again.");
  if (!row || row.usedAt || Date.parse(row.expiresAt) <= (deps.now?.() ?? new Date()).getTime()) throw invalid;
  // The link only works for the account that asked for it.
  if (row.userId !== user.id) throw new AppError("FORBIDDEN", "This claim link belongs to another Dropcraft account. Log in to that account to use it.");
  if (!(await consumeAuthToken(deps.db, row.tokenHash, deps.now?.() ?? new Date()))) throw invalid;
  const { customerId, subscriptionId, ...result } = await claimPurchases(deps.db, user.id, row.email);
  if (!result.claimed) throw new AppError("NOT_FOUND", "There is no unclaimed purchase for that email any more.");
  // Subscription events Stripe sent before the customer was anyone's are applied now.
  await releasePendingStripeEvents(deps.db, user.id, { customerId, subscriptionId });
  return result;
}
