import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { DEV_STRIPE_WEBHOOK_SECRET } from "~/server/platform/env";
import { baseURL, gotoSettled, hydrated, setupBrowser, signUpThroughApi } from "./helpers";

const { openPage } = setupBrowser();

describe("free plan surfaces", () => {
  it("shows the dock and the banner, and opens the upgrade modal on the show-upgrade-modal event", async () => {
    const { page, context } = await openPage("/help");
    await signUpThroughApi(context);
    await gotoSettled(page, `${baseURL()}/settings`);
    await hydrated(page);
    await page.getByTestId("upgrade-dock").waitFor();
    await expect(page.getByTestId("upgrade-dock").innerText()).resolves.toContain("Unlock Premium");
    const banner = page.getByTestId("free-plan-banner");
    await expect(banner.innerText()).resolves.toContain(
      "You are on a free plan with limited features. Upgrade now to unlock your full potential.",
    );

    await page.evaluate(() => window.dispatchEvent(new CustomEvent("show-upgrade-modal", { detail: { feature: "export" } })));
    const modal = page.getByTestId("upgrade-modal");
    await modal.waitFor();
    const text = await modal.innerText();
    expect(text).toContain("Upgrade Required");
    expect(text).toContain("This feature is only available to premium users.");
    // Free never had store exports: the modal says the feature comes with Growth, not that an allowance ran out.
    expect(text).toContain("Store exports come with Growth");
    expect(text).not.toMatch(/0 exports left|Limit reached/i);
    // No invented "sellers upgraded" ticker: a local run has a handful of merchants, so the line has no number.
    expect(await page.getByTestId("upgrade-modal-counter").innerText()).toBe("Built for dropshippers and e-commerce sellers");

    // One purchase link per interval, both on screen, each opening its own checkout in a new tab
    // (the configured Payment Link with the user's id is checked in the workerd suite).
    const monthly = page.getByTestId("upgrade-modal-upgrade-monthly");
    const yearly = page.getByTestId("upgrade-modal-upgrade-yearly");
    expect(await monthly.innerText()).toMatch(/Upgrade monthly\s*· \$49\/month/);
    expect(await yearly.innerText()).toMatch(/Upgrade yearly\s*· \$449\/year/);
    expect(await monthly.getAttribute("data-selected")).toBe("true");
    await modal.locator('[role="radio"][data-interval="yearly"]').click();
    expect(await yearly.getAttribute("data-selected")).toBe("true");
    expect(await monthly.getAttribute("data-selected")).toBe("false");
    for (const [button, interval] of [
      [monthly, "monthly"],
      [yearly, "yearly"],
    ] as const) {
      const [tab] = await Promise.all([context.waitForEvent("page"), button.click()]);
      await tab.waitForURL((u) => u.pathname === "/dev/checkout");
      expect(new URL(tab.url()).searchParams.get("interval")).toBe(interval);
      expect(new URL(page.url()).pathname).toBe("/settings");
      await tab.close();
    }
    await page.getByTestId("upgrade-modal-opened").filter({ hasText: "Yearly checkout opened in a new tab." }).waitFor();
    await page.getByTestId("upgrade-modal-continue-free").click();
    await modal.waitFor({ state: "detached" });

    await page.getByTestId("free-plan-banner-dismiss").click();
    await banner.waitFor({ state: "detached" });
    await context.close();
  });
});

describe("usage screen", () => {
  it("is reached from settings and shows today's counters for the free plan and the empty history", async () => {
    const { page, context } = await openPage("/help");
    await signUpThroughApi(context);
    // The spec lists /usage with the settings paths; it is its own screen, linked from settings (ADR 025).
    await gotoSettled(page, `${baseURL()}/settings`);
    await hydrated(page);
    await page.getByTestId("settings-usage-link").click();
    await page.waitForURL((u) => u.pathname === "/usage");
    await page.getByTestId("usage-screen").waitFor();
    const queries = page.locator('[data-testid="usage-counter"][data-counter="queries"]');
    await queries.waitFor();
    await expect(queries.innerText()).resolves.toMatch(/0\s*\/\s*10/);
    await expect(page.locator('[data-testid="usage-counter"][data-counter="images"]').innerText()).resolves.toContain("Not in your plan");
    await page.getByTestId("usage-history-empty").waitFor();
    await context.close();
  });
});

