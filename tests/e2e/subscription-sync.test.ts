import { describe, expect, it } from "vitest";
import { baseURL, declineGrowthWelcome, gotoSettled, hydrated, setupBrowser, signUpThroughApi } from "./helpers";

const { openPage } = setupBrowser();

describe("/subscription-sync", () => {
  it("a paid user sees both sides field by field and Sync now answers In sync", async () => {
    const { page, context, problems } = await openPage("/");
    const user = await signUpThroughApi(context);
    const paid = await context.request.post(`${baseURL()}/api/billing/dev-checkout`, {
      data: { interval: "monthly" },
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(paid.status()).toBe(200);
    await declineGrowthWelcome(page);
    await gotoSettled(page, `${baseURL()}/subscription-sync`);
    await hydrated(page);
    await page.getByRole("heading", { name: "Subscription sync" }).waitFor();
    const status = page.getByTestId("sync-status");
    await expect(status.innerText()).resolves.toContain("In sync");
    await expect(page.getByTestId("sync-row-plan").innerText()).resolves.toMatch(/Growth \(pro\)\s+Growth \(pro\)/);
    await expect(page.getByTestId("sync-row-status").innerText()).resolves.toMatch(/active\s+active/);
    await expect(page.getByRole("columnheader", { name: "Last payment event" }).count()).resolves.toBe(1);

    await page.getByRole("button", { name: "Sync now" }).click();
    await page.getByRole("status").filter({ hasText: "In sync: our record matches the last payment event." }).first().waitFor();
    await expect(status.innerText()).resolves.toContain("In sync");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("someone without a subscription gets the empty state at 375 px", async () => {
    const { page, context } = await openPage("/", { width: 375, height: 800 });
    await signUpThroughApi(context);
    await gotoSettled(page, `${baseURL()}/subscription-sync`);
    await hydrated(page);
    await page.getByText("No subscription yet").waitFor();
    await expect(page.getByRole("link", { name: "See plans" }).getAttribute("href")).resolves.toBe("/upgrade");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });
});
