import type { BrowserContext } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseURL, declineGrowthWelcome, gotoSettled, hydrated, setupBrowser, signUpThroughApi, xsrfOf } from "./helpers";

const { openPage } = setupBrowser();

/** Growth through the dev checkout's API (the same signed webhook path as the screen). */
async function upgrade(context: BrowserContext, token: string) {
  const xsrf = await xsrfOf(context);
  const res = await context.request.post(`${baseURL()}/api/billing/dev-checkout`, {
    data: { interval: "monthly" },
    headers: { authorization: `Bearer ${token}`, "x-xsrf-token": xsrf },
  });
  if (!res.ok()) throw new Error(`checkout failed: ${res.status()}`);
}

async function signedIn(path: string, { paid, width }: { paid: boolean; width: number }) {
  const { page, context, problems } = await openPage("/help", { width });
  const { token } = await signUpThroughApi(context);
  if (paid) await upgrade(context, token);
  if (paid) await declineGrowthWelcome(page);
  await gotoSettled(page, baseURL() + path);
  await hydrated(page);
  return { page, context, problems };
}

describe("/market-analysis", () => {
  it("shows the free plan what a report contains and the upgrade modal, at 375 px", async () => {
    const { page, context, problems } = await signedIn("/market-analysis?niche=pet-supplies", { paid: false, width: 375 });
    await page.getByRole("heading", { level: 1, name: "Deep market analysis" }).waitFor();
    const sections = page.getByTestId("report-sections").getByRole("listitem");
    await expect(sections.count()).resolves.toBe(7);
    await expect(sections.first().innerText()).resolves.toContain("Demand");
    // The address's niche is chosen once the niches have loaded.
    await page.getByRole("option", { name: /^Pet supplies \(\d+ products\)$/ }).waitFor({ state: "attached" });
    await expect(page.getByRole("combobox", { name: "Niche" }).inputValue()).resolves.toBe("pet-supplies");
    await page.getByRole("button", { name: "Generate report" }).click();
    await page.getByRole("dialog").getByText("Deep market analysis is a paid feature").waitFor();
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(375);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("writes a product report from the Explorer's link, with progress, citations, downloads and delete", async () => {
    const { page, context, problems } = await signedIn("/market-analysis?product=P-0001", { paid: true, width: 1440 });
    await expect(page.getByRole("radio", { name: "A product" }).getAttribute("aria-checked")).resolves.toBe("true");
    await expect(page.getByRole("textbox", { name: "Product id" }).inputValue()).resolves.toBe("P-0001");
    await page.getByRole("button", { name: "Generate report" }).click();
    const view = page.getByTestId("report-view");
    await view.getByRole("link", { name: "Download .md" }).waitFor({ timeout: 30_000 });
    await view.getByRole("heading", { level: 1, name: /^Deep market analysis: / }).waitFor();
    for (const section of ["Demand", "Competition", "Pricing and margins", "Audience", "Ad angles", "Risks", "30-day launch plan"]) {
      await expect(view.getByRole("heading", { level: 2, name: section }).isVisible()).resolves.toBe(true);
    }
    await expect(view.getByRole("link", { name: "P-0001" }).first().getAttribute("href")).resolves.toBe("/ai-explore?product=P-0001");
    await expect(page.getByTestId("report-list").getByRole("button").count()).resolves.toBe(1);

    const download = page.waitForEvent("download");
    await view.getByRole("link", { name: "Download .md" }).click();
    expect((await download).suggestedFilename()).toMatch(/^dropcraft-product-.+\.md$/);

    const popup = page.waitForEvent("popup");
    await view.getByRole("button", { name: "Print / HTML" }).click();
    const printable = await popup;
    await printable.waitForURL((u) => u.protocol === "blob:");
    await printable.getByRole("heading", { level: 2, name: "30-day launch plan" }).waitFor();
    await printable.close();

    await view.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("button", { name: "Delete report" }).click();
    await page.getByText("No reports yet.").waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it("fits a finished niche report in 375 px", async () => {
    const { page, context, problems } = await signedIn("/market-analysis?niche=pet-supplies", { paid: true, width: 375 });
    await page.getByRole("button", { name: "Generate report" }).click();
    await page.getByTestId("report-view").getByRole("link", { name: "Download .md" }).waitFor({ timeout: 30_000 });
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(375);
    expect(problems).toEqual([]);
    await context.close();
  });
});
