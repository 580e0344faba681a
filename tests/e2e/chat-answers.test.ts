/**
 * Answers that survive the page: reload mid-answer and it goes on; Stop, reload, the same
 * partial answer; edit a question and switch versions; the phone layout at 375 px.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseURL, gotoSettled, hydrated, reloadSettled, setupBrowser, signUpThroughApi, slowAnalystAnswers } from "./helpers";

const { openPage } = setupBrowser();

const QUESTION = "Find winning products in pet supplies";

async function ask(page: Page, text: string) {
  const input = page.getByTestId("chat-input");
  await input.fill(text);
  await input.press("Enter");
}

const lastAnswer = (page: Page) => page.locator('[data-role="assistant"]').last();

describe("answers that survive the page", () => {
  it("keeps writing through a reload and shows the whole answer once", async () => {
    const { page, context } = await openPage("/help");
    await slowAnalystAnswers(context);
    await signUpThroughApi(context);
    await gotoSettled(page, `${baseURL()}/chat`);
    await hydrated(page);
    await ask(page, QUESTION);
    await page.waitForURL(/\/chat\/[0-9a-f-]{36}$/);
    // Some of the answer is on the page, not all of it.
    await expect.poll(() => lastAnswer(page).getAttribute("data-status"), { timeout: 10_000 }).toBe("streaming");
    await expect.poll(async () => (await lastAnswer(page).innerText()).length).toBeGreaterThan(20);

    await page.reload();
    await hydrated(page);
    // After the reload the answer is still being written here, then saved whole.
    await expect.poll(() => lastAnswer(page).getAttribute("data-status"), { timeout: 10_000 }).toBe("streaming");
    await expect.poll(() => lastAnswer(page).getAttribute("data-status"), { timeout: 30_000 }).toBe("saved");
    const analysis = await lastAnswer(page).getByTestId("chat-analysis").innerText();
    const summary = await lastAnswer(page).getByTestId("chat-summary").innerText();
    expect(analysis).toMatch(/Next steps/);
    expect(await page.locator('[data-role="assistant"]').count()).toBe(1);

    // Saved: the executive summary first, the same analysis behind 'View Full Analysis'.
    await reloadSettled(page);
    await hydrated(page);
    await expect.poll(() => lastAnswer(page).getAttribute("data-status")).toBe("saved");
    expect(await lastAnswer(page).getByTestId("chat-summary").innerText()).toBe(summary);
    await lastAnswer(page).getByRole("button", { name: "View Full Analysis" }).click();
    expect(await lastAnswer(page).getByTestId("chat-analysis").innerText()).toBe(analysis);
    await context.close();
  });

  it("Stop ends the answer on the server: after a reload the same partial answer, marked stopped", async () => {
    const { page, context } = await openPage("/help");
    await slowAnalystAnswers(context);
    await signUpThroughApi(context);
    await gotoSettled(page, `${baseURL()}/chat`);
    await hydrated(page);
    await ask(page, QUESTION);
    await page.waitForURL(/\/chat\/[0-9a-f-]{36}$/);
    await expect.poll(async () => (await lastAnswer(page).innerText()).length, { timeout: 10_000 }).toBeGreaterThan(40);
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByTestId("chat-turn-stopped").count(), { timeout: 10_000 }).toBe(1);
    const partial = await lastAnswer(page).getByTestId("chat-analysis").innerText();
    expect(partial).not.toMatch(/Next steps/);

    // "load", not "networkidle": the reloaded chat may keep a connection open (the CI machine
    // once waited 30 s for it); every check below polls for what it needs.
    await page.reload({ waitUntil: "load" });
    await hydrated(page);
    await expect.poll(() => page.getByTestId("chat-turn-stopped").count()).toBe(1);
    // Saved with its executive summary, the partial analysis is one click away.
    await lastAnswer(page).getByRole("button", { name: "View Full Analysis" }).click();
    expect(await lastAnswer(page).getByTestId("chat-analysis").innerText()).toBe(partial);
    // What was written was delivered, so it counted.
    await expect.poll(() => page.getByTestId("chat-usage-hint").innerText()).toMatch(/9 left/);
    await context.close();
  });

  it("edits a question into a new version and switches back to the first", async () => {
    const { page, context } = await openPage("/help");
    await signUpThroughApi(context);
    await gotoSettled(page, `${baseURL()}/chat`);
    await hydrated(page);
    await ask(page, "Compare pet supplies vs kitchen");
    await page.waitForURL(/\/chat\/[0-9a-f-]{36}$/);
    await expect.poll(() => lastAnswer(page).getAttribute("data-status"), { timeout: 30_000 }).toBe("saved");
    const firstAnswer = await lastAnswer(page).innerText();

    // ↑ in the empty composer opens the last question for editing.
    await page.getByTestId("chat-input").focus();
    await page.keyboard.press("ArrowUp");
    const box = page.getByTestId("chat-edit-box").locator("textarea");
    await box.waitFor();
    await box.fill(QUESTION);
    await box.press("Enter");
    await expect.poll(() => lastAnswer(page).getAttribute("data-status"), { timeout: 30_000 }).toBe("saved");
    await expect.poll(() => page.getByTestId("chat-version-label").first().innerText()).toBe("2 / 2");
    expect(await page.locator('[data-role="user"]').innerText()).toContain(QUESTION);

    await page.getByRole("button", { name: "Previous version of this question" }).click();
    await expect.poll(() => page.getByTestId("chat-version-label").first().innerText()).toBe("1 / 2");
    expect(await page.locator('[data-role="user"]').innerText()).toContain("Compare pet supplies vs kitchen");
    expect(await lastAnswer(page).innerText()).toBe(firstAnswer);
    await context.close();
  });

  it("opens a cited record in the side panel, and a row inside it opens that record", async () => {
    const { page, context, problems } = await openPage("/help");
    await signUpThroughApi(context);
    await gotoSettled(page, `${baseURL()}/chat`);
    await hydrated(page);
    await ask(page, QUESTION);
    await expect.poll(() => lastAnswer(page).getAttribute("data-status"), { timeout: 30_000 }).toBe("saved");
    const source = lastAnswer(page).getByTestId("chat-source-open").first();
    const label = (await source.textContent()) ?? "";
    await source.click();
    const panel = page.getByTestId("record-panel");
    await panel.waitFor();
    // The first source of a products answer is its niche; its best products open their own records.
    await expect.poll(() => panel.innerText(), { timeout: 10_000 }).toMatch(/Orders a month/);
    expect(label).toMatch(/open source 1$/);
    await panel.getByRole("button", { name: /open product P-\d+$/ }).first().click();
    await panel.getByTestId("record-product").waitFor();
    const text = await panel.innerText();
    expect(text).toMatch(/Price/);
    expect(text).toMatch(/Supplier cost/);
    expect(text).toMatch(/Margin before shipping/);
    expect(text).toMatch(/Sample catalog/);
    await panel.getByRole("button", { name: "Back to the previous record" }).click();
    await panel.getByTestId("record-niche").waitFor();
    await page.keyboard.press("Escape");
    await panel.waitFor({ state: "detached" });
    expect(problems).toEqual([]);
    await context.close();
  });

  it("keeps the chat store in local storage and backs it up per user at logout", async () => {
    const { page, context } = await openPage("/help");
    const { user } = await signUpThroughApi(context);
    await gotoSettled(page, `${baseURL()}/chat`);
    await hydrated(page);
    await ask(page, QUESTION);
    await expect.poll(() => lastAnswer(page).getAttribute("data-status"), { timeout: 30_000 }).toBe("saved");
    await reloadSettled(page);
    await hydrated(page);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("chat-store") ?? "null"));
    expect(stored.state.userId).toBe(user.id);
    expect(stored.state.items[0].title).toBe("Find winning products in pet s...");
    expect(stored.state.items[0].messages.map((m: { role: string }) => m.role)).toEqual(["user", "assistant"]);

    await page.getByTestId("account-menu-trigger").click();
    await page.getByRole("menuitem", { name: "Log out securely" }).click();
    await page.waitForURL((u) => u.pathname === "/");
    const backup = await page.evaluate((id) => JSON.parse(localStorage.getItem(`user_${id}_chats`) ?? "null"), user.id);
    expect(Math.abs(Date.now() - backup.timestamp)).toBeLessThan(60_000);
    expect(backup.data[0].title).toBe("Find winning products in pet s...");
    expect(await page.evaluate(() => localStorage.getItem("auth.token"))).toBeNull();
    await context.close();
  });

  it("lays the chat out for a 375 px phone: no sideways scroll, the composer in view", async () => {
    const { page, context } = await openPage("/help", { width: 375, height: 740 });
    await signUpThroughApi(context);
    for (const path of ["/chat", "/mobile", "/mobile-direct"]) {
      await gotoSettled(page, `${baseURL()}${path}`);
      await hydrated(page);
      const input = page.getByTestId("chat-input");
      await input.waitFor();
      const box = (await input.boundingBox())!;
      expect(box.y + box.height, path).toBeLessThanOrEqual(740);
      expect(box.x, path).toBeGreaterThanOrEqual(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375);
    }
    await ask(page, QUESTION);
    await expect.poll(() => lastAnswer(page).getAttribute("data-status"), { timeout: 30_000 }).toBe("saved");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await context.close();
  });
});
