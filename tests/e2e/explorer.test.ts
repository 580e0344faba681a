import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseURL, hydrated, loadScreen, reloadSettled, settleAfter, setupBrowser, signUpThroughApi } from "./helpers";

const { openPage } = setupBrowser();

/** The niche and competition of every row of the results table (from 1280 px the table shows). */
async function tableRows(page: Page) {
  return page.locator("table tbody tr").evaluateAll((rows) =>
    rows.map((r) => ({
      niche: r.querySelector('[data-testid="row-niche"]')?.getAttribute("data-niche") ?? null,
      competition: r.querySelector('[data-testid="row-competition"]')?.textContent ?? null,
    })),
  );
}

const settled = (page: Page) => page.waitForSelector('[data-testid="explorer-results"]:not([aria-busy])');

/** Resolves when the results for a query string containing all of `parts` have arrived. */
const resultsFor = (page: Page, ...parts: string[]) =>
  page.waitForResponse(
    (r) => {
      const url = decodeURIComponent(r.url());
      return url.includes("/api/catalog/products?") && parts.every((p) => url.includes(p)) && r.ok();
    },
    { timeout: 90_000 },
  );

// The machine is shared: a screen can be slow to answer, so each test gets room.
const SLOW = 150_000;

describe("explorer", () => {
  it(
    "filters by niche and competition (in the address, back undoes a filter), sorts, and shows only matching rows",
    { timeout: SLOW },
    async () => {
      const { page, context, problems } = await openPage("/help");
      await signUpThroughApi(context);
      await loadScreen(page, "/ai-explore");
      await page.locator("table tbody tr").first().waitFor();
      expect(await page.locator("table tbody tr").count()).toBe(25);
      await page.getByTestId("explorer-cap").waitFor(); // the free plan reads the top 50
      await expect.poll(() => page.getByTestId("explorer-provenance").innerText()).toContain("Sample data");

      await page.getByTestId("filters-niche").selectOption("pet-supplies");
      await page.waitForURL(/niche=pet-supplies/);
      // Two quick clicks, the second before the first is drawn: both stay.
      const both = resultsFor(page, "niche=pet-supplies", "competition=low,medium");
      await page.getByTestId("filters-competition-low").click();
      await page.getByTestId("filters-competition-medium").click();
      await page.waitForURL(/competition=low%2Cmedium|competition=low,medium/);
      await both;
      await settled(page);
      await expect
        .poll(async () => {
          const rows = await tableRows(page);
          return (
            rows.length > 0 &&
            rows.every((r) => r.niche === "pet-supplies" && (r.competition === "low" || r.competition === "medium"))
          );
        })
        .toBe(true);
      const rows = await tableRows(page);
      expect(new Set(rows.map((r) => r.competition))).toEqual(new Set(["low", "medium"]));
      await expect.poll(() => page.getByTestId("filter-chips").innerText()).toContain("Low or Medium competition");

      // The CSV link carries the same filters and downloads with the session cookie.
      const csvHref = await page.getByTestId("explorer-export").getAttribute("href");
      expect(csvHref).toContain("competition=low%2Cmedium");
      const csv = await context.request.get(`${baseURL()}${csvHref}`);
      expect(csv.status()).toBe(200);
      expect(csv.headers()["content-type"]).toContain("text/csv");
      const lines = (await csv.text()).trim().split("\n");
      expect(lines[0]).toMatch(/^id,name,niche/);
      expect(lines.length).toBeGreaterThan(1);

      // Back takes the last filter off again, forward puts it back, a reload keeps the view.
      await settleAfter(page, () => page.goBack({ waitUntil: "load" }));
      await expect.poll(() => page.getByTestId("filters-competition-medium").isChecked()).toBe(false);
      expect(page.url()).toMatch(/competition=low(&|$)/);
      await settled(page);
      await expect
        .poll(async () => (await tableRows(page)).every((r) => r.niche === "pet-supplies" && r.competition === "low"))
        .toBe(true);
      await settleAfter(page, () => page.goForward({ waitUntil: "load" }));
      await expect.poll(() => page.getByTestId("filters-competition-medium").isChecked()).toBe(true);
      await reloadSettled(page);
      await hydrated(page);
      expect(await page.getByTestId("filters-competition-medium").isChecked()).toBe(true);
      expect(await page.getByTestId("filters-niche").inputValue()).toBe("pet-supplies");

      // Sorting by price from its column header: lowest first.
      const sorted = resultsFor(page, "sort=price", "order=asc");
      await page.getByRole("button", { name: "Price", exact: true }).click();
      await page.waitForURL(/sort=price&order=asc/);
      await sorted;
      await settled(page);
      const prices = await page.locator("table tbody tr td:nth-child(3)").allInnerTexts();
      const cents = prices.map((p) => Math.round(Number(p.replace(/[$,]/g, "")) * 100));
      expect(cents).toEqual([...cents].sort((a, b) => a - b));

      // Nothing matches: the empty state clears the filters.
      await loadScreen(page, "/ai-explore?q=zzqxnotaproduct");
      await page.getByText("No products match these filters").waitFor();
      await page.getByTestId("explorer-clear").click();
      await page.waitForURL((url) => url.search === "");
      await page.locator("table tbody tr").first().waitFor();

      // A lowest price above the highest is said, beside the prices and where the results go.
      await loadScreen(page, "/ai-explore?priceMin=50&priceMax=20");
      expect(await page.getByTestId("explorer-price-clash").innerText()).toContain("The highest price ($20) is below the lowest ($50)");
      await page.getByTestId("filters-price-clash").waitFor();
      await page.getByTestId("explorer-clear-prices").click();
      await page.waitForURL((url) => !url.search.includes("price"));
      await page.locator("table tbody tr").first().waitFor();
      expect(problems).toEqual([]);
    },
  );

  it(
    "opens a product from the results and from its address, with the score's five reasons, charts and their tables, and asks the chat about it",
    { timeout: SLOW },
    async () => {
      const { page, context, problems } = await openPage("/help");
      await signUpThroughApi(context);
      await loadScreen(page, "/ai-explore");
      const first = page.locator("table tbody tr").first();
      await first.waitFor();
      const name = await first.getByTestId("row-open").innerText();
      // The row's "Quick look" opens the panel over the results (the row itself opens the product's
      // page: tests/e2e/flow-detail.test.ts).
      await first.getByTestId("row-quick-look").click();
      await page.waitForURL(/product=P-\d+/);
      const productId = new URL(page.url()).searchParams.get("product")!;
      await page.getByTestId("product-body").waitFor({ timeout: 60_000 });
      expect(await page.getByTestId("product-title").innerText()).toBe(name);

      const components = page.getByTestId("score-component");
      expect(await components.count()).toBe(5);
      const keys = await components.evaluateAll((els) => els.map((e) => e.getAttribute("data-key")));
      expect(keys.sort()).toEqual(["competition", "demand", "margin", "momentum", "shipping"]);
      for (const text of await components.allInnerTexts()) {
        expect(text).toMatch(/Weight\s+\d+%/);
        expect(text).toMatch(/to the score/);
      }
      expect(await page.getByTestId("product-money").innerText()).toContain("Kept after shipping");

      // Each chart also reads as a table (26 weeks).
      await page.getByTestId("chart-orders-table-toggle").click();
      expect(await page.getByTestId("chart-orders-table").locator("tbody tr").count()).toBe(26);

      // Escape closes the panel and the address drops the product; the chat's link opens it again.
      await page.keyboard.press("Escape");
      await page.waitForURL((url) => !url.searchParams.has("product"));
      await loadScreen(page, `/ai-explore?product=${productId}`);
      await page.getByTestId("product-body").waitFor({ timeout: 60_000 });
      expect(await page.getByTestId("score-component").count()).toBe(5);

      // Ask in chat: a new chat with the question waiting in the composer, not sent.
      await page.getByTestId("product-ask-chat").click();
      await page.waitForURL((url) => url.pathname === "/chat" && !url.searchParams.has("q"));
      await expect.poll(() => page.getByTestId("chat-input").inputValue()).toContain(productId);

      await loadScreen(page, "/ai-explore?product=P-NOPE");
      await page.getByTestId("product-error").waitFor();
      expect(await page.getByTestId("product-error").innerText()).toContain("No product P-NOPE");
      // The missing product's 404 answer is logged by the request client as a warning, not an error.
      expect(problems).toEqual([]);
    },
  );

  it(
    "fits a 375 px screen: cards, the filters sheet and the product panel (a card's quick look) without horizontal overflow",
    { timeout: SLOW },
    async () => {
      const { page, context, problems } = await openPage("/help", { width: 375, height: 812 });
      await signUpThroughApi(context);
      await loadScreen(page, "/ai-explore");
      await page.getByTestId("result-card").first().waitFor({ timeout: 60_000 });
      const overflow = () =>
        page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(await overflow()).toBe(0);

      await page.getByTestId("explorer-filters-button").click();
      await page.getByTestId("filters-sheet").waitFor();
      await page.getByTestId("sheet-trend").selectOption("rising");
      await page.waitForURL(/trend=rising/);
      await page.keyboard.press("Escape");
      await settled(page);
      expect(await overflow()).toBe(0);

      await page.getByTestId("card-quick-look").first().click();
      await page.getByTestId("product-body").waitFor({ timeout: 60_000 });
      expect(await page.getByTestId("score-component").count()).toBe(5);
      expect(await overflow()).toBe(0);
      const panel = await page.getByTestId("product-panel").boundingBox();
      expect(panel!.width).toBeLessThanOrEqual(375);
      expect(problems).toEqual([]);
    },
  );
  it(
    "imports a pasted feed: the report names the refused row and why, and the product shows as the merchant's own",
    { timeout: SLOW },
    async () => {
      const { page, context, problems } = await openPage("/help");
      await signUpThroughApi(context);
      await loadScreen(page, "/ai-explore");
      await page.getByTestId("explorer-import").click();
      await page.getByTestId("import-dialog").waitFor();
      await page
        .getByTestId("import-content")
        .fill("name,price,cost,weekly_orders\nCordless milk frother,19.99,4.10,10;12;15;18;21;25;30;36\nGlass carafe,twelve,3.00,");
      await page.getByTestId("import-run").click();
      await page.getByTestId("import-report").waitFor({ timeout: 60_000 });
      expect(await page.getByTestId("import-accepted").innerText()).toBe("1");
      expect(await page.getByTestId("import-refused").innerText()).toBe("1");
      expect(await page.getByTestId("import-report").innerText()).toContain('Row 2: price "twelve" is not an amount like 24.99');
      await page.getByRole("button", { name: "Show my products" }).click();
      await page.waitForURL(/source=mine/);
      await page.getByText("Cordless milk frother").first().waitFor({ timeout: 60_000 });
      expect(await page.getByTestId("explorer-provenance").innerText()).toContain("Your imports");
      expect(problems).toEqual([]);
    },
  );
  it("is open to signed-out visitors with a way in, and /flows is the same Explorer", { timeout: SLOW }, async () => {
    const { page, context, problems } = await openPage("/ai-explore");
    await hydrated(page);
    await page.getByTestId("explorer-signed-out").waitFor();
    expect(page.url()).toContain("/ai-explore");
    await page.getByTestId("explorer-signup").waitFor();
    await signUpThroughApi(context);
    await loadScreen(page, "/flows?niche=pet-supplies");
    await page.getByTestId("explorer-screen").waitFor();
    await page.locator("table tbody tr").first().waitFor({ timeout: 60_000 });
    expect(await page.getByTestId("filters-niche").inputValue()).toBe("pet-supplies");
    expect(problems).toEqual([]);
  });
});
