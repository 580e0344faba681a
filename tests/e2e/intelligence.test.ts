/** Intelligence dashboards in Chromium: drilling down from a chart, the signed-out demo, 375 px layouts. */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseURL, closeWithEscape, gotoSettled, hydrated, setupBrowser, signUpThroughApi } from "./helpers";

const { openPage } = setupBrowser();

async function noHorizontalOverflow(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll).toBeLessThanOrEqual(client);
}

describe("intelligence dashboards", () => {
  it("drills down from a chart bar to the ad records behind it, each linking to its product", async () => {
    const { page, context, problems } = await openPage("/help");
    await signUpThroughApi(context);
    await gotoSettled(page, `${baseURL()}/intelligence-dashboard?platform=TikTok`);
    await hydrated(page);
    await page.getByTestId("chart-angles-bar").first().waitFor();
    await expect(page.getByTestId("filter-platform").inputValue()).resolves.toBe("TikTok");
    await expect(page.getByTestId("sample-label").textContent()).resolves.toMatch(/Sample data · as of the week of Nov 16, 2026/);

    // The top angle's bar says how many ads; the drill-down lists exactly that many.
    const bar = page.getByTestId("chart-angles-bar").first();
    const count = Number(((await bar.locator("span.tabular-nums").textContent()) ?? "").replace(/,/g, ""));
    expect(count).toBeGreaterThan(0);
    await bar.click();
    const dialog = page.getByTestId("drill-dialog");
    await dialog.getByTestId("drill-list").waitFor();
    await expect(dialog.textContent()).resolves.toContain(`${count.toLocaleString("en-US")} ads`);
    await expect(dialog.getByTestId("drill-ad").count()).resolves.toBe(Math.min(25, count));
    await expect(dialog.getByTestId("drill-ad").first().textContent()).resolves.toContain("TikTok");
    await expect(dialog.getByTestId("drill-product-link").first().getAttribute("href")).resolves.toMatch(/^\/ai-explore\?product=/);
    await closeWithEscape(page, dialog);
    // Focus goes back to the bar once the dialog is gone (a tick later, Radix's focus scope):
    // wait for it, or it lands after the plot below is focused and takes its tooltip away.
    await expect
      .poll(() => page.evaluate(() => !!document.activeElement?.closest('[data-testid="chart-angles-bar"]')))
      .toBe(true);

    // A weekly chart drills down by keyboard too: focus the plot, Enter on the last week.
    await page.getByTestId("chart-platform-plot").focus();
    await page.getByTestId("chart-platform-tooltip").waitFor();
    await page.keyboard.press("Enter");
    await dialog.getByTestId("drill-list").waitFor();
    await expect(dialog.textContent()).resolves.toMatch(/TikTok ads active in the week of nov 16, 2026/i);
    await closeWithEscape(page, dialog);

    // The table view lists the same numbers, each a button into the drill-down.
    await page.getByTestId("chart-engagement-table-toggle").click();
    await page.getByTestId("chart-engagement-table").locator("button").first().click();
    await dialog.getByTestId("drill-list").waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it("shows the demo to signed-out visitors on sample data with a Sign up free call to action", async () => {
    const { page, context, problems } = await openPage("/marketing-intelligence-demo");
    await hydrated(page);
    await expect(page.url()).toContain("/marketing-intelligence-demo");
    await page.getByTestId("chart-platform-plot").waitFor();
    await expect(page.getByTestId("demo-signup").textContent()).resolves.toContain("Sign up free");
    await expect(page.getByTestId("demo-signup").getAttribute("href")).resolves.toBe("/signup");
    await expect(page.getByTestId("sample-label").textContent()).resolves.toContain("Sample data");
    // Its charts drill down too, through the public demo endpoint.
    await page.getByTestId("chart-engagement-bar").nth(3).click();
    await page.getByTestId("drill-dialog").getByTestId("drill-list").waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it("lays the dashboards out at 375 px without horizontal overflow", async () => {
    const demo = await openPage("/marketing-intelligence-demo", { width: 375, height: 812 });
    await hydrated(demo.page);
    await demo.page.getByTestId("chart-hooks-bar").first().waitFor();
    await noHorizontalOverflow(demo.page);
    await demo.page.getByTestId("chart-niche-hit").click({ position: { x: 200, y: 60 } });
    await demo.page.getByTestId("drill-dialog").getByTestId("drill-list").waitFor();
    await noHorizontalOverflow(demo.page);
    // The drill-down is a bottom sheet that fits the screen, pager included.
    const sheet = (await demo.page.getByTestId("drill-dialog").boundingBox())!;
    expect(sheet.x).toBeGreaterThanOrEqual(0);
    expect(sheet.x + sheet.width).toBeLessThanOrEqual(375);
    await demo.context.close();

    const { page, context } = await openPage("/help", { width: 375, height: 812 });
    await signUpThroughApi(context);
    for (const path of ["/intelligence", "/visual-intelligence"]) {
      await gotoSettled(page, `${baseURL()}${path}`);
      await hydrated(page);
      await page.locator('[data-testid$="-bar"]').first().waitFor();
      await noHorizontalOverflow(page);
    }
    await expect(page.getByTestId("creative-example").count()).resolves.toBeGreaterThan(0);
    await context.close();
  });
});
