/**
 * /flows/:flowId, an Explorer product's own page (issue 28): reached from an Explorer row, with the
 * score's reasons, the weekly charts, the ads and the stores, and actions that start each tool with
 * the product; an unknown id's not-found screen; the phone layout; signed out. And /landing, which
 * serves the landing page with its canonical link pointing to "/".
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseURL, hydrated, loadScreen, setupBrowser, signUpThroughApi } from "./helpers";

const { openPage } = setupBrowser();

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

// The machine is shared: a screen can be slow to answer, so each test gets room.
const SLOW = 150_000;

describe("a product's own page (/flows/:flowId)", () => {
  it(
    "opens from an Explorer row with the score's reasons, the charts, the ads and stores, and links that start each tool with it",
    { timeout: SLOW },
    async () => {
      const { page, context, problems } = await openPage("/help");
      await signUpThroughApi(context);
      await loadScreen(page, "/ai-explore");
      const first = page.locator("table tbody tr").first();
      await first.waitFor({ timeout: 60_000 });
      const name = await first.getByTestId("row-open").innerText();
      // A click anywhere on the row (here its price cell) follows the row's real link.
      const href = await first.getByTestId("row-open").getAttribute("href");
      expect(href).toMatch(/^\/flows\/P-\d{4}$/);
      const priceCell = first.locator("td").nth(2);
      await priceCell.scrollIntoViewIfNeeded();
      const box = (await priceCell.boundingBox())!;
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await page.waitForURL((url) => url.pathname === href);
      const id = href!.slice("/flows/".length);

      const detail = page.getByTestId("flow-detail");
      await detail.waitFor({ timeout: 60_000 });
      expect(await detail.getAttribute("data-product-id")).toBe(id);
      expect(await page.getByTestId("flow-title").innerText()).toBe(name);
      await expect.poll(() => page.title()).toBe(`${name} — Explorer — Dropcraft`);

      // The score with its five reasons, the same breakdown as the Explorer's panel.
      const components = page.getByTestId("score-component");
      expect(await components.count()).toBe(5);
      const keys = await components.evaluateAll((els) => els.map((e) => e.getAttribute("data-key")));
      expect(keys.sort()).toEqual(["competition", "demand", "margin", "momentum", "shipping"]);
      expect(await page.getByTestId("flow-score-summary").innerText()).toContain(
        await page.getByTestId("score-value").innerText(),
      );

      // Three weekly charts, each also a table of the 26 weeks; the figures carry ADR 020's labels.
      for (const chart of ["chart-orders", "chart-ads", "chart-price"]) await page.getByTestId(chart).waitFor();
      expect(await page.getByTestId("chart-ads").innerText()).toContain("Active ads per week");
      await page.getByTestId("chart-orders-table-toggle").click();
      expect(await page.getByTestId("chart-orders-table").locator("tbody tr").count()).toBe(26);
      expect(await page.getByTestId("product-money").innerText()).toContain("Kept after shipping");

      // The ads: as many as the section's "Ads seen (n)" says, each marked Active or Ended.
      const adsHeading = await page.locator("#flow-ads").innerText();
      const seen = Number(/Ads seen \((\d+)\)/i.exec(adsHeading)?.[1]);
      expect(Number.isInteger(seen)).toBe(true);
      expect(await page.getByTestId("product-ad").count()).toBe(seen);
      for (const text of await page.getByTestId("product-ad").allInnerTexts()) expect(text).toMatch(/Active|Ended/);

      // Each tool starts with this product.
      const tool = (key: string) => page.getByTestId(`flow-tool-${key}`).getAttribute("href");
      expect(await tool("page")).toBe(`/ai-page-builder?product=${id}`);
      expect(await tool("visuals")).toBe(`/image-maker?product=${id}`);
      expect(await tool("creatives")).toBe(`/marketing-visuals?product=${id}`);
      expect(await tool("ads")).toBe(`/ad-launcher?product=catalog:${id}`);
      expect(await tool("analysis")).toBe(`/market-analysis?product=${id}`);
      expect(new URL(`${baseURL()}${await tool("chat")}`).searchParams.get("q")).toContain(id);

      // Save to a list from the page.
      await page.getByTestId("product-save").click();
      await page.getByTestId("save-menu-list").first().click();
      await expect.poll(() => page.getByTestId("product-save").innerText()).toContain("Saved (1)");

      // Track a store selling it: the free plan's one tracked store, then a link to its research.
      const store = page.getByTestId("product-store").first();
      await store.getByTestId("store-track").click();
      const tracked = store.getByTestId("store-tracked");
      await tracked.waitFor({ timeout: 60_000 });
      expect(await tracked.getAttribute("href")).toMatch(/^\/competitor-research\?store=/);

      // "Make visuals" lands on the Image Maker's product step with this catalog product picked.
      await page.getByTestId("flow-tool-visuals").click();
      await page.waitForURL((url) => url.pathname === "/image-maker/product" && !url.searchParams.has("product"));
      await expect.poll(() => page.getByTestId("im-tab-catalog").getAttribute("aria-selected")).toBe("true");

      // "Ad creatives" opens marketing visuals with the copy filled from this product's record.
      await page.goBack();
      await page.getByTestId("flow-detail").waitFor({ timeout: 60_000 });
      const price = (await page.getByTestId("product-money").innerText()).match(/\$([\d,]+\.\d\d)/)![1];
      await page.getByTestId("flow-tool-creatives").click();
      await page.waitForURL((url) => url.pathname === "/marketing-visuals" && !url.searchParams.has("product"));
      await expect.poll(() => page.getByTestId("mv-copy-price").inputValue(), { timeout: 30_000 }).toBe(price.replace(",", ""));

      // Back to the page, and from it back to the Explorer.
      await page.goBack();
      await page.getByTestId("flow-detail").waitFor({ timeout: 60_000 });
      await page.getByTestId("flow-back").click();
      await page.waitForURL((url) => url.pathname === "/ai-explore");
      expect(problems).toEqual([]);
      await context.close();
    },
  );

  it("says clearly that an unknown product is not in the catalog, with the way back to the Explorer", { timeout: SLOW }, async () => {
    const { page, context, problems } = await openPage("/help");
    await signUpThroughApi(context);
    await loadScreen(page, "/flows/P-NOPE");
    const missing = page.getByTestId("flow-not-found");
    await missing.waitFor({ timeout: 60_000 });
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Product not found");
    expect(await missing.innerText()).toContain("There is no product P-NOPE in the catalog");
    // A segment that cannot be an id is answered without asking the API.
    await loadScreen(page, "/flows/not%20an%20id");
    await page.getByTestId("flow-not-found").waitFor();
    await page.getByTestId("flow-not-found-back").click();
    await page.waitForURL((url) => url.pathname === "/ai-explore");
    // The missing product's 404 answer is logged by the request client as a warning, not an error.
    expect(problems).toEqual([]);
    await context.close();
  });

  it("fits a 375 px screen without horizontal overflow, opened from an Explorer card", { timeout: SLOW }, async () => {
    const { page, context, problems } = await openPage("/help", { width: 375, height: 812 });
    await signUpThroughApi(context);
    await loadScreen(page, "/ai-explore");
    const card = page.getByTestId("card-open").first();
    await card.waitFor({ timeout: 60_000 });
    const href = await card.getAttribute("href");
    await card.click();
    await page.waitForURL((url) => url.pathname === href);
    await page.getByTestId("flow-detail").waitFor({ timeout: 60_000 });
    await page.getByTestId("chart-price").waitFor();
    expect(await overflow(page)).toBe(0);
    // The six tools, two to a row, each a tap target of at least 44 px inside the screen.
    const boxes = await page
      .getByTestId("flow-tools")
      .locator("a")
      .evaluateAll((links) => links.map((a) => a.getBoundingClientRect()).map((r) => ({ left: r.left, right: r.right, height: r.height })));
    expect(boxes).toHaveLength(6);
    for (const b of boxes) {
      expect(b.height).toBeGreaterThanOrEqual(44);
      expect(b.left).toBeGreaterThanOrEqual(0);
      expect(b.right).toBeLessThanOrEqual(375);
    }
    expect(new Set(boxes.map((b) => Math.round(b.left))).size).toBe(2);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("tells a signed-out visitor what the page holds, and logs in back to the same product", { timeout: SLOW }, async () => {
    const { page, context, problems } = await openPage("/flows/P-0001");
    await hydrated(page);
    await page.getByTestId("flow-signed-out").waitFor();
    expect(await page.getByTestId("flow-login").getAttribute("href")).toBe("/login?redirect=%2Fflows%2FP-0001");
    expect(await page.getByTestId("flow-detail").count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("/landing", () => {
  it("serves the landing page with its canonical link pointing to /", { timeout: SLOW }, async () => {
    const { page, context, problems } = await openPage("/landing");
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1 }).count()).resolves.toBe(1);
    await expect(page.getByRole("link", { name: "GET STARTED" }).getAttribute("href")).resolves.toBe("/signup");
    expect(await page.title()).toBe("Dropcraft — AI workspace for dropshippers & e-commerce sellers");
    const canonical = page.locator('link[rel="canonical"]');
    expect(await canonical.count()).toBe(1);
    expect(await canonical.getAttribute("href")).toBe(`${baseURL()}/`);
    // In the server's HTML too, where crawlers read it.
    const html = await (await context.request.get(`${baseURL()}/landing`)).text();
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="${baseURL().replace(/[.]/g, "\\.")}/"/?>`));
    expect(problems).toEqual([]);
    await context.close();
  });
});
