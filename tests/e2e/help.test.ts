import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseURL, hydrated, loadScreen, setupBrowser, signUpThroughApi } from "./helpers";

const { openPage } = setupBrowser();

const overflowsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);

describe("help center", () => {
  it("searches help with a typo, opens the Shopify export article, follows its table of contents, and asks a signed-out reader to log in to vote", async () => {
    const { page, problems } = await openPage("/help");
    await hydrated(page);
    await page.getByTestId("help-categories").locator("li").nth(6).waitFor();
    expect(await page.getByTestId("help-categories").locator("li").count()).toBe(7);
    // The browser suite shares one server, so whether any help was read before this file decides
    // the section: the getting-started guides ("Start here") or the most read ("Popular articles").
    // The screen shows what the API answers, in its order (the rule itself: tests/integration/help.test.ts).
    const popular = ((await (await page.request.get(`${baseURL()}/api/help/articles`)).json()) as {
      data: { popular: { basis: "getting-started" | "activity"; articles: { title: string }[] } };
    }).data.popular;
    const section = page.getByTestId("help-popular");
    await section.getByRole("heading", { name: popular.basis === "activity" ? "Popular articles" : "Start here" }).waitFor();
    expect(await section.locator("li").allInnerTexts()).toEqual(popular.articles.map((a) => expect.stringContaining(a.title)));

    await page.getByTestId("help-search").fill("shopfiy export");
    await page.getByTestId("help-corrected").getByText("shopify export").waitFor();
    await page.waitForURL(/\?q=shopfiy(\+|%20)export/);
    const first = page.getByTestId("help-results").getByTestId("help-article-link").first();
    await expect.poll(() => first.innerText(), { timeout: 10_000 }).toMatch(/Export a page to your Shopify store/);
    await first.click();

    await page.waitForURL(/\/help\/articles\/page-builder-and-export\/export-to-shopify$/);
    await page.getByRole("heading", { level: 1, name: "Export a page to your Shopify store" }).waitFor();
    await expect.poll(() => page.title()).toBe("Export a page to your Shopify store — Help Center — Dropcraft");
    await page.getByTestId("help-toc").getByRole("link", { name: "Connect your store" }).click();
    await page.waitForURL(/#connect-your-store$/);
    expect(await page.locator("h2#connect-your-store").isVisible()).toBe(true);

    await page.getByTestId("vote-login").getByRole("link", { name: "Log in" }).waitFor();
    expect(await page.getByTestId("vote-yes").count()).toBe(0);
    expect(await page.getByTestId("open-ticket").getAttribute("href")).toBe("/support?article=page-builder-and-export%2Fexport-to-shopify");
    expect(await page.getByTestId("help-related").getByTestId("help-article-link").count()).toBeGreaterThan(0);

    // Nothing matches: the empty state says so and clears.
    await loadScreen(page, "/help?q=zzqxv", { waitUntil: "settled" });
    await page.getByTestId("help-no-results").getByText("No articles match “zzqxv”").waitFor();
    await page.getByTestId("help-no-results").getByRole("button", { name: "Clear search" }).click();
    await page.getByTestId("help-categories").waitFor();
    expect(problems).toEqual([]);
  });

  it("lets a signed-in reader vote once and change the vote; unknown articles and categories lead back to the Help Center", async () => {
    const { page, context, problems } = await openPage("/help");
    await signUpThroughApi(context);
    await loadScreen(page, "/help/articles/projects/the-canon", { waitUntil: "settled" });
    const yes = page.getByTestId("vote-yes");
    const no = page.getByTestId("vote-no");
    await yes.click();
    await expect.poll(() => yes.getAttribute("aria-pressed")).toBe("true");
    await page.getByTestId("vote-status").getByText("1 of 1 reader found this helpful.").waitFor();

    await loadScreen(page, "/help/articles/projects/the-canon", { waitUntil: "settled" });
    await expect.poll(() => page.getByTestId("vote-yes").getAttribute("aria-pressed")).toBe("true");
    await no.click();
    await expect.poll(() => no.getAttribute("aria-pressed")).toBe("true");
    expect(await yes.getAttribute("aria-pressed")).toBe("false");
    await page.getByTestId("vote-status").getByText("0 of 1 reader found this helpful.").waitFor();

    await loadScreen(page, "/help/articles/projects/no-such-thing", { waitUntil: "settled" });
    await page.getByText("This article doesn’t exist").waitFor();
    await loadScreen(page, "/help/categories/cooking", { waitUntil: "settled" });
    await page.getByText("This help category doesn’t exist").waitFor();
    await page.getByTestId("back-to-help").click();
    await page.waitForURL(/\/help$/);
    await page.getByTestId("help-categories").waitFor();
    expect(problems).toEqual([]);
  });

  it("fits a 375 px phone without sideways scrolling", async () => {
    const { page, problems } = await openPage("/help-center", { width: 375, height: 812 });
    await hydrated(page);
    await page.getByTestId("help-categories").waitFor();
    expect(await overflowsSideways(page)).toBe(false);

    await loadScreen(page, "/help/categories/billing-and-account", { waitUntil: "settled" });
    await page.getByTestId("help-category-count").waitFor();
    expect(await overflowsSideways(page)).toBe(false);

    // The plans article has wide tables: they scroll inside their own box.
    await loadScreen(page, "/help/articles/billing-and-account/plans-and-limits", { waitUntil: "settled" });
    await page.getByTestId("help-article-body").locator("table").first().waitFor();
    expect(await page.getByTestId("help-toc-mobile").isVisible()).toBe(true);
    expect(await overflowsSideways(page)).toBe(false);
    expect(problems).toEqual([]);
  });
});
