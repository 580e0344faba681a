import { describe, expect, it } from "vitest";
import { apiAnswer, baseURL, declineGrowthWelcome, hydrated, loadScreen, setupBrowser, signUpThroughApi, xsrfOf } from "./helpers";

const { openPage } = setupBrowser();

// A 1×1 PNG.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

describe("support", () => {
  it("opens a ticket with a screenshot in the screen, and the staff reply made through the API arrives in it", async () => {
    const { page, context, problems } = await openPage("/help");
    const user = await signUpThroughApi(context);
    await loadScreen(page, "/support", { waitUntil: "settled" });
    await page.getByTestId("support-promise").getByText("no promised response time").waitFor();

    const form = page.getByTestId("new-ticket-form");
    await form.getByLabel("Subject").fill("Export to Shopify stops at step 2");
    await form.getByLabel("Category").selectOption("export");
    await form.getByLabel("Message").fill("It stops after choosing the collection.");
    await page.getByTestId("screenshot-input").setInputFiles({ name: "shot.png", mimeType: "image/png", buffer: PNG });
    await page.getByTestId("screenshot-preview").waitFor();
    await page.getByTestId("send-ticket").click();

    await page.waitForURL(/\/support\?ticket=[0-9a-f-]+$/);
    const ticketId = new URL(page.url()).searchParams.get("ticket")!;
    const view = page.getByTestId("ticket-view");
    await view.getByText("It stops after choosing the collection.").waitFor();
    await view.getByAltText("Attached screenshot").waitFor();
    expect(await view.getByTestId("ticket-status").getAttribute("data-status")).toBe("open");
    await page.getByTestId("ticket-row").filter({ hasText: "Export to Shopify stops at step 2" }).waitFor();

    // A staff member (made staff through the dev tools) replies through the API.
    const staffSide = await openPage("/help");
    const staff = await signUpThroughApi(staffSide.context);
    expect((await apiAnswer(staffSide.context, staff.token, "POST", "/api/dev/make-admin", { email: staff.email })).status).toBe(200);
    const reply = await apiAnswer(staffSide.context, staff.token, "POST", `/api/admin/support/tickets/${ticketId}/replies`, { message: "Reconnect the store in Settings, then export again." });
    expect(reply.status).toBe(201);

    // The open ticket refetches by itself (every 15 s, and on focus).
    await view.getByTestId("message-staff").getByText("Reconnect the store in Settings, then export again.").waitFor({ timeout: 20_000 });
    await expect.poll(() => view.getByTestId("ticket-status").getAttribute("data-status")).toBe("answered");
    const outbox = await apiAnswer(context, null, "GET", `/api/dev/outbox?to=${encodeURIComponent(user.email)}`);
    expect(outbox.body.data.some((m: { kind: string; link: string }) => m.kind === "support_reply" && m.link.endsWith(`/support?ticket=${ticketId}`))).toBe(true);

    // The user answers; the ticket is open again.
    await view.getByLabel("Your reply").fill("That worked, thanks!");
    await page.getByTestId("send-reply").click();
    await view.getByText("That worked, thanks!").waitFor();
    await expect.poll(() => view.getByTestId("ticket-status").getAttribute("data-status")).toBe("open");
    expect(problems).toEqual([]);
    expect(staffSide.problems).toEqual([]);
    await staffSide.context.close();
  }, 60_000);

  it("fits 375 px: a signed-out visitor sees what support is, a paid user sees the 24-hour promise and the time left, and feedback votes toggle", async () => {
    const visitor = await openPage("/support", { width: 375, height: 812 });
    await hydrated(visitor.page);
    await visitor.page.getByRole("link", { name: "Log in" }).first().waitFor();
    expect(await visitor.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await visitor.context.close();

    const { page, context, problems } = await openPage("/help", { width: 375, height: 812 });
    const user = await signUpThroughApi(context);
    const xsrf = await xsrfOf(context);
    expect((await context.request.post(`${baseURL()}/api/billing/dev-checkout`, { data: { interval: "monthly" }, headers: { authorization: `Bearer ${user.token}`, "x-xsrf-token": xsrf } })).ok()).toBe(true);

    await declineGrowthWelcome(page);
    await loadScreen(page, "/support?article=images/no-such-article", { waitUntil: "settled" });
    await expect.poll(() => page.getByTestId("new-ticket-form").getByLabel("Subject").inputValue()).toMatch(/^Question about/);
    await page.getByTestId("support-promise").getByText("within 24 hours").waitFor();
    await page.getByTestId("new-ticket-form").getByLabel("Message").fill("How do I upload a photo?");
    await page.getByTestId("send-ticket").click();
    await page.getByTestId("respond-by").getByText(/Reply due in (23|24) h/).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await loadScreen(page, "/feedback", { waitUntil: "settled" });
    const form = page.getByTestId("feedback-form");
    await form.getByLabel("Title").fill(`Bulk export ${user.name}`);
    // A pasted wall of text is not cut silently: the count says how far over it is and Submit names the limit.
    await form.getByLabel("Details").fill("x".repeat(21_000));
    expect(await page.getByTestId("feedback-details-count").innerText()).toBe("17,000 characters over the 4,000 limit");
    await form.getByRole("button", { name: "Submit" }).click();
    await form.getByText("Keep the details to 4,000 characters: shorten them by 17,000.").waitFor();
    await form.getByLabel("Details").fill("Export many pages at once.");
    expect(await page.getByTestId("feedback-details-count").count()).toBe(0);
    await form.getByRole("button", { name: "Submit" }).click();
    const item = page.getByTestId("feedback-item").filter({ hasText: `Bulk export ${user.name}` });
    const vote = item.getByTestId("vote-button");
    await expect.poll(() => vote.getAttribute("aria-pressed")).toBe("true");
    expect(await vote.innerText()).toBe("1");
    await vote.click();
    await expect.poll(() => vote.innerText()).toBe("0");
    expect(await vote.getAttribute("aria-pressed")).toBe("false");
    await vote.click();
    await expect.poll(() => vote.innerText()).toBe("1");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(problems).toEqual([]);
  }, 60_000);
});
