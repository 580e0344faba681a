/** The kit's ReasonDialog in the staff screens that use it: a required reason, Esc, the server's refusal in place. */
import type { BrowserContext } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseURL, loadScreen, setupBrowser, signUpThroughApi, xsrfOf } from "./helpers";

const { openPage } = setupBrowser();

/** A write from the browser context: it holds a session cookie, so it needs the CSRF header. */
async function post(context: BrowserContext, path: string, data: unknown) {
  const xsrf = await xsrfOf(context);
  return context.request.post(`${baseURL()}${path}`, { data, headers: { "x-xsrf-token": xsrf } });
}

describe("the staff reason dialog", () => {
  it("refuses an empty reason, closes on Escape, and shows the server's refusal inline without closing", async () => {
    const user = await openPage("/login");
    const target = await signUpThroughApi(user.context);
    await user.context.close();

    const staff = await openPage("/login");
    const admin = await signUpThroughApi(staff.context);
    expect((await post(staff.context, "/api/dev/make-admin", { email: admin.email })).status()).toBe(200);
    await loadScreen(staff.page, "/admin");
    await staff.page.getByTestId("admin-tab-users").click();
    await staff.page.getByTestId("admin-user-search").fill(target.email);
    await expect.poll(() => staff.page.getByTestId("admin-user-row").count(), { timeout: 15_000 }).toBe(1);
    await staff.page.getByTestId("admin-user-row").click();
    await staff.page.getByTestId("admin-user-detail").waitFor();

    const dialog = staff.page.getByTestId("admin-action-dialog");
    await staff.page.getByTestId("admin-action-disable").click();
    await dialog.waitFor();
    // The destructive action gets the danger button; the reason has the focus.
    expect(await dialog.getByTestId("admin-action-confirm").getAttribute("class")).toContain("bg-danger");
    await expect.poll(() => dialog.getByTestId("admin-action-reason").evaluate((el) => el === document.activeElement)).toBe(true);
    // Escape closes this dialog only: the user's detail stays open.
    await dialog.getByTestId("admin-action-reason").fill("typed, then abandoned");
    await staff.page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(await staff.page.getByTestId("admin-user-detail").isVisible()).toBe(true);

    // Reopened, it starts blank; blank or spaces only is refused in the dialog, naming the problem.
    await staff.page.getByTestId("admin-action-disable").click();
    expect(await dialog.getByTestId("admin-action-reason").inputValue()).toBe("");
    await dialog.getByTestId("admin-action-reason").fill("   ");
    await dialog.getByTestId("admin-action-confirm").click();
    await dialog.getByText("Give a reason for this action (it goes in the audit log).").waitFor();
    expect(await dialog.getByTestId("admin-action-reason").getAttribute("aria-invalid")).toBe("true");

    // Another staff member disables the account meanwhile: the server refuses ours, and the dialog says why and stays open.
    expect((await post(staff.context, `/api/admin/users/${target.user.id}/disable`, { reason: "E2E: done elsewhere first" })).status()).toBe(200);
    await dialog.getByTestId("admin-action-reason").fill("E2E: chargeback fraud");
    await dialog.getByTestId("admin-action-confirm").click();
    await dialog.getByText(`${target.email} is already disabled.`).waitFor();
    expect(await dialog.getByTestId("admin-action-reason").inputValue()).toBe("E2E: chargeback fraud");

    // Cancel closes it.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(staff.problems.filter((p) => !/status of 409/.test(p))).toEqual([]);
    await staff.context.close();
  }, 60_000);

  it("decides a partner application through the same dialog: a rejection needs a reason and leaves the New inbox", async () => {
    const staff = await openPage("/login");
    const admin = await signUpThroughApi(staff.context);
    expect((await post(staff.context, "/api/dev/make-admin", { email: admin.email })).status()).toBe(200);
    const company = `E2E Studio ${Date.now().toString(36)}`;
    const sent = await post(staff.context, "/api/partners/applications", {
      company,
      website: "https://e2e-studio.test",
      contactEmail: "hello@e2e-studio.test",
      category: "ads-agency",
      message: "We run Meta and Google campaigns for Shopify stores.",
    });
    expect(sent.status()).toBe(201);

    await loadScreen(staff.page, "/admin");
    await staff.page.getByTestId("admin-tab-inboxes").click();
    await staff.page.getByRole("tab", { name: "Partner applications" }).click();
    const item = staff.page.getByTestId("admin-partner-applications").getByRole("listitem").filter({ hasText: company });
    await item.waitFor();
    await item.getByRole("button", { name: "Reject" }).click();

    const dialog = staff.page.getByTestId("partner-decision-dialog");
    await dialog.waitFor();
    expect(await dialog.getByRole("heading").first().textContent()).toBe("Reject application");
    expect(await dialog.getByTestId("partner-decision-confirm").getAttribute("class")).toContain("bg-danger");
    await dialog.getByTestId("partner-decision-confirm").click();
    await dialog.getByText("Give a reason for this action").waitFor();
    await dialog.getByLabel("Reason").fill("E2E: not a Shopify partner");
    await dialog.getByTestId("partner-decision-confirm").click();
    await dialog.waitFor({ state: "detached" });
    await item.waitFor({ state: "detached" });
    expect(staff.problems).toEqual([]);
    await staff.context.close();
  }, 60_000);
  it("sets a ticket's status and moderates feedback through the same dialog, which names the action on its button", async () => {
    const staff = await openPage("/login");
    const admin = await signUpThroughApi(staff.context);
    expect((await post(staff.context, "/api/dev/make-admin", { email: admin.email })).status()).toBe(200);
    const subject = `E2E reason ${Date.now().toString(36)}`;
    expect((await post(staff.context, "/api/support/tickets", { subject, category: "export", message: "The export stops at step 2." })).status()).toBe(201);
    expect((await post(staff.context, "/api/feedback", { kind: "idea", title: subject, details: "Export many pages at once." })).status()).toBe(201);

    await loadScreen(staff.page, "/admin");
    await staff.page.getByTestId("admin-tab-inboxes").click();
    const tickets = staff.page.getByTestId("admin-tickets");
    await tickets.getByRole("button", { name: new RegExp(subject) }).click();
    const ticket = tickets.getByRole("region", { name: "Ticket" });
    await ticket.getByRole("button", { name: "Close", exact: true }).click();
    const ticketDialog = staff.page.getByTestId("ticket-action-dialog");
    await ticketDialog.waitFor();
    expect(await ticketDialog.getByTestId("ticket-action-confirm").textContent()).toBe("Close");
    await ticketDialog.getByTestId("ticket-action-confirm").click();
    await ticketDialog.getByText("Give a reason for this action").waitFor();
    await ticketDialog.getByTestId("ticket-action-reason").fill("E2E: solved on the phone");
    await ticketDialog.getByTestId("ticket-action-confirm").click();
    await ticketDialog.waitFor({ state: "detached" });
    // Closed: the ticket now offers to reopen it.
    await ticket.getByRole("button", { name: "Reopen", exact: true }).waitFor();

    await staff.page.getByRole("tab", { name: "Feedback" }).click();
    const panel = staff.page.getByTestId("admin-feedback");
    const item = panel.getByRole("listitem").filter({ hasText: subject });
    await item.getByRole("button", { name: "Set status or reply" }).click();
    const moderation = staff.page.getByTestId("feedback-moderation-dialog");
    await moderation.getByLabel("Status").selectOption("planned");
    await moderation.getByTestId("feedback-moderation-confirm").click();
    await moderation.getByText("Give a reason for this action").waitFor();
    // The extra fields keep what was chosen while the reason is asked for.
    expect(await moderation.getByLabel("Status").inputValue()).toBe("planned");
    await moderation.getByTestId("feedback-moderation-reason").fill("E2E: on the roadmap");
    await moderation.getByTestId("feedback-moderation-confirm").click();
    await moderation.waitFor({ state: "detached" });
    // Under review is the inbox's default filter: planned feedback leaves it.
    await item.waitFor({ state: "detached" });
    expect(staff.problems).toEqual([]);
    await staff.context.close();
  }, 60_000);
});
