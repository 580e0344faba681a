import type { BrowserContext } from "playwright-core";
import { describe, expect, it } from "vitest";
import { askThroughApi, baseURL, gotoSettled, loadScreen, screenshotFor, setupBrowser, signUpThroughApi, xsrfOf } from "./helpers";

const { openPage } = setupBrowser();

async function makeStaff(context: BrowserContext, email: string) {
  // The context holds a session cookie, so a write needs the CSRF header.
  const xsrf = await xsrfOf(context);
  const res = await context.request.post(`${baseURL()}/api/dev/make-admin`, { data: { email }, headers: { "x-xsrf-token": xsrf } });
  expect(res.status()).toBe(200);
}

describe("admin", () => {
  it("an admin at 375 px disables a user in the screen; the user's open page is signed out on its next navigation", async () => {
    // The user, signed in with a page open.
    const user = await openPage("/login");
    const target = await signUpThroughApi(user.context);
    await loadScreen(user.page, "/projects");
    // The user marks an answer "Not what I asked": staff review it below.
    const chatId = crypto.randomUUID();
    const question = "Which pet product sells best?";
    await askThroughApi(user.context, target.token, chatId, question);
    const chat = (await (await user.context.request.get(`${baseURL()}/api/chats/${chatId}`, { headers: { authorization: `Bearer ${target.token}` } })).json()) as {
      messages: { id: string; role: string }[];
    };
    const answerId = chat.messages.find((m) => m.role === "assistant")!.id;
    const marked = await user.context.request.post(`${baseURL()}/api/chats/${chatId}/messages/${answerId}/not-what-i-asked`, { headers: { authorization: `Bearer ${target.token}` } });
    expect(marked.status()).toBe(200);
    // A counted answer: the mark gives its query back.
    expect(((await marked.json()) as { data: { refunded: boolean } }).data.refunded).toBe(true);

    // The admin, on a phone-sized screen.
    const staff = await openPage("/login", { width: 375, height: 812 });
    const admin = await signUpThroughApi(staff.context);
    await makeStaff(staff.context, admin.email);
    await loadScreen(staff.page, "/admin");
    await staff.page.getByTestId("admin-overview").waitFor();
    // Nothing on the page is wider than the phone.
    expect(await staff.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // Staff are not sold to in their console: no free-plan banner and no upgrade dock.
    expect(await staff.page.getByTestId("free-plan-banner").count()).toBe(0);
    expect(await staff.page.getByTestId("upgrade-dock").count()).toBe(0);
    // Plans by the names merchants see, never their internal ids.
    expect(await staff.page.getByTestId("admin-overview").innerText()).not.toMatch(/\((free|pro|elite)\)/);
    console.info("[admin e2e] overview shown");
    await staff.page.getByTestId("admin-tab-users").click();
    await staff.page.getByTestId("admin-user-search").fill(target.email);
    const row = staff.page.getByTestId("admin-user-row").filter({ hasText: target.email });
    await row.waitFor();
    // The search settles after a pause in typing: the list narrows to the one account.
    await expect.poll(() => staff.page.getByTestId("admin-user-row").count(), { timeout: 15_000 }).toBe(1);
    await row.click();
    await staff.page.getByTestId("admin-user-detail").waitFor();

    console.info("[admin e2e] user detail shown");
    await staff.page.getByTestId("admin-action-disable").click();
    const dialog = staff.page.getByTestId("admin-action-dialog");
    // No reason: the dialog says so and nothing happens.
    await dialog.getByTestId("admin-action-confirm").click();
    await dialog.getByText("Give a reason for this action").waitFor();
    await dialog.getByTestId("admin-action-reason").fill("E2E: fraud ticket 77");
    await dialog.getByTestId("admin-action-confirm").click();
    await staff.page.getByTestId("admin-user-disabled").waitFor();
    expect(await staff.page.getByTestId("admin-user-disabled").textContent()).toContain("E2E: fraud ticket 77");
    expect(await staff.page.getByTestId("admin-action-enable").isVisible()).toBe(true);

    // The audit log shows it.
    await staff.page.keyboard.press("Escape");
    await staff.page.getByTestId("admin-tab-audit").click();
    await staff.page.getByTestId("admin-audit-entry").filter({ hasText: "E2E: fraud ticket 77" }).waitFor();

    // The answer the user reported, with their question, in its own tab.
    await staff.page.getByTestId("admin-tab-answers").click();
    const report = staff.page.getByTestId("admin-answer-report").filter({ hasText: question }).filter({ hasText: target.email });
    await report.waitFor();
    expect(await report.textContent()).toContain(target.email);
    expect(await report.textContent()).toContain("Query given back");
    expect(await staff.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshotFor(staff.page, "admin-answer-reports-375", { fullPage: false });

    console.info("[admin e2e] disabled and audited");
    // The user's open page: the next navigation lands on the login page.
    await gotoSettled(user.page, `${baseURL()}/history`);
    expect(new URL(user.page.url()).pathname).toBe("/login");
    // And an API call with the token they hold is refused.
    const me = await user.context.request.get(`${baseURL()}/api/auth/me`, { headers: { authorization: `Bearer ${target.token}` } });
    expect(me.status()).toBe(401);

    expect(staff.problems).toEqual([]);
    await staff.context.close();
    await user.context.close();
  }, 120_000);
});
