import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { CLAIM_STARTED_MESSAGE } from "~/server/billing/claims";
import { DEV_STRIPE_WEBHOOK_SECRET } from "~/server/platform/env";
import { call, tokenOf, uniqueName, verifiedUser } from "./helpers";
import { WORKER } from "./worker";

const stripe = new Stripe("sk_test_dummy");

/** A checkout Stripe reports with no user id: bought signed out, under `email`. */
async function anonymousPurchase(email: string) {
  const payload = JSON.stringify({
    id: `evt_${crypto.randomUUID()}`,
    type: "checkout.session.completed",
    data: {
      object: {
        id: `cs_${crypto.randomUUID()}`,
        customer: `cus_${crypto.randomUUID().slice(0, 8)}`,
        subscription: `sub_${crypto.randomUUID().slice(0, 8)}`,
        payment_status: "paid",
        amount_total: 44900,
        currency: "usd",
        customer_details: { email },
        metadata: { plan: "pro", interval: "yearly" },
      },
    },
  });
  const header = await stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret: DEV_STRIPE_WEBHOOK_SECRET,
    cryptoProvider: Stripe.createSubtleCryptoProvider(),
  });
  const res = await WORKER.fetch("http://127.0.0.1/api/webhooks/stripe", {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": header },
    body: payload,
  });
  expect(res.status).toBe(200);
}

async function claimLink(email: string): Promise<string | undefined> {
  const { json } = await call(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
  return (json.data as { kind: string; link: string }[]).find((m) => m.kind === "claim_purchase")?.link;
}

describe("claiming a purchase made under another email", () => {
  it("attaches it after the user proves access to that email", async () => {
    const buyerEmail = `${uniqueName("buyer")}@elsewhere.test`;
    await anonymousPurchase(buyerEmail);
    const u = await verifiedUser();
    expect((await call("/api/subscription-status", { token: u.token })).json.data.plan).toBe("free");

    const start = await call("/api/billing/claim", { method: "POST", token: u.token, body: { email: buyerEmail.toUpperCase() } });
    expect(start.status).toBe(200);
    expect(start.json.message).toBe(CLAIM_STARTED_MESSAGE);
    const link = await claimLink(buyerEmail);
    expect(link).toMatch(/\/claim-subscription\?token=/);

    const confirm = await call("/api/billing/claim/confirm", { method: "POST", token: u.token, body: { token: tokenOf(link!) } });
    expect(confirm.status).toBe(200);
    expect(confirm.json.data).toEqual({ claimed: 1, plan: "pro" });
    expect((await call("/api/subscription-status", { token: u.token })).json.data).toMatchObject({ plan: "pro", hasActiveSubscription: true });
    expect((await call("/api/billing/receipt", { token: u.token })).json.data).toMatchObject({ amountTotal: 44900, customerEmail: buyerEmail });

    const again = await call("/api/billing/claim/confirm", { method: "POST", token: u.token, body: { token: tokenOf(link!) } });
    expect(again.status).toBe(400);
  });

  it("answers the same for an email with no purchase, and sends nothing", async () => {
    const u = await verifiedUser();
    const email = `${uniqueName("nobody")}@elsewhere.test`;
    const res = await call("/api/billing/claim", { method: "POST", token: u.token, body: { email } });
    expect(res.status).toBe(200);
    expect(res.json.message).toBe(CLAIM_STARTED_MESSAGE);
    expect(await claimLink(email)).toBeUndefined();
  });

  it("refuses a claim link used by another account, leaving the purchase claimable", async () => {
    const buyerEmail = `${uniqueName("buyer")}@elsewhere.test`;
    await anonymousPurchase(buyerEmail);
    const owner = await verifiedUser();
    const intruder = await verifiedUser();
    await call("/api/billing/claim", { method: "POST", token: owner.token, body: { email: buyerEmail } });
    const token = tokenOf((await claimLink(buyerEmail))!);
    const stolen = await call("/api/billing/claim/confirm", { method: "POST", token: intruder.token, body: { token } });
    expect(stolen.status).toBe(403);
    expect((await call("/api/subscription-status", { token: intruder.token })).json.data.plan).toBe("free");
    expect((await call("/api/billing/claim/confirm", { method: "POST", token: owner.token, body: { token } })).status).toBe(200);
  });

  it("needs a signed-in caller", async () => {
    expect((await call("/api/billing/claim", { method: "POST", body: { email: "a@b.test" } })).status).toBe(401);
  });
});
