import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import { SubscriptionSyncSchema } from "~/domain/contracts/subscription-sync";
import { createStripeApi } from "~/server/billing/stripe-api";
import { compareSubscription, syncSubscription, type SubscriptionSyncDeps } from "~/server/billing/sync";
import { notifyPlanChange } from "~/server/usage/meter";
import { createRouter, type ApiEnv } from "./context";
import { ErrorSchema } from "./openapi";
import { json } from "./schemas";
import { enforceRateLimit } from "./services";
import { requireCaller } from "./session";

function syncDeps(c: Context<ApiEnv>): SubscriptionSyncDeps {
  const config = c.var.config;
  return {
    db: c.var.db,
    stripe: config.STRIPE_SECRET_KEY
      ? createStripeApi({ secretKey: config.STRIPE_SECRET_KEY, baseUrl: config.STRIPE_API_BASE_URL, log: c.var.log })
      : null,
    // As the webhook does: the meter and open tabs see the fixed plan at once.
    notifyPlanChange: (userId) => notifyPlanChange(c.env, userId, c.var.db),
  };
}

const answers = {
  200: { description: "Our subscription row next to the provider's state, field by field", ...json(SubscriptionSyncSchema) },
  401: { description: "Not signed in", ...json(ErrorSchema) },
  429: { description: "Synced too often", ...json(ErrorSchema) },
  503: { description: "Stripe did not answer, or refused our key", ...json(ErrorSchema) },
};

/** /subscription-sync: the signed-in user's own subscription only; no id is ever taken from the request. */
export const subscriptionSync = createRouter()
  .openapi(
    createRoute({
      method: "get",
      path: "/billing/sync",
      summary: "Compare my subscription with the payment provider's state (changes nothing)",
      responses: answers,
    }),
    async (c) => {
      const { user } = requireCaller(c);
      return c.json({ data: await compareSubscription(syncDeps(c), user.id) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/billing/sync",
      summary: "Sync now: copy every field that differs from the payment provider into my subscription",
      description: "Reads Stripe's API when STRIPE_SECRET_KEY is set, otherwise the state the applied webhook events recorded.",
      responses: answers,
    }),
    async (c) => {
      const { user } = requireCaller(c);
      await enforceRateLimit(c, "billingSyncByUser", String(user.id));
      return c.json({ data: await syncSubscription(syncDeps(c), user.id) }, 200);
    },
  );
