/**
 * /competitor-research in Chromium against `wrangler dev`: track a sample store (the browser's
 * worker cannot reach the fake Shopify servers, so the Shopify path is covered by the workerd
 * suite), see its catalogue, search it, read its changes, hit the free plan's limit, stop tracking.
 */
import { describe, expect, it } from "vitest";
import { closeWithEscape, loadScreen, setupBrowser, signUpThroughApi } from "./helpers";

const { openPage } = setupBrowser();

describe("competitor research", () => {
  it("tracks a sample store and shows its catalogue, price bands, best sellers and changes; the free plan's second store opens the upgrade modal", async () => {
    const { page, context, problems } = await openPage("/help");
    await signUpThroughApi(context);
    await loadScreen(page, "/competitor-research");
    await page.getByTestId("competitors-empty").waitFor({ timeout: 60_000 });
    await page.getByTestId("sample-store").first().waitFor({ timeout: 60_000 });

    // A URL the guard refuses is explained next to the field.
    await page.getByTestId("competitor-url").fill("http://10.0.0.1/");
    await page.getByTestId("track-store").click();
    await expect.poll(() => page.getByTestId("add-competitor-form").innerText()).toContain("private network address");

    // Track a sample store from the picker: it opens with its catalogue.
    const sample = page.getByTestId("sample-store").first();
    const sampleName = (await sample.locator("span.truncate").innerText()).trim();
    await sample.click();
    const detail = page.getByTestId("competitor-detail");
    await expect.poll(() => detail.getByTestId("competitor-detail-name").innerText()).toBe(sampleName);
    await expect.poll(() => detail.innerText()).toContain("Sample data");
    const card = page.getByTestId("competitor-card").filter({ hasText: sampleName });
    await expect.poll(() => card.count()).toBe(1);
    expect(await card.innerText()).toContain("Sample data");

    const rows = detail.getByTestId("catalogue").locator("tbody tr");
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    const count = await rows.count();
    const countText = await detail.getByTestId("catalogue-count").innerText();
    expect(countText).toMatch(/^\d+ products?$/);
    expect(await detail.getByTestId("price-bands").innerText()).toContain("$15–30");
    expect(await detail.getByTestId("best-sellers").innerText()).toContain("Estimated from the sample data");

    // Search the catalogue by a word of the first product's name.
    const firstTitle = (await rows.first().locator("p").first().innerText()).trim();
    const word = firstTitle.split(/\s+/).sort((a, b) => b.length - a.length)[0];
    await detail.getByTestId("catalogue-search").fill(word);
    await expect.poll(async () => (await rows.allInnerTexts()).every((t) => t.toLowerCase().includes(word.toLowerCase()))).toBe(true);
    expect(await rows.count()).toBeLessThanOrEqual(count);

    // The changes timeline, grouped by day.
    await detail.getByTestId("tab-changes").click();
    await expect.poll(async () => (await detail.getByTestId("changes-timeline").count()) + (await detail.getByTestId("changes-empty").count())).toBe(1);

    // The free plan tracks one store: a second opens the upgrade modal with the server's words.
    await page.getByTestId("sample-store").nth(1).click();
    const modal = page.getByRole("dialog");
    await expect.poll(() => modal.innerText()).toContain("Tracked store limit reached");
    expect(await modal.innerText()).toContain("free plan tracks 1 competitor store");
    await closeWithEscape(page, modal);

    // Stop tracking (confirmed), back to the empty state.
    await card.getByTestId("competitor-delete").click();
    await page.getByTestId("competitor-delete-dialog-confirm").click();
    await page.getByTestId("competitors-empty").waitFor();
    expect(problems.filter((p) => !/status of 40[03]/.test(p))).toEqual([]);
  });
});
