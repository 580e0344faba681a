import type { Page } from "playwright-core";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { apiAnswer, hydrated, loadScreen, setupBrowser, signUpThroughApi } from "./helpers";

const { openPage } = setupBrowser();

/** A one-page PDF with real text (pdf-lib), so the documents Worker has something to read. */
async function makePdf(lines: string[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  lines.forEach((line, i) => page.drawText(line, { x: 50, y: 780 - i * 18, size: 12, font }));
  return Buffer.from(await doc.save());
}

const card = (page: Page, name: string) => page.getByTestId("project-card").filter({ hasText: name });

describe("projects", () => {
  it("creates, renames and lists a project with its counts; autosaves instructions; indexes a text file and a PDF; adds a canon fact; deletes it and keeps its chat", async () => {
    const { page, context, problems } = await openPage("/help");
    const { token } = await signUpThroughApi(context);
    await loadScreen(page, "/projects", { waitUntil: "settled" });
    await page.getByTestId("projects-empty").waitFor();

    // Create (the dialog), then the project opens.
    await page.getByTestId("new-project").click();
    await page.getByTestId("create-project-name").fill("Harbor Candles");
    await page.getByTestId("create-project-instructions").fill("Brand voice: calm and unhurried.\nPrice band: $18 to $42.");
    await page.getByTestId("create-project-submit").click();
    await page.waitForURL(/\/project\/[A-Za-z0-9_-]+$/);
    const projectId = new URL(page.url()).pathname.split("/").pop()!;
    await expect.poll(() => page.getByTestId("project-name").innerText()).toBe("Harbor Candles");

    // Rename from the header.
    await page.getByTestId("project-rename").click();
    await page.getByTestId("rename-project-input").fill("Harbor Candle Co");
    await page.getByTestId("rename-project-save").click();
    await page.getByTestId("rename-project-dialog").waitFor({ state: "detached" });
    // The rename is saved, then the header re-reads it: on a busy machine that takes more than poll's default 5 s.
    await expect.poll(() => page.getByTestId("project-name").innerText(), { timeout: 15_000 }).toBe("Harbor Candle Co");

    // A chat started in the project opens in the chat screen and belongs to the project.
    await page.getByTestId("project-new-chat").click();
    await page.waitForURL(/\/chat\/[A-Za-z0-9_-]+$/);
    const chatId = new URL(page.url()).pathname.split("/").pop()!;
    const chats = await apiAnswer(context, token, "GET", "/api/chats");
    expect(chats.body.chats.find((c: { id: string }) => c.id === chatId)?.projectId).toBe(projectId);

    // The list: the card with its counts; search finds it by its instructions.
    await loadScreen(page, "/projects", { waitUntil: "settled" });
    const harbor = card(page, "Harbor Candle Co");
    await harbor.waitFor();
    expect(await harbor.getByTestId("project-card-counts").innerText()).toMatch(/1 chat[\s\S]*0 files/);
    await page.getByTestId("projects-search").fill("unhurried");
    await expect.poll(() => page.getByTestId("project-card").count()).toBe(1);
    await page.getByTestId("projects-search").fill("no such words");
    await page.getByTestId("projects-no-match").waitFor();
    await page.getByTestId("projects-search").fill("");

    // Open it; the Instructions tab saves as you type.
    await harbor.getByTestId("project-card-link").click();
    await page.waitForURL(new RegExp(`/project/${projectId}$`));
    await page.getByTestId("project-tab-instructions").click();
    const editor = page.getByTestId("instructions-editor");
    await editor.fill("Brand voice: calm and unhurried.\nPrice band: $18 to $42.\nShipping promise: ships in 2 days from Maine.");
    await expect.poll(() => page.getByTestId("save-status").getAttribute("data-state"), { timeout: 10_000 }).toBe("saved");
    expect(await page.getByTestId("save-status").innerText()).toBe("Saved");
    const saved = await apiAnswer(context, token, "GET", `/api/projects/${projectId}`);
    expect(saved.body.data.businessInstructions).toContain("ships in 2 days from Maine");

    // Knowledge base: a text file and a PDF, one request each, both indexed, with their text.
    await page.getByTestId("project-tab-knowledge").click();
    await expect.poll(() => new URL(page.url()).searchParams.get("tab")).toBe("knowledge");
    const pdf = await makePdf(["Harbor Candle Co wholesale sheet", "Sea Salt and Cedar candle: 40 hour burn time.", "Minimum order: 24 candles."]);
    await page.getByTestId("kb-drop-input").setInputFiles([
      { name: "care-guide.txt", mimeType: "text/plain", buffer: Buffer.from("Trim the wick to 5 mm before every burn.\n\nNever burn a candle for more than 4 hours at a time.") },
      { name: "wholesale.pdf", mimeType: "application/pdf", buffer: pdf },
    ]);
    const files = page.getByTestId("kb-file");
    await expect.poll(() => files.count(), { timeout: 30_000 }).toBe(2);
    await expect.poll(() => page.locator('[data-testid="kb-file"][data-status="indexed"]').count(), { timeout: 30_000 }).toBe(2);
    expect(await page.getByTestId("kb-uploads").count()).toBe(0);
    const pdfRow = files.filter({ hasText: "wholesale.pdf" });
    expect(await pdfRow.getByTestId("kb-file-facts").innerText()).toMatch(/^PDF · .+ · \d+ passages?$/);
    await pdfRow.getByTestId("kb-preview").click();
    const preview = page.getByTestId("file-preview");
    await preview.waitFor();
    await expect.poll(() => preview.getByTestId("file-preview-passages").innerText()).toContain("40 hour burn time");
    await page.keyboard.press("Escape");
    await preview.waitFor({ state: "detached" });

    // Canon: add a fact; it is the merchant's.
    await page.getByTestId("project-tab-canon").click();
    await page.getByTestId("canon-add").click();
    await page.getByTestId("canon-add-path").fill("brand.tagline");
    await page.getByTestId("canon-add-value").fill("Light that lingers");
    await page.getByTestId("canon-add-save").click();
    const fact = page.locator('[data-testid="canon-node"][data-path="brand.tagline"]');
    await fact.waitFor();
    expect(await fact.getByTestId("canon-value").innerText()).toBe("Light that lingers");
    expect(await fact.getByTestId("canon-entry").getAttribute("data-source")).toBe("user");
    expect(await fact.innerText()).toContain("You");
    const canon = await apiAnswer(context, token, "GET", `/api/projects/${projectId}/canon`);
    expect(canon.body.data["brand.tagline"]).toMatchObject({ value: "Light that lingers", source: "user" });

    // The header counts follow.
    expect(await page.getByTestId("project-counts").innerText()).toMatch(/1 chat\s*·\s*2 files/);

    // Delete after a confirmation that says what goes and what stays.
    await page.getByTestId("project-menu").click();
    await page.getByTestId("project-delete").click();
    const confirm = page.getByTestId("delete-project-dialog");
    await confirm.waitFor();
    const text = await confirm.innerText();
    expect(text).toMatch(/2 files/);
    expect(text).toMatch(/passages/);
    expect(text).toMatch(/canon/);
    expect(text).toMatch(/its chat stays in Chat Management/);
    await page.getByTestId("delete-project-dialog-confirm").click();
    await page.waitForURL(/\/projects$/);
    await page.getByTestId("projects-empty").waitFor();
    expect((await apiAnswer(context, token, "GET", `/api/projects/${projectId}`)).status).toBe(404);
    const kept = (await apiAnswer(context, token, "GET", "/api/chats")).body.chats.find((c: { id: string }) => c.id === chatId);
    expect(kept).toBeTruthy();
    expect(kept.projectId).toBeNull();

    // The empty state's one-click example opens on a canon its instructions fed.
    await page.getByTestId("projects-example").click();
    await page.waitForURL(/\/project\/[A-Za-z0-9_-]+\?tab=canon$/);
    await expect.poll(() => page.getByTestId("project-name").innerText()).toBe("Example: Cozy Pet Supplies");
    const voice = page.locator('[data-testid="canon-node"][data-path="brand.voice"]');
    await voice.waitFor();
    expect(await voice.getByTestId("canon-entry").getAttribute("data-source")).toBe("ai");
    expect(await voice.innerText()).toMatch(/From your business instructions/);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("finds a project by its typed name, says when none has it, and works on a 375 px phone", async () => {
    const { page, context } = await openPage("/help", { width: 375, height: 812 });
    const { token } = await signUpThroughApi(context);
    const created = await apiAnswer(context, token, "POST", "/api/projects", { name: "My Store", businessInstructions: "Brand voice: friendly." });
    expect(created.status).toBe(201);
    await apiAnswer(context, token, "POST", "/api/projects", { name: "Second shop", businessInstructions: "" });

    await loadScreen(page, "/project/my store", { waitUntil: "settled" });
    await page.waitForURL(new RegExp(`/project/${created.body.data.id}$`));
    await expect.poll(() => page.getByTestId("project-name").innerText()).toBe("My Store");
    // Tabs scroll sideways on a phone; the page itself does not.
    const tabs = page.getByTestId("project-tabs");
    expect(await tabs.evaluate((el) => el.scrollWidth > el.parentElement!.clientWidth)).toBe(true);
    await page.getByTestId("project-tab-canon").click();
    await page.getByTestId("canon-tab").waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await loadScreen(page, "/projects", { waitUntil: "settled" });
    await expect.poll(() => page.getByTestId("project-card").count()).toBe(2);
    const boxes = await page.getByTestId("project-card").evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect));
    expect(boxes[1].top).toBeGreaterThanOrEqual(boxes[0].bottom); // stacked, one column
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await loadScreen(page, "/project/Nothing Like This", { waitUntil: "settled" });
    await page.getByTestId("project-not-found").waitFor();
    await page.getByTestId("project-back-to-list").click();
    await page.waitForURL(/\/projects$/);
    await context.close();
  });

  it("on the free plan, a fourth project opens the upgrade modal with the server's message", async () => {
    const { page, context } = await openPage("/help");
    const { token } = await signUpThroughApi(context);
    for (const name of ["One", "Two", "Three"]) {
      expect((await apiAnswer(context, token, "POST", "/api/projects", { name })).status).toBe(201);
    }
    await loadScreen(page, "/projects", { waitUntil: "settled" });
    await expect.poll(() => page.getByTestId("project-card").count()).toBe(3);
    await expect.poll(() => page.getByTestId("projects-allowance").innerText()).toMatch(/3 of 3 projects/);

    await page.getByTestId("new-project").click();
    await page.getByTestId("create-project-name").fill("Four");
    await page.getByTestId("create-project-submit").click();
    const modal = page.getByTestId("upgrade-modal");
    await modal.waitFor();
    const text = await modal.innerText();
    expect(text).toContain("Project limit reached");
    expect(text).toMatch(/3 projects/);
    expect(await page.getByTestId("create-project-dialog").count()).toBe(0);
    await page.getByTestId("upgrade-modal-continue-free").click();
    await modal.waitFor({ state: "detached" });
    expect(await page.getByTestId("project-card").count()).toBe(3);

    // The draft is kept for after an upgrade.
    await page.getByTestId("new-project").click();
    expect(await page.getByTestId("create-project-name").inputValue()).toBe("Four");
    await context.close();
  });

  it("answers in a project chat from the uploaded PDF, in the canon's brand voice, and opens the cited passage", async () => {
    const { page, context, problems } = await openPage("/help");
    const { token } = await signUpThroughApi(context);
    const project = (await apiAnswer(context, token, "POST", "/api/projects", { name: "Pawloft", businessInstructions: "We sell orthopedic dog beds." })).body.data;
    await apiAnswer(context, token, "PUT", `/api/projects/${project.id}/canon`, { canon: { "brand.voice": "warm and reassuring" } });

    // Upload the PDF through the Knowledge base tab.
    await loadScreen(page, `/project/${project.id}?tab=knowledge`, { waitUntil: "settled" });
    await page.getByTestId("project-tab-knowledge").click();
    const pdf = await makePdf(["Pawloft shipping policy", "Every bed ships from our Denver warehouse.", "Standard delivery takes 5 business days."]);
    await page.getByTestId("kb-drop-input").setInputFiles([{ name: "shipping-policy.pdf", mimeType: "application/pdf", buffer: pdf }]);
    await expect.poll(() => page.locator('[data-testid="kb-file"][data-status="indexed"]').count(), { timeout: 30_000 }).toBe(1);

    // Ask in a chat of the project.
    await page.getByTestId("project-new-chat").click();
    await page.waitForURL(/\/chat\/[A-Za-z0-9_-]+$/);
    await hydrated(page);
    await expect.poll(() => page.getByTestId("chat-project").innerText()).toBe("Pawloft");
    await page.getByTestId("chat-input").fill("How many days does standard delivery take?");
    await page.getByTestId("chat-send").click();
    const answer = page.locator('[data-role="assistant"]').last();
    await expect.poll(() => answer.getAttribute("data-status"), { timeout: 30_000 }).toBe("saved");
    expect(await answer.getByTestId("chat-summary").innerText()).toContain('Your file "shipping-policy.pdf" says');
    // The full analysis: the quote, and the brand voice from the canon (a warm opening, the entry named as used).
    const analysisToggle = answer.getByTestId("chat-full-analysis-toggle");
    if ((await analysisToggle.count()) && (await analysisToggle.getAttribute("aria-expanded")) !== "true") await analysisToggle.click();
    const analysis = answer.getByTestId("chat-analysis");
    await expect.poll(() => analysis.innerText()).toContain("brand.voice: warm and reassuring (set by you)");
    const text = await analysis.innerText();
    expect(text).toContain("Standard delivery takes 5 business days.");
    expect(text).toContain("Happy to help with Pawloft.");

    // The file's citation opens the file at the cited passage.
    const source = answer.getByTestId("chat-source-open").filter({ hasText: "shipping-policy.pdf" }).first();
    await source.click();
    const panel = page.getByTestId("record-panel");
    await panel.getByTestId("record-passage").waitFor();
    const cited = panel.locator("[data-cited]");
    await expect.poll(() => cited.innerText(), { timeout: 10_000 }).toContain("Standard delivery takes 5 business days.");
    expect(await panel.innerText()).toContain("shipping-policy.pdf");
    await page.keyboard.press("Escape");
    expect(problems).toEqual([]);
    await context.close();
  });
});
