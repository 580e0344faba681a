import { describe, expect, it } from "vitest";
import { baseURL, gotoSettled, hydrated, setupBrowser, signUpThroughApi } from "./helpers";

const { openPage } = setupBrowser();

/** The page does not scroll sideways at this width. */
async function fitsWidth(page: import("playwright-core").Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

describe("affiliate program", () => {
  it("credits a signup through a referral link after a checkout, on a 375 px phone", async () => {
    const started = Date.now();
    const step = (label: string) => process.stdout.write(`[affiliate e2e] ${label} at ${Date.now() - started} ms\n`);
    const referrerSide = await openPage("/invite-earn", { width: 375, height: 800 });
    const referrer = await signUpThroughApi(referrerSide.context);
    const mine = await referrerSide.context.request.get(`${baseURL()}/api/affiliate`, { headers: { authorization: `Bearer ${referrer.token}` } });
    const { code } = ((await mine.json()) as { data: { code: string } }).data;

    step("referrer ready");
    // A visitor in a fresh browser follows the link: the visit sets the referral cookie.
    const visitor = await openPage(`/invite-earn?ref=${code}`, { width: 375, height: 800 });
    await hydrated(visitor.page);
    await expect(visitor.page.getByTestId("affiliate-terms").innerText()).resolves.toContain("30% of every payment");
    await fitsWidth(visitor.page, 375);
    await expect
      .poll(async () => (await visitor.context.cookies(baseURL())).find((c) => c.name === "dc_ref")?.value ?? "", { timeout: 10_000 })
      .toMatch(new RegExp(`^${code}\\.`));
    step("cookie set");
    // They sign up in that browser (the cookie goes with the request) and pay through the dev checkout.
    const customer = await signUpThroughApi(visitor.context);
    const paid = await visitor.context.request.post(`${baseURL()}/api/billing/dev-checkout`, {
      data: { interval: "monthly" },
      headers: { authorization: `Bearer ${customer.token}` },
    });
    expect(paid.status()).toBe(200);

    step("paid");
    // The referrer's screen shows the sign-up, the paying customer and the pending commission.
    const page = referrerSide.page;
    await gotoSettled(page, `${baseURL()}/affiliate`);
    await hydrated(page);
    await page.getByTestId("affiliate-dashboard").waitFor();
    step("dashboard shown");
    await expect(page.getByTestId("referral-link").inputValue()).resolves.toMatch(new RegExp(`/invite-earn\\?ref=${code}$`));
    await expect(page.getByTestId("stat-signups").innerText()).resolves.toBe("1");
    await expect(page.getByTestId("stat-paying").innerText()).resolves.toBe("1");
    await expect(page.getByTestId("stat-pending").innerText()).resolves.toBe("$14.70");
    await expect(page.getByTestId("commission-list").innerText()).resolves.toMatch(/Customer 1[\s\S]*pending[\s\S]*\$14\.70/i);
    await fitsWidth(page, 375);
    expect([...referrerSide.problems, ...visitor.problems]).toEqual([]);
    await visitor.context.close();
    await referrerSide.context.close();
  }, 60_000);

  it("filters the partner directory and sends an application from the dialog, on a 375 px phone", async () => {
    const { page, context, problems } = await openPage("/partners", { width: 375, height: 800 });
    await hydrated(page);
    await page.getByTestId("partner-list").waitFor();
    await page.getByRole("button", { name: "Shipping and fulfillment" }).click();
    // The filtered list replaces the whole directory once the server answers.
    await expect.poll(() => page.getByTestId("partner-list").innerText()).not.toContain("Klaviyo");
    expect(await page.getByTestId("partner-list").innerText()).toContain("ShipStation");
    const link = page.getByRole("link", { name: /Visit ShipStation/ });
    expect(await link.getAttribute("rel")).toBe("noopener noreferrer");
    expect(await link.getAttribute("target")).toBe("_blank");
    await fitsWidth(page, 375);

    await page.getByRole("button", { name: "Apply to become a partner" }).click();
    const dialog = page.getByTestId("partner-apply-dialog");
    await dialog.waitFor();
    await dialog.getByLabel("Company").fill("Harbor Growth Studio");
    await dialog.getByRole("button", { name: "Send application" }).click();
    await expect(dialog.innerText()).resolves.toContain("Enter your website's full address");
    await dialog.getByLabel("Website").fill("https://harbor-growth.test");
    await dialog.getByLabel("Contact email").fill("team@harbor-growth.test");
    await dialog.getByLabel("What you offer Dropcraft merchants").fill("Paid social campaigns for new Shopify stores.");
    await dialog.getByRole("button", { name: "Send application" }).click();
    await dialog.waitFor({ state: "detached" });
    await page.getByText("Application sent").waitFor();
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);
});