describe("upgrading", () => {
  it("upgrades through the dev checkout: the dock and banner go away and the welcome dialog opens", async () => {
    const { page, context } = await openPage("/help");
    await signUpThroughApi(context);
    await gotoSettled(page, `${baseURL()}/dev/checkout?interval=monthly`);
    await hydrated(page);
    await expect(page.getByTestId("dev-checkout-pay").innerText()).resolves.toContain("Pay $49.00");
    await page.getByTestId("dev-checkout-pay").click();
    await page.waitForURL((u) => u.pathname === "/payment-success" && u.searchParams.get("checkout") === "success");
    const dialog = page.getByTestId("premium-welcome-dialog");
    await dialog.waitFor({ timeout: 10_000 });
    await expect(dialog.innerText()).resolves.toContain("Welcome to Growth");
    for (const id of ["welcome-card-winning-product", "welcome-card-store-builder", "welcome-card-visual-intelligence", "welcome-card-chat-projects"]) {
      await expect(page.getByTestId(id).count()).resolves.toBe(1);
    }
    // Its durations and labels say what is there: the quick tour is four 4.5 s slides; the Power tour is the tutorials, with no length to promise.
    expect(await dialog.innerText()).toContain("Quick tour • 0:18");
    expect(await dialog.innerText()).not.toMatch(/2:01|21:01/);
    // Closed without "don't show again": the floating Power tour button appears, with its own close that hides it for good.
    await page.getByTestId("welcome-explore-dashboard").click();
    await dialog.waitFor({ state: "detached" });
    await page.getByTestId("power-tour-button").waitFor();
    await page.getByTestId("power-tour-dismiss").click();
    await page.getByTestId("power-tour-button").waitFor({ state: "detached" });

    await gotoSettled(page, `${baseURL()}/settings`);
    await hydrated(page);
    await page.getByTestId("plan-badge").waitFor();
    await expect(page.getByTestId("plan-badge").getAttribute("data-plan")).resolves.toBe("pro");
    await expect(page.getByTestId("upgrade-dock").count()).resolves.toBe(0);
    await expect(page.getByTestId("free-plan-banner").count()).resolves.toBe(0);
    await expect(page.getByTestId("power-tour-button").count()).resolves.toBe(0);

    const receipt = await page.request.get(`${baseURL()}/api/billing/receipt`);
    expect(((await receipt.json()) as { data: { amountTotal: number } }).data.amountTotal).toBe(4900);
    await context.close();
  });
});

describe("claiming a purchase", () => {
  it("attaches a purchase made under another email after opening the emailed link", async () => {
    const { page, context } = await openPage("/help");
    await signUpThroughApi(context);
    const buyer = `buyer${Date.now().toString(36)}@elsewhere.test`;
    const payload = JSON.stringify({
      id: `evt_e2e_${Date.now()}`,
      type: "checkout.session.completed",
      data: {
        object: {
          id: `cs_e2e_${Date.now()}`,
          customer: "cus_e2e",
          subscription: "sub_e2e",
          payment_status: "paid",
          amount_total: 4900,
          currency: "usd",
          customer_details: { email: buyer },
          metadata: { plan: "pro", interval: "monthly" },
        },
      },
    });
    const header = new Stripe("sk_test_dummy").webhooks.generateTestHeaderString({ payload, secret: DEV_STRIPE_WEBHOOK_SECRET });
    // Stripe calls without our cookies: post from a fresh context.
    const stripeSide = await context.browser()!.newContext();
    const hook = await stripeSide.request.post(`${baseURL()}/api/webhooks/stripe`, {
      headers: { "content-type": "application/json", "stripe-signature": header },
      data: payload,
    });
    expect(hook.status()).toBe(200);
    await stripeSide.close();

    await gotoSettled(page, `${baseURL()}/claim-subscription`);
    await hydrated(page);
    await page.getByLabel("Purchase email").fill(buyer);
    await page.getByRole("button", { name: "Send claim link" }).click();
    await page.getByTestId("claim-sent").waitFor();
    const outbox = (await (await page.request.get(`${baseURL()}/api/dev/outbox?to=${encodeURIComponent(buyer)}`)).json()) as {
      data: { kind: string; link: string }[];
    };
    const link = outbox.data.find((m) => m.kind === "claim_purchase")!.link;
    await gotoSettled(page, link);
    await page.getByTestId("claim-done").waitFor();
    await expect(page.getByTestId("claim-done").innerText()).resolves.toContain("Your Growth plan is now on this account.");
    await context.close();
  });
});
