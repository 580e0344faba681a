import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { baseURL, gotoSettled, hydrated, reloadSettled, screenshotFor, setupBrowser, signUpThroughApi } from "./helpers";

const { openPage } = setupBrowser();

/** Asks in the composer and resolves with the new answer's text once it is saved. */
async function ask(page: Page, question: string): Promise<string> {
  const before = await page.locator('[data-role="assistant"]').count();
  const input = page.getByTestId("chat-input");
  await input.fill(question);
  await input.press("Enter");
  const answer = page.locator('[data-role="assistant"]').nth(before);
  await answer.waitFor({ timeout: 30_000 });
  await expect.poll(() => answer.getAttribute("data-status"), { timeout: 60_000 }).toBe("saved");
  return answer.innerText();
}

describe("a conversation with the analyst", () => {
  it("follows five questions with follow-ups, using the merchant's figures and what it said before", async () => {
    const { page, context, problems } = await openPage("/help");
    await signUpThroughApi(context);
    await gotoSettled(page, `${baseURL()}/chat`);
    await hydrated(page);

    // 1. The merchant's own figures: 39 / (39 − 12 − 5) = 1.77.
    const roas = await ask(page, "What ROAS do I need to break even on a $39 product with $12 cost and $5 shipping?");
    expect(roas).toContain("$39.00 ÷ $22.00 = 1.77");
    expect(roas).toMatch(/you said/);
    await page.waitForURL(/\/chat\/[0-9a-f-]{36}$/);

    // 2. A follow-up that changes one figure keeps the others.
    const again = await ask(page, "and with $7 shipping?");
    expect(again).toContain("$39.00 ÷ $20.00 = 1.95");

    // 3. A comparison the next questions point back at.
    const compared = await ask(page, "Compare the top two kitchen gadgets by margin");
    const rows = await page.locator('[data-role="assistant"]').last().locator("tbody tr").allInnerTexts();
    expect(rows).toHaveLength(2);
    expect(compared).toMatch(/highest margin/);

    // 4. "those two" is the two just compared, not a search for "two".
    const fewer = await ask(page, "Which of those two has fewer competitors?");
    const names = rows.map((r) => r.split("\t")[1]);
    expect(names.every((n) => fewer.includes(n))).toBe(true);
    expect(fewer).toMatch(/has fewer competitors|It's a tie/);

    // 5. "that one" is the answer's pick: an ad in Facebook's parts.
    const ad = await ask(page, "Write a Facebook ad for that one");
    expect(ad).toMatch(/Primary text/);
    expect(ad).toMatch(/Headline/);
    expect(ad).toMatch(/Call to action/);
    expect(names.some((n) => ad.toLowerCase().includes(n.toLowerCase().split(",")[0]))).toBe(true);

    // Five questions, five counted queries.
    await expect.poll(() => page.getByTestId("chat-usage-hint").innerText()).toMatch(/5 left/);
    // Reloaded, the conversation continues from the same memory.
    await reloadSettled(page);
    await hydrated(page);
    await expect.poll(() => page.locator('[data-role="assistant"]').count(), { timeout: 15_000 }).toBe(5);
    const budget = await ask(page, "What daily test budget would you suggest for it on TikTok?");
    expect(budget).toMatch(/TikTok/);
    expect(budget).toMatch(/a day/);
    expect(problems).toEqual([]);
    await context.close();
  }, 180_000);

  it("'Not what I asked' gives the query back, marks the answer and says so", async () => {
    const { page, context, problems } = await openPage("/help");
    await signUpThroughApi(context);
    await gotoSettled(page, `${baseURL()}/chat`);
    await hydrated(page);
    await ask(page, "Find winning products in pet supplies");
    await expect.poll(() => page.getByTestId("chat-usage-hint").innerText()).toMatch(/9 left/);

    const answer = page.locator('[data-role="assistant"]').last();
    await answer.getByTestId("chat-not-what-i-asked").click();
    await expect.poll(() => page.getByText("Thanks: this query was given back").count()).toBeGreaterThan(0);
    await answer.getByTestId("chat-not-counted").waitFor();
    await expect(answer.getByTestId("chat-not-what-i-asked").count()).resolves.toBe(0);
    await expect.poll(() => page.getByTestId("chat-usage-hint").innerText()).toMatch(/10 left/);
    await screenshotFor(page, "chat-not-what-i-asked", { fullPage: false });

    // Kept after a reload.
    await reloadSettled(page);
    await hydrated(page);
    await page.locator('[data-role="assistant"]').last().getByTestId("chat-not-counted").waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
