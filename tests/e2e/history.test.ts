import { readFile } from "node:fs/promises";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { askThroughApi, baseURL, gotoSettled, hydrated, setupBrowser, signUpThroughApi } from "./helpers";

const { openPage } = setupBrowser();

// The browser suite runs the offline built-in analyst, so answers are deterministic sample-data
// research; the word searched for is picked from one answer at run time, so the test does not
// depend on the analyst's exact wording.

async function getJson(context: BrowserContext, token: string, path: string) {
  const res = await context.request.get(`${baseURL()}${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test responses are read loosely
  return (await res.json()) as any;
}

/** Three chats of one question each; their ids, and the text of everything in them. */
async function seedChats(context: BrowserContext, token: string) {
  const questions = [
    "Find winning products in pet supplies",
    "Compare home fitness and kitchen gadgets",
    "Write ad hooks for a posture corrector",
  ];
  const ids: string[] = [];
  for (const q of questions) {
    const id = crypto.randomUUID();
    await askThroughApi(context, token, id, q);
    ids.push(id);
  }
  const texts: string[] = [];
  const answers: string[] = [];
  for (const id of ids) {
    const { chat, messages } = await getJson(context, token, `/api/chats/${id}`);
    texts.push(
      [chat.title, ...messages.map((m: { content: string; summary?: string }) => `${m.content} ${m.summary ?? ""}`)]
        .join(" ")
        .toLowerCase(),
    );
    answers.push(messages.find((m: { role: string }) => m.role === "assistant").content);
  }
  return { ids, questions, texts, answers };
}

/** A plain word of the first chat's answer that appears nowhere in the other chats (nor in its question). */
function wordOnlyIn(answer: string, question: string, others: string[]): string {
  const words = answer.match(/\b[A-Za-z]{6,}\b/g) ?? [];
  const word = words.find((w) => {
    const lower = w.toLowerCase();
    return !question.toLowerCase().includes(lower) && others.every((t) => !t.includes(lower));
  });
  if (!word) throw new Error("no distinctive word in the answer");
  return word;
}

const row = (page: Page, id: string) => page.locator(`[data-testid="history-row"][data-chat-id="${id}"]`);

describe("chat management (/history)", () => {
  it("searches answers on the server, shows the snippet, renames, exports and deletes two selected chats", async () => {
    const { page, context, problems } = await openPage("/help");
    const { token } = await signUpThroughApi(context);
    const { ids, questions, texts, answers } = await seedChats(context, token);
    const [a, b, c] = ids;
    const word = wordOnlyIn(answers[0], questions[0], [texts[1], texts[2]]);

    // Open a chat first, so the chat screen's list is cached, then go to /history in the app.
    await gotoSettled(page, `${baseURL()}/chat/${a}`);
    await hydrated(page);
    await expect.poll(() => page.getByTestId("chat-list-item").count()).toBe(3);
    await page.getByTestId("sidebar").getByRole("link", { name: "Chat Management" }).click();
    await page.waitForURL((u) => u.pathname === "/history");
    await page.getByRole("heading", { level: 1, name: "Chat Management" }).waitFor();
    await expect.poll(() => page.getByTestId("history-row").count()).toBe(3);
    expect(await page.getByTestId("history-totals").innerText()).toContain("3 chats · 6 messages");
    expect(await row(page, a).getByTestId("history-count").innerText()).toMatch(/^2/);

    // Search by a word that is only in the first chat's answer.
    await page.getByTestId("history-search").fill(word.toUpperCase());
    await expect.poll(() => page.getByTestId("history-row").count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => row(page, a).count()).toBe(1);
    const snippet = row(page, a).getByTestId("history-match");
    expect((await snippet.innerText()).toLowerCase()).toContain(word.toLowerCase());
    expect((await snippet.locator("mark").first().innerText()).toLowerCase()).toBe(word.toLowerCase());
    expect(await page.getByTestId("history-status").innerText()).toMatch(/1 chat matches/);

    // Nothing found: said so, and clearing the box brings every chat back.
    await page.getByTestId("history-search").fill("qqqzzznothing");
    await page.getByTestId("history-no-results").waitFor();
    await page.getByTestId("history-search").press("Escape");
    await expect.poll(() => page.getByTestId("history-row").count()).toBe(3);

    // Rename the second chat in place.
    await row(page, b).getByTestId("history-rename").click();
    const input = page.getByTestId("history-rename-input");
    await input.fill("Fitness vs kitchen");
    await input.press("Enter");
    await expect.poll(() => row(page, b).getByTestId("history-open").innerText()).toBe("Fitness vs kitchen");
    await expect
      .poll(async () => (await getJson(context, token, `/api/chats/${b}`)).chat.title)
      .toBe("Fitness vs kitchen");

    // Export it: a JSON file with the chat and its two messages.
    await row(page, b).getByTestId("history-select").check();
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("history-export").click()]);
    expect(download.suggestedFilename()).toMatch(/^dropcraft-chat-fitness-vs-kitchen-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(await readFile((await download.path())!, "utf8"));
    expect(exported).toMatchObject({
      format: "dropcraft.chats",
      version: 1,
      chats: [{ id: b, title: "Fitness vs kitchen" }],
    });
    expect(exported.chats[0].messages.map((m: { role: string }) => m.role)).toEqual(["user", "assistant"]);
    await row(page, b).getByTestId("history-select").uncheck();

    // Select the other two and delete them.
    await row(page, a).getByTestId("history-select").check();
    await row(page, c).getByTestId("history-select").check();
    expect(await page.getByTestId("history-status").innerText()).toContain("2 selected");
    await page.getByTestId("history-delete-selected").click();
    const dialog = page.getByTestId("history-delete-dialog");
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain("Delete 2 chats?");
    await page.getByTestId("history-delete-confirm").click();
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => page.getByTestId("history-row").count()).toBe(1);
    expect(await row(page, b).count()).toBe(1);
    // The rows go at once (optimistic); the toast comes when the server has answered both deletes.
    await page.getByRole("status").filter({ hasText: "2 chats deleted" }).waitFor({ timeout: 15_000 });
    expect((await getJson(context, token, "/api/chats")).chats.map((x: { id: string }) => x.id)).toEqual([b]);

    // Back in the chat screen (no reload), its list agrees: one chat, renamed.
    await row(page, b).getByTestId("history-open").click();
    await page.waitForURL((u) => u.pathname === `/chat/${b}`);
    await expect.poll(() => page.getByTestId("chat-list-item").count()).toBe(1);
    expect(await page.getByTestId("chat-list-item").innerText()).toContain("Fitness vs kitchen");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("shows cards on a phone, deletes every chat after a confirmation and then offers to start one", async () => {
    const { page, context, problems } = await openPage("/help", { width: 390, height: 844 });
    const { token } = await signUpThroughApi(context);
    await askThroughApi(context, token, crypto.randomUUID(), "Best kitchen gadgets for summer");
    await askThroughApi(context, token, crypto.randomUUID(), "Which stores sell phone accessories?");

    await gotoSettled(page, `${baseURL()}/history`);
    await hydrated(page);
    await expect.poll(() => page.getByTestId("history-row").count()).toBe(2);
    // Cards: no column headers, the row's actions beside its title.
    expect(await page.getByTestId("history-column-title").isVisible()).toBe(false);
    expect(await page.getByTestId("history-rename").first().isVisible()).toBe(true);

    await page.getByTestId("history-delete-all").click();
    const dialog = page.getByTestId("history-delete-all-dialog");
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain("2 chats");
    await page.getByTestId("history-delete-all-confirm").click();
    await page.getByTestId("history-empty").waitFor();
    // The list empties as soon as the merchant confirms; the server's deletes may still be finishing.
    await expect.poll(async () => (await getJson(context, token, "/api/chats")).chats, { timeout: 15_000 }).toEqual([]);
    await page.getByTestId("history-start-chat").click();
    await page.waitForURL((u) => u.pathname === "/chat");
    expect(problems).toEqual([]);
    await context.close();
  });
});
