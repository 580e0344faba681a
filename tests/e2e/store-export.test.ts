/**
 * Store export and SEO in Chromium against `wrangler dev`, whose Shopify Admin API is the local
 * fake (tests/integration/fake-shopify-admin.ts, started by the e2e global setup): connect a store
 * with the fake's token, export a page, see the admin links and the product in the fake store; a
 * revoked token's error offers to reconnect; exporting an edited page again updates the same
 * product (the dialog says so before and after); the free plan gets the upgrade modal. Then /seo: one
 * click fixes a failing check and the score goes up.
 */
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { apiData, declineGrowthWelcome, loadScreen, setupBrowser, signUpThroughApi } from "./helpers";

const { openPage } = setupBrowser();
const shopify = () => inject("shopifyAdminUrl");

/** The fake store's test controls (never the Worker's business). */
async function fakeShop(path: string, body: unknown) {
  const res = await fetch(`${shopify()}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`fake shop ${path}: ${res.status} ${await res.text()}`);
}

async function fakeShopState(domain: string) {
  return (await (await fetch(`${shopify()}/__admin/state?domain=${encodeURIComponent(domain)}`)).json()) as {
    products: { id: string; title: string; status: string; handle: string }[];
    pages: { id: string; title: string; handle: string }[];
  };
}

/** A signed-in user (paid or not) with one page made through the API. */
async function merchantWithPage({ paid, width = 1280 }: { paid: boolean; width?: number }) {
  const { page, context, problems } = await openPage("/help", { width });
  const { token } = await signUpThroughApi(context);
  if (paid) await apiData(context, token, "POST", "/api/billing/dev-checkout", { interval: "monthly" });
  const title = `Trail bottle ${Date.now().toString(36)}`;
  const created = (await apiData(context, token, "POST", "/api/pages", {
    product: {
      title,
      description:
        "An insulated steel bottle that keeps water cold for 24 hours. Leak-proof lid, and it fits every cup holder.",
      priceCents: 2400,
      currency: "USD",
      // What the SEO fix builds a longer title from.
      productType: "Insulated water bottle",
      vendor: "Trail Gear",
    },
  })) as { page: { id: string; slug: string } };
  return { page, context, problems, token, title, id: created.page.id, slug: created.page.slug };
}

async function openExport(page: Page, id: string) {
  const row = page.locator(`[data-testid="drop-page-row"][data-page-id="${id}"]`);
  await row.waitFor({ timeout: 30_000 });
  await row.getByTestId("page-menu").click();
  await page.getByRole("menuitem", { name: "Export to Shopify" }).click();
}

describe("export to Shopify", () => {
  it("connects a store with its Admin API token, exports the product and landing page, and shows the admin links", async () => {
    const { page, context, problems, title, id, slug } = await merchantWithPage({ paid: true });
    const domain = `e2e-${Date.now().toString(36)}.myshopify.com`;
    const accessToken = `shpat_e2e${Date.now().toString(36)}abcd1234`;
    await fakeShop("/__admin/shops", { domain, token: accessToken, name: "Trail Gear Co" });

    await declineGrowthWelcome(page);
    await loadScreen(page, "/droppage");
    await openExport(page, id);
    const dialog = page.getByTestId("store-export-dialog");
    await dialog.waitFor();
    // No store yet: the connect form with the custom-app steps.
    const steps = dialog.getByTestId("token-steps");
    await expect(steps.innerText()).resolves.toMatch(
      /Settings → Apps and sales channels[\s\S]*Develop apps[\s\S]*Create an app[\s\S]*Configure Admin API scopes[\s\S]*write_products[\s\S]*write_content[\s\S]*Install app[\s\S]*Reveal token once/,
    );

    // A wrong token is refused next to its field, in the server's words.
    await dialog.getByTestId("shop-domain").fill(domain);
    await dialog.getByTestId("access-token").fill("shpat_wrong0000");
    await dialog.getByTestId("connect-store").click();
    await expect
      .poll(() => dialog.getByTestId("connect-store-form").innerText(), { timeout: 30_000 })
      .toContain("revoked or mistyped");

    await dialog.getByTestId("access-token").fill(accessToken);
    await dialog.getByTestId("connect-store").click();
    const card = dialog.getByTestId("store-connection");
    await card.waitFor({ timeout: 30_000 });
    const cardText = await card.innerText();
    expect(cardText).toContain("Trail Gear Co");
    expect(cardText).toContain(domain);
    expect(cardText).toContain("write_products");
    expect(cardText).not.toContain(accessToken);
    expect(cardText).toContain(accessToken.slice(-4));

    await expect(dialog.getByTestId("include-page").isChecked()).resolves.toBe(true);
    await dialog.getByTestId("export-to-shopify").click();
    const result = dialog.getByTestId("export-result");
    await result.waitFor({ timeout: 45_000 });
    await expect(result.getByTestId("export-outcome").innerText()).resolves.toBe(`Created in Trail Gear Co (${domain})`);
    const handle = domain.replace(".myshopify.com", "");
    expect(await result.getByTestId("product-admin-link").getAttribute("href")).toMatch(
      new RegExp(`^https://admin\\.shopify\\.com/store/${handle}/products/\\d+$`),
    );
    expect(await result.getByTestId("page-admin-link").getAttribute("href")).toMatch(
      new RegExp(`^https://admin\\.shopify\\.com/store/${handle}/pages/\\d+$`),
    );
    await expect(result.getByTestId("export-warnings").innerText()).resolves.toContain("draft");

    // The fake store holds what the links point at.
    const state = await fakeShopState(domain);
    expect(state.products.map((p) => [p.title, p.status, p.handle])).toEqual([[title, "DRAFT", slug]]);
    expect(state.pages.map((p) => p.title)).toEqual([title]);

    await result.getByRole("button", { name: "Done" }).click();
    await dialog.waitFor({ state: "hidden" });
    // The store is listed in the management section too.
    await expect
      .poll(() => page.getByTestId("connected-stores").innerText(), { timeout: 15_000 })
      .toContain("Trail Gear Co");

    // The merchant uninstalls the app in Shopify: the next export explains and offers to reconnect.
    await fakeShop("/__admin/revoke", { domain, token: accessToken });
    await openExport(page, id);
    await dialog.getByTestId("export-to-shopify").click();
    const error = dialog.getByTestId("export-error");
    await error.waitFor({ timeout: 45_000 });
    await expect(error.innerText()).resolves.toContain(`Shopify refused the access token for ${domain} (401)`);
    await error.getByTestId("reconnect-store").click();
    await expect(dialog.getByTestId("shop-domain").inputValue()).resolves.toBe(domain);
    await expect((await fakeShopState(domain)).products.length).toBe(1);

    // Chromium logs each refused request; the two refusals of Shopify's 401 (connect, export) are the expected ones.
    const refused = problems.filter((p) => /Failed to load resource: .*status of 403/.test(p));
    expect(refused).toHaveLength(2);
    expect(problems.filter((p) => !refused.includes(p))).toEqual([]);
    await context.close();
  }, 180_000);

  it("exports, then after an edit of the title exports again: the dialog says it updates that product, and the store holds one product with the new title", async () => {
    const { page, context, problems, token, id, slug } = await merchantWithPage({ paid: true });
    const domain = `e2e-again-${Date.now().toString(36)}.myshopify.com`;
    const accessToken = `shpat_e2eagain${Date.now().toString(36)}`;
    await fakeShop("/__admin/shops", { domain, token: accessToken, name: "Trail Gear Co" });
    await apiData(context, token, "POST", "/api/store-connections", { shopDomain: domain, accessToken });

    await declineGrowthWelcome(page);
    await loadScreen(page, "/droppage");
    await openExport(page, id);
    const dialog = page.getByTestId("store-export-dialog");
    await dialog.getByTestId("store-connection").waitFor({ timeout: 30_000 });
    // Never exported: nothing about an earlier export, the plain action.
    await expect(dialog.getByTestId("export-to-shopify").innerText()).resolves.toBe("Export to Shopify");
    await expect(dialog.getByTestId("earlier-export").count()).resolves.toBe(0);
    await dialog.getByTestId("export-to-shopify").click();
    const result = dialog.getByTestId("export-result");
    await result.waitFor({ timeout: 45_000 });
    await expect(result.getByTestId("export-outcome").innerText()).resolves.toBe(`Created in Trail Gear Co (${domain})`);
    const productLink = await result.getByTestId("product-admin-link").getAttribute("href");
    await result.getByRole("button", { name: "Done" }).click();
    await dialog.waitFor({ state: "hidden" });
    const first = await fakeShopState(domain);
    expect(first.products).toHaveLength(1);

    // The merchant edits the title.
    const current = (await apiData(context, token, "GET", `/api/pages/${id}`)) as { revision: number; product: Record<string, unknown> };
    const newTitle = `Trail bottle, 750 ml ${Date.now().toString(36)}`;
    await apiData(context, token, "PATCH", `/api/pages/${id}`, { baseRevision: current.revision, product: { ...current.product, title: newTitle } });

    await openExport(page, id);
    const earlier = dialog.getByTestId("earlier-export");
    await earlier.waitFor({ timeout: 30_000 });
    const notice = await earlier.innerText();
    expect(notice).toMatch(/This page was exported on [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    expect(notice).toContain(`to Trail Gear Co (${domain})`);
    expect(notice).toContain("Exporting again updates that product and its landing page instead of creating a second one.");
    expect(await earlier.getByTestId("earlier-product-link").getAttribute("href")).toBe(productLink);
    await expect(dialog.getByTestId("export-to-shopify").innerText()).resolves.toBe("Update in Shopify");
    await page.screenshot({ path: "/tmp/store-export-earlier.png" });
    // On a phone the notice wraps inside the dialog (the shop's domain is long).
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: "/tmp/store-export-earlier-phone.png" });
    const box = await earlier.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
    expect(await earlier.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await page.setViewportSize({ width: 1280, height: 800 });
    await dialog.getByTestId("export-to-shopify").click();
    await result.waitFor({ timeout: 45_000 });
    await expect(result.getByTestId("export-outcome").innerText()).resolves.toBe(`Updated in Trail Gear Co (${domain})`);
    expect(await result.getByTestId("product-admin-link").getAttribute("href")).toBe(productLink);
    await expect(result.getByTestId("product-admin-link").innerText()).resolves.toContain("Updated");

    // One product in the store, the same one, with the new title; one landing page.
    const after = await fakeShopState(domain);
    expect(after.products.map((p) => [p.id, p.title, p.handle])).toEqual([[first.products[0].id, newTitle, slug]]);
    expect(after.pages.map((p) => [p.id, p.title])).toEqual([[first.pages[0].id, newTitle]]);
    await page.screenshot({ path: "/tmp/store-export-updated.png" });
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it("opens the upgrade modal for export on the free plan, at 375 px", async () => {
    const { page, context, problems, id } = await merchantWithPage({ paid: false, width: 375 });
    await loadScreen(page, "/droppage");
    await openExport(page, id);
    const modal = page.getByTestId("upgrade-modal");
    await modal.waitFor();
    await expect(modal.locator("[data-feature]").getAttribute("data-feature")).resolves.toBe("export");
    await expect(modal.innerText()).resolves.toContain("Exporting to your store is a paid feature");
    await expect(page.getByTestId("store-export-dialog").count()).resolves.toBe(0);
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(375);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("/seo", () => {
  it("shows each page's score and failed checks first, and one click fixes a check and raises the score", async () => {
    const { page, context, problems, id } = await merchantWithPage({ paid: true });
    await declineGrowthWelcome(page);
    await loadScreen(page, "/seo");
    const audit = page.locator(`[data-testid="seo-audit"][data-page-id="${id}"]`);
    await audit.waitFor({ timeout: 30_000 });
    const ring = audit.getByTestId("seo-score");
    const before = Number(await ring.getAttribute("data-score"));

    // Failed checks come before the passed ones (which are folded away).
    const checks = audit.getByTestId("seo-check");
    const passed = await checks.evaluateAll((els) => els.map((e) => e.getAttribute("data-passed")));
    expect(passed.indexOf("true") === -1 || passed.lastIndexOf("false") < passed.indexOf("true")).toBe(true);

    const fixable = audit
      .locator('[data-testid="seo-check"][data-passed="false"]')
      .filter({ has: page.getByRole("button", { name: /^Fix / }) })
      .first();
    const checkId = await fixable.getAttribute("data-check");
    expect(checkId).toBeTruthy();
    await fixable.getByRole("button", { name: /^Fix / }).click();

    await expect
      .poll(async () => Number(await ring.getAttribute("data-score")), { timeout: 30_000 })
      .toBeGreaterThan(before);
    const after = Number(await ring.getAttribute("data-score"));
    await expect(audit.getByTestId("seo-change").innerText()).resolves.toContain(`Score ${before} → ${after}`);
    await expect(
      audit.locator(`[data-testid="seo-check"][data-check="${checkId}"]`).getAttribute("data-passed"),
    ).resolves.toBe("true");
    await page
      .getByRole("status")
      .filter({ hasText: `Score ${before} → ${after}` })
      .first()
      .waitFor();

    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});
