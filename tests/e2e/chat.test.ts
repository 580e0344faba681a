import { describe, expect, it } from "vitest";
import { askThroughApi, baseURL, gotoSettled, hydrated, reloadSettled, setupBrowser, signUpThroughApi } from "./helpers";

const { openPage } = setupBrowser();

describe("chat", () => {
  it("answers a question from the built-in analyst, titles the chat and counts the query", async () => {
    const { page, context } = await openPage("/help");
    await signUpThroughApi(context);
    await gotoSettled(page, `${baseURL()}/chat`);
    await hydrated(page);
    // The screen's element is marked: the same element after the chat gets its address means the
    // screen stayed mounted (an edit begun or a record opened during the first answer is kept).
    await page.getByTestId("chat-screen").evaluate((el) => el.setAttribute("data-probe", "before-address"));
    const input = page.getByTestId("chat-input");
    await input.fill("Find winning products in pet supplies");
    await input.press("Enter");
    await page.waitForURL(/\/chat\/[0-9a-f-]{36}$/);
    const answer = page.locator('[data-role="assistant"]').last();
    await answer.waitFor();
    await expect.poll(() => answer.innerText(), { timeout: 15_000 }).toMatch(/sample/i);
    await expect.poll(() => answer.locator("table").count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId("chat-usage-hint").innerText()).toMatch(/9 left/);
    await expect.poll(() => page.getByRole("navigation", { name: "Chat history" }).innerText()).toContain("Find winning products in pet");
    expect(await page.getByTestId("chat-screen").getAttribute("data-probe")).toBe("before-address");

    // The answer survives a reload: it was saved, not just shown.
    await reloadSettled(page);
    await hydrated(page);
    await expect.poll(() => page.locator('[data-role="assistant"]').count()).toBe(1);
    await context.close();
  });

  it("reads the daily query limit from its own endpoint and says 'Failed to load usage limits' when that read fails", async () => {
    const { page, context } = await openPage("/help");
    await signUpThroughApi(context);
    await page.route("**/api/usage-limits/queriesPerDay*", (route) => route.fulfill({ status: 500, body: "" }));
    // The usage stream also carries the limit and would paper over the failed read: it stays connecting.
    await page.route("**/api/usage/stream*", () => new Promise(() => {}));
    await page.goto(`${baseURL()}/chat`, { waitUntil: "load" });
    await hydrated(page);
    const hint = page.getByTestId("chat-usage-hint");
    await expect.poll(() => hint.innerText(), { timeout: 10_000 }).toContain("Failed to load usage limits");
    // The endpoint's figures are the ones shown once it answers: a limit the summary does not hold.
    await page.unroute("**/api/usage-limits/queriesPerDay*");
    await page.route("**/api/usage-limits/queriesPerDay*", (route) =>
      route.fulfill({
        status: 200,
        contentType: "application/json",
        body: JSON.stringify({
          success: true,
          data: { limit: 10, used: 3, remaining: 7, resetsAt: new Date(Date.now() + 3_600_000).toISOString(), nearLimit: false },
        }),
      }),
    );
    await page.getByTestId("chat-usage-retry").click();
    await expect.poll(() => hint.innerText()).toMatch(/7 left today/);
    expect(await page.getByTestId("chat-usage-retry").count()).toBe(0);
    await context.close();
  });

  it("a free user who has used the day's 10 queries sees the upgrade modal and keeps the typed question", async () => {
    const { page, context } = await openPage("/help");
    const { token } = await signUpThroughApi(context);
    // Nine questions in chats of their own, side by side (each answer streams at the analyst's pace),
    // then the tenth in the chat the screen opens.
    await Promise.all(
      Array.from({ length: 9 }, (_, i) => askThroughApi(context, token, crypto.randomUUID(), `Question ${i + 1}: best kitchen gadgets?`)),
    );
    const chatId = crypto.randomUUID();
    await askThroughApi(context, token, chatId, "Question 10: best kitchen gadgets?");

    await gotoSettled(page, `${baseURL()}/chat/${chatId}`);
    await hydrated(page);
    await expect.poll(() => page.getByTestId("chat-usage-hint").innerText()).toMatch(/0 left|limit/i);
    const input = page.getByTestId("chat-input");
    await input.fill("One more: phone accessories?");
    await input.press("Enter");

    const modal = page.getByTestId("upgrade-modal");
    await modal.waitFor();
    const text = await modal.innerText();
    expect(text).toContain("Daily query limit reached");
    expect(text).toContain("You have used all 10 AI queries for today. It resets tomorrow.");
    expect(text).toContain("0 queries left today");
    expect(await input.inputValue()).toBe("One more: phone accessories?");
    await page.getByTestId("upgrade-modal-continue-free").click();
    await modal.waitFor({ state: "detached" });
    // Nothing was added to the chat: its one question and one answer.
    expect(await page.locator('[data-role="user"]').count()).toBe(1);
    expect(await page.locator('[data-role="assistant"]').count()).toBe(1);
    await context.close();
  }, 120_000);
});
