import { createRoute, z } from "@hono/zod-openapi";
import { signStripePayload, verifyStripeSignature } from "~/server/billing/stripe-signature";
import type { StripeEvent } from "~/server/billing/stripe-events";
import { createStripeApi } from "~/server/billing/stripe-api";
import { receiveStripeEvent } from "~/server/billing/stripe-webhook";
import { STRIPE_API_VERSION } from "~/server/billing/stripe-version";
import { CLAIM_STARTED_MESSAGE, confirmClaim, startClaim } from "~/server/billing/claims";
import { AppError } from "~/domain/errors";
import { GROWTH_PRICES } from "~/domain/pricing";
import { latestPayment } from "../db/billing";
import { devToolsEnabled } from "~/server/platform/env";
import {
  BillingIntervalSchema,
  CheckoutUrlSchema,
  ClaimResultSchema,
  DevCheckoutResultSchema,
  PortalUrlSchema,
  ReceiptSchema,
  StripeEventSchema,
} from "~/domain/contracts/billing";
import { createRouter, type ApiEnv } from "./context";
import { notifyPlanChange } from "~/server/usage/meter";
import { ErrorSchema } from "./openapi";
import { email, json, SuccessSchema } from "./schemas";
import { appUrl, authDeps, enforceRateLimit, mailerFor } from "./services";
import { requireCaller } from "./session";
import type { Context } from "hono";

const Interval = BillingIntervalSchema;

/** Our Stripe webhook: verify, then the service translates and applies it (app/server/billing/stripe-webhook.ts). */
async function receiveStripeEventRoute(c: Context<ApiEnv>) {
  const raw = await c.req.text();
  const check = await verifyStripeSignature(raw, c.req.header("stripe-signature"), c.var.config.STRIPE_WEBHOOK_SECRET);
  if (!check.ok) throw new AppError("VALIDATION", `Stripe signature check failed: ${check.problem}.`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new AppError("VALIDATION", "The webhook body is not valid JSON.");
  }
  const event = StripeEventSchema.safeParse(parsed);
  if (!event.success) throw new AppError("VALIDATION", "The webhook body is not a Stripe event.");
  const outcome = await receiveStripeEvent(
    {
      db: c.var.db,
      log: c.var.log,
      notifyPlanChange: (userId) => notifyPlanChange(c.env, userId, c.var.db),
      mailer: mailerFor(c),
      appUrl: appUrl(c),
      supportEmail: c.var.config.SUPPORT_EMAIL,
      // With the secret key a paid subscription checkout reads the subscription; its failure
      // lines say what happens instead.
      stripe: c.var.config.STRIPE_SECRET_KEY
        ? createStripeApi({
            secretKey: c.var.config.STRIPE_SECRET_KEY,
            baseUrl: c.var.config.STRIPE_API_BASE_URL,
            log: c.var.log.child({ readFor: "checkout", onFailure: "pending subscription events applied instead" }),
          })
        : null,
    },
    event.data as StripeEvent,
    raw,
  );
  c.var.log.info("stripe event", { id: event.data.id, type: event.data.type, ...outcome });
  return c.json({ received: true, duplicate: !outcome.applied, pending: outcome.pending, ignored: outcome.ignored }, 200);
}

