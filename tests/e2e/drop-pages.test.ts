/**
 * /droppage in Chromium against `wrangler dev`: a paid user's page, made through the API, is
 * published from the list; a signed-out visitor opens it and clicks buy, and the list shows the
 * view and the click (counted without cookies); then unpublish (the address stops answering),
 * duplicate and delete (by keyboard, through the confirmation). Also the empty state at 375 px.
 */
import { describe, expect, it } from "vitest";
import { apiData, baseURL, declineGrowthWelcome, loadScreen, setupBrowser, signUpThroughApi } from "./helpers";

const { openPage } = setupBrowser();

/** Headless Chromium says "HeadlessChrome", which the counter skips as a robot; a visitor's browser does not. */
const VISITOR_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

describe("/droppage", () => {
  it("leads a merchant without pages to the builder, and fits 375 px", async () => {
    const { page, context, problems } = await openPage("/help", { width: 375, height: 812 });
    await signUpThroughApi(context);
    await loadScreen(page, "/droppage");
    await page.getByRole("heading", { level: 1, name: "Drop pages" }).waitFor();
    const empty = page.getByTestId("drop-pages-empty");
    await empty.waitFor({ timeout: 30_000 });
    await expect(empty.getByRole("link", { name: "Build your first page" }).getAttribute("href")).resolves.toBe(
      "/ai-page-builder",
    );
    // The stores section offers to connect one.
    await page.getByTestId("connected-stores").getByTestId("start-connect").waitFor();
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(375);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("publishes a page, counts a signed-out view and buy click, then unpublishes, duplicates and deletes", async () => {
    const { page, context, problems } = await openPage("/help", { width: 1280 });
    const { token } = await signUpThroughApi(context);
    await apiData(context, token, "POST", "/api/billing/dev-checkout", { interval: "monthly" });
    const title = `Aurora desk lamp ${Date.now().toString(36)}`;
    const created = (await apiData(context, token, "POST", "/api/pages", {
      product: {
        title,
        description: "A warm LED desk lamp with three brightness levels.",
        priceCents: 3900,
        currency: "USD",
      },
    })) as { page: { id: string; slug: string } };
    const { id, slug } = created.page;
    await apiData(context, token, "PATCH", `/api/pages/${id}`, { buyUrl: "https://example.com/checkout/aurora" });

    await declineGrowthWelcome(page);
    await loadScreen(page, "/droppage");
    const row = page.locator(`[data-testid="drop-page-row"][data-page-id="${id}"]`);
    await row.waitFor({ timeout: 30_000 });
    await expect(row.innerText()).resolves.toContain("Draft");
    await expect(row.getByRole("link", { name: `Edit ${title}` }).getAttribute("href")).resolves.toBe(
      `/ai-page-builder?page=${id}`,
    );

    // Publish from the list: the row says so and shows the public address.
    await row.getByRole("button", { name: "Publish" }).click();
    await expect.poll(() => row.innerText(), { timeout: 15_000 }).toContain("Published");
    const publicUrl = await row.getByTestId("public-url").getAttribute("href");
    expect(publicUrl).toBe(`${baseURL()}/p/${slug}`);

    // A signed-out visitor (its own context: no session, no cookies) opens the page and clicks buy.
    const visitor = await context.browser()!.newContext({ userAgent: VISITOR_UA });
    const visit = await visitor.newPage();
    const answer = await visit.goto(publicUrl!, { waitUntil: "load" });
    expect(answer?.status()).toBe(200);
    await expect(visit.title()).resolves.toContain(title);
    const buy = await visitor.request.get(`${baseURL()}/p/${slug}/buy`, { maxRedirects: 0 });
    expect(buy.status()).toBeGreaterThanOrEqual(300);
    expect(buy.headers().location).toBe("https://example.com/checkout/aurora");
    expect(await visitor.cookies()).toEqual([]);

    // The list shows the view and the click (counted after the answer, so poll with reloads).
    const figures = async () => {
      await loadScreen(page, "/droppage");
      await row.waitFor({ timeout: 30_000 });
      return row.getByTestId("page-stats").innerText();
    };
    await expect
      .poll(figures, { timeout: 30_000, interval: 1000 })
      .toMatch(/VIEWS\s+1\s+BUY CLICKS\s+1\s+CLICK RATE\s+100%/i);
    await page.getByTestId("counting-note").getByText("without cookies").waitFor();
    await expect(
      page
        .getByTestId("views-chart")
        .getByRole("listitem", { name: `${title}: 1 views, 1 buy clicks, 100% of views` })
        .count(),
    ).resolves.toBe(1);

    // Unpublish: the row is a draft again and the address stops answering.
    await row.getByRole("button", { name: "Unpublish" }).click();
    await expect.poll(() => row.innerText(), { timeout: 15_000 }).toContain("Draft");
    await expect(row.getByTestId("public-url").count()).resolves.toBe(0);
    await expect.poll(async () => (await visitor.request.get(publicUrl!)).status(), { timeout: 15_000 }).toBe(404);
    await visitor.close();

    // Duplicate from the row's menu: a second, draft row with the same title.
    await row.getByTestId("page-menu").click();
    await page.getByRole("menuitem", { name: "Duplicate" }).click();
    const rows = page.getByTestId("drop-page-row");
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
    const copyRow = page.locator(`[data-testid="drop-page-row"]:not([data-page-id="${id}"])`);
    await expect(copyRow.innerText()).resolves.toContain(title);
    await expect(copyRow.innerText()).resolves.toContain("Draft");

    // Delete the copy with the keyboard: menu, Delete, then the confirmation.
    await copyRow.getByTestId("page-menu").focus();
    await page.keyboard.press("Enter");
    // The menu takes focus once it opens; keys pressed before then go nowhere.
    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? "");
    await expect.poll(focused, { timeout: 10_000 }).toBe("Duplicate");
    await page.keyboard.press("End");
    await expect.poll(focused).toBe("Delete");
    await page.keyboard.press("Enter");
    const confirm = page.getByTestId("delete-page-dialog");
    await confirm.waitFor();
    await expect(confirm.innerText()).resolves.toContain(`Delete ${title}?`);
    await confirm.getByRole("button", { name: "Delete page" }).click();
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(1);
    const left = (await apiData(context, token, "GET", "/api/pages")) as { pages: { id: string }[] };
    expect(left.pages.map((p) => p.id)).toEqual([id]);

    expect(problems).toEqual([]);
    await context.close();
  });
});