export function createBilling(dispatch: (request: Request, c: Context<ApiEnv>) => Promise<Response>) {
  const billing = createRouter();
  billing.post("/webhooks/stripe", receiveStripeEventRoute);

  return billing
    .openapi(
      createRoute({
        method: "get",
        path: "/billing/checkout",
        summary: "Where the upgrade button sends the user (Stripe Payment Link or the offline dev checkout)",
        request: { query: z.object({ interval: Interval.default("monthly") }) },
        responses: {
          200: { description: "Checkout URL", ...json(CheckoutUrlSchema) },
          401: { description: "Not signed in", ...json(ErrorSchema) },
        },
      }),
      (c) => {
        const { user } = requireCaller(c);
        const { interval } = c.req.valid("query");
        const config = c.var.config;
        const link = interval === "yearly" ? config.STRIPE_PAYMENT_LINK_YEARLY : config.STRIPE_PAYMENT_LINK_MONTHLY;
        if (link) {
          const url = new URL(link);
          url.searchParams.set("client_reference_id", String(user.id));
          url.searchParams.set("prefilled_email", user.email);
          return c.json({ data: { url: url.toString(), provider: "stripe" as const } }, 200);
        }
        // No Payment Links: only a local run (DEV_TOOLS=on) has the offline test checkout.
        if (!devToolsEnabled(config)) {
          throw new AppError("UNAVAILABLE", "Upgrades are not available right now: payments are not set up. Please contact support.");
        }
        return c.json({ data: { url: `${appUrl(c)}/dev/checkout?interval=${interval}`, provider: "dev" as const } }, 200);
      },
    )
    .openapi(
      createRoute({
        method: "get",
        path: "/billing/portal",
        summary: "The customer-portal link for paid users",
        responses: {
          200: { description: "Portal URL", ...json(PortalUrlSchema) },
          401: { description: "Not signed in", ...json(ErrorSchema) },
        },
      }),
      (c) => {
        requireCaller(c);
        return c.json({ data: { url: c.var.config.STRIPE_PORTAL_URL ?? null } }, 200);
      },
    )
    .openapi(
      createRoute({
        method: "get",
        path: "/billing/receipt",
        summary: "The user's latest payment (or one by id), for the receipt screen",
        request: { query: z.object({ id: z.string().max(200).optional() }) },
        responses: {
          200: {
            description: "Receipt",
            ...json(
              z.object({ data: ReceiptSchema.nullable() }),
            ),
          },
          401: { description: "Not signed in", ...json(ErrorSchema) },
        },
      }),
      async (c) => {
        const { user } = requireCaller(c);
        const payment = await latestPayment(c.var.db, user.id, c.req.valid("query").id);
        return c.json(
          {
            data: payment
              ? {
                  id: payment.id,
                  plan: payment.plan,
                  interval: payment.interval,
                  amountTotal: payment.amountTotal,
                  currency: payment.currency,
                  customerEmail: payment.customerEmail,
                  createdAt: payment.createdAt,
                }
              : null,
          },
          200,
        );
      },
    )
    .openapi(
      createRoute({
        method: "post",
        path: "/billing/claim",
        summary: "Start claiming a purchase made under another email: emails that address a link",
        request: { body: { required: true, ...json(z.object({ email: email() })) } },
        responses: {
          200: { description: "Accepted (same answer whether or not a purchase exists)", ...json(SuccessSchema) },
          401: { description: "Not signed in", ...json(ErrorSchema) },
          429: { description: "Too many attempts", ...json(ErrorSchema) },
        },
      }),
      async (c) => {
        const { user } = requireCaller(c);
        await enforceRateLimit(c, "claimByUser", String(user.id));
        await startClaim(authDeps(c), user, c.req.valid("json").email);
        return c.json({ success: true as const, message: CLAIM_STARTED_MESSAGE }, 200);
      },
    )
    .openapi(
      createRoute({
        method: "post",
        path: "/billing/claim/confirm",
        summary: "Attach the purchase with the emailed claim token",
        request: { body: { required: true, ...json(z.object({ token: z.string().min(1).max(200) })) } },
        responses: {
          200: { description: "Claimed", ...json(ClaimResultSchema) },
          400: { description: "Invalid or expired link", ...json(ErrorSchema) },
          403: { description: "Link of another account", ...json(ErrorSchema) },
        },
      }),
      async (c) => {
        const { user } = requireCaller(c);
        const result = await confirmClaim(authDeps(c), user, c.req.valid("json").token);
        await notifyPlanChange(c.env, user.id, c.var.db);
        return c.json({ success: true as const, data: result }, 200);
      },
    )
    .openapi(
      createRoute({
        method: "post",
        path: "/billing/dev-checkout",
        summary: "Offline checkout: posts correctly signed Stripe events to our own webhook (no Stripe keys set)",
        request: { body: { required: true, ...json(z.object({ interval: Interval })) } },
        responses: {
          200: { description: "Paid", ...json(DevCheckoutResultSchema) },
          404: { description: "Real Stripe is configured", ...json(ErrorSchema) },
        },
      }),
      async (c) => {
        const { user } = requireCaller(c);
        const config = c.var.config;
        if (config.STRIPE_PAYMENT_LINK_MONTHLY || !devToolsEnabled(config)) {
          throw new AppError("NOT_FOUND", "The dev checkout is off: real Stripe payments are configured.");
        }
        const { interval } = c.req.valid("json");
        const suffix = crypto.randomUUID().replace(/-/g, "").slice(0, 24);
        const created = Math.floor(Date.now() / 1000);
        const customer = `cus_dev_${user.id}`;
        const subscription = `sub_dev_${suffix}`;
        const session = `cs_dev_${suffix}`;
        const period = interval === "yearly" ? 365 : 30;
        const events = [
          {
            id: `evt_dev_${suffix}_1`,
            type: "checkout.session.completed",
            created,
            api_version: STRIPE_API_VERSION,
            data: {
              object: {
                id: session,
                object: "checkout.session",
                mode: "subscription",
                payment_status: "paid",
                client_reference_id: String(user.id),
                customer,
                subscription,
                amount_total: GROWTH_PRICES[interval] * 100,
                currency: "usd",
                customer_details: { email: user.email },
                metadata: { plan: "pro", interval },
              },
            },
          },
          {
            id: `evt_dev_${suffix}_2`,
            type: "customer.subscription.created",
            created,
            api_version: STRIPE_API_VERSION,
            data: {
              // As a Payment Link's subscription is: no user id (the checkout ties the customer to
              // the user), and basil's period end on the item.
              object: {
                id: subscription,
                object: "subscription",
                customer,
                status: "active",
                cancel_at_period_end: false,
                items: { object: "list", data: [{ object: "subscription_item", current_period_end: created + period * 86400 }] },
                metadata: { plan: "pro", interval },
              },
            },
          },
        ];
        for (const event of events) {
          const body = JSON.stringify(event);
          const res = await dispatch(
            new Request(new URL("/api/webhooks/stripe", c.req.url), {
              method: "POST",
              headers: { "content-type": "application/json", "stripe-signature": await signStripePayload(body, config.STRIPE_WEBHOOK_SECRET) },
              body,
            }),
            c,
          );
          if (!res.ok) throw new AppError("INTERNAL", `The webhook refused the dev checkout event (${res.status}).`);
        }
        return c.json(
          { success: true as const, data: { sessionId: session, redirectTo: `/payment-success?checkout=success&session_id=${session}` } },
          200,
        );
      },
    );
}
