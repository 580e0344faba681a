import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { baseURL, E2E_PASSWORD, gotoSettled, hydrated, setupBrowser, signUpThroughApi } from "./helpers";

const { openPage } = setupBrowser();

async function outboxLink(page: Page, email: string, kind: string): Promise<string> {
  const res = await page.request.get(`${baseURL()}/api/dev/outbox?to=${encodeURIComponent(email)}`);
  const mail = ((await res.json()) as { data: { kind: string; link: string }[] }).data.find((m) => m.kind === kind);
  if (!mail) throw new Error(`no ${kind} email for ${email}`);
  return mail.link;
}

describe("sign up and verify", () => {
  it("signs up in the form, meets the gate, opens the emailed link and lands in the app verified", async () => {
    const { page, context } = await openPage("/signup?redirect=%2Fsettings");
    await hydrated(page);
    const name = `ui${Date.now().toString(36)}`;
    const email = `${name}@store.test`;
    await page.getByLabel("Username").fill(name);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(E2E_PASSWORD);
    await page.getByLabel("Confirm password").fill(E2E_PASSWORD);
    await page.getByRole("button", { name: "Create account" }).click();
    const gate = page.getByTestId("verification-gate");
    await gate.waitFor();
    await expect(gate.innerText()).resolves.toContain("Verify Your Email");
    await expect(page.getByTestId("gate-step").textContent()).resolves.toContain("Step 1 of 2 — Verify Email");
    await expect(page.getByTestId("gate-status").textContent()).resolves.toContain("PENDING");
    expect(await page.evaluate(() => localStorage.getItem("auth.token"))).toBeTruthy();

    await page.goto(await outboxLink(page, email, "verify_email"));
    await page.getByTestId("verify-success").waitFor();
    await page.getByTestId("verify-continue").click();
    await page.waitForURL((u) => u.pathname === "/app");
    await page.getByTestId("chat-screen").waitFor();
    await expect(page.getByTestId("verification-gate").count()).resolves.toBe(0);
    await context.close();
  });

  it("counts the resend cooldown down from 60 s", async () => {
    const { page, context } = await openPage("/help");
    await signUpThroughApi(context, { verify: false });
    await gotoSettled(page, `${baseURL()}/app`);
    const resend = page.getByTestId("resend-verification");
    await resend.waitFor();
    await expect(resend.innerText()).resolves.toContain("Resend Verification Email");
    // The signup just sent a link, so the server refuses with its remaining cooldown and the
    // button counts it down.
    await resend.click();
    await page.waitForFunction(() => /Resend in \d+s/.test(document.querySelector('[data-testid="resend-verification"]')?.textContent ?? ""));
    const first = Number((await resend.innerText()).match(/(\d+)s/)![1]);
    expect(first).toBeLessThanOrEqual(60);
    expect(first).toBeGreaterThan(50);
    await expect(resend.isDisabled()).resolves.toBe(true);
    await page.waitForTimeout(2100);
    const later = Number((await resend.innerText()).match(/(\d+)s/)![1]);
    expect(first - later).toBeGreaterThanOrEqual(2);
    await context.close();
  });
});

describe("log in", () => {
  it("shows the generic error for a wrong password, then signs in and honours ?redirect", async () => {
    const { page, context } = await openPage("/help");
    const user = await signUpThroughApi(context);
    await context.clearCookies();
    await page.evaluate(() => localStorage.clear());
    await gotoSettled(page, `${baseURL()}/login?redirect=%2Fsettings`);
    await hydrated(page);
    await page.getByLabel("Username or email").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill("definitely-wrong-pass");
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page.getByTestId("login-alert").innerText()).resolves.toContain("Invalid username or password.");
    await page.getByLabel("Password", { exact: true }).fill(E2E_PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL((u) => u.pathname === "/settings");
    await page.getByTestId("settings-screen").waitFor();
    await context.close();
  });

  it("refuses an outside redirect target", async () => {
    const { page, context } = await openPage("/help");
    const user = await signUpThroughApi(context);
    await context.clearCookies();
    await page.evaluate(() => localStorage.clear());
    await gotoSettled(page, `${baseURL()}/login?redirect=${encodeURIComponent("//evil.example/x")}`);
    await hydrated(page);
    await page.getByLabel("Username or email").fill(user.name);
    await page.getByLabel("Password", { exact: true }).fill(E2E_PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL((u) => u.pathname === "/app");
    expect(new URL(page.url()).host).toBe(new URL(baseURL()).host);
    await context.close();
  });

  it("on the landing page, waits out a failed status check with the Connection Issue toast, then navigates", async () => {
    const { page, context } = await openPage("/");
    await hydrated(page);
    await page.route("**/api/auth/status**", (route) => route.abort("failed"));
    await page.getByRole("link", { name: "Log in" }).first().click();
    await page.getByText("Connection Issue").waitFor();
    expect(new URL(page.url()).pathname).toBe("/");
    await page.waitForURL((u) => u.pathname === "/login", { timeout: 5000 });
    await context.close();
  });
});

describe("reset password", () => {
  it("resets through the emailed link and ends the old sessions", async () => {
    const { page, context } = await openPage("/help");
    const user = await signUpThroughApi(context);
    const oldToken = user.token;
    const other = await context.browser()!.newContext();
    const otherPage = await other.newPage();
    await gotoSettled(otherPage, `${baseURL()}/forgot-password`);
    await hydrated(otherPage);
    await otherPage.getByLabel("Email").fill(user.email);
    await otherPage.getByRole("button", { name: "Send reset link" }).click();
    await otherPage.getByTestId("forgot-sent").waitFor();
    await gotoSettled(otherPage, await outboxLink(otherPage, user.email, "reset_password"));
    await otherPage.getByTestId("reset-form").waitFor();
    await otherPage.getByLabel("New password", { exact: true }).fill("a-fresh-harbor-pass-9");
    await otherPage.getByLabel("Confirm new password").fill("a-fresh-harbor-pass-9");
    await otherPage.getByRole("button", { name: "Reset password" }).click();
    await otherPage.getByTestId("reset-done").waitFor();

    const me = await page.request.get(`${baseURL()}/api/auth/me`, { headers: { authorization: `Bearer ${oldToken}` } });
    expect(me.status()).toBe(401);
    // The first browser's cookie session has ended too: a protected page sends it to login.
    await gotoSettled(page, `${baseURL()}/settings`);
    expect(new URL(page.url()).pathname).toBe("/login");
    await other.close();
    await context.close();
  });
});

describe("log out", () => {
  it("logs out from the account menu with the toast, bottom-right", async () => {
    const { page, context } = await openPage("/help");
    await signUpThroughApi(context);
    await gotoSettled(page, `${baseURL()}/settings`);
    await hydrated(page);
    await page.getByTestId("account-menu-trigger").click();
    await page.getByRole("menuitem", { name: "Log out securely" }).click();
    const toast = page.getByText("You have been successfully logged out");
    await toast.waitFor();
    const box = (await toast.boundingBox())!;
    expect(box.x).toBeGreaterThan(1440 / 2);
    expect(box.y).toBeGreaterThan(900 / 2);
    await page.waitForURL((u) => u.pathname === "/");
    expect(await page.evaluate(() => localStorage.getItem("auth.token"))).toBeNull();
    await context.close();
  });
  it("says 'Failed to logout' and keeps the merchant signed in when the server cannot end the session", async () => {
    const { page, context } = await openPage("/help");
    const { token } = await signUpThroughApi(context);
    await gotoSettled(page, `${baseURL()}/settings`);
    await hydrated(page);
    // A server error with no message of its own: the spec's fallback words are shown.
    await page.route("**/api/auth/logout*", (route) => route.fulfill({ status: 500, body: "" }));
    await page.getByTestId("account-menu-trigger").click();
    await page.getByRole("menuitem", { name: "Log out securely" }).click();
    const failure = page.getByRole("alert").filter({ hasText: "Failed to logout" });
    await failure.waitFor();
    expect(await failure.textContent()).toContain("Your session is still open. Please try again.");
    expect(new URL(page.url()).pathname).toBe("/settings");
    expect(await page.evaluate(() => localStorage.getItem("auth.token"))).toBe(token);
    expect(await page.getByText("You have been successfully logged out").count()).toBe(0);

    // The server's own words win over the fallback.
    await page.unroute("**/api/auth/logout*");
    await page.route("**/api/auth/logout*", (route) =>
      route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ message: "Sign-in service is busy" }) }),
    );
    await page.getByTestId("account-menu-trigger").click();
    await page.getByRole("menuitem", { name: "Log out securely" }).click();
    await page.getByRole("alert").filter({ hasText: "Sign-in service is busy" }).waitFor();

    // Once the server answers, the same menu item signs out.
    await page.unroute("**/api/auth/logout*");
    await page.getByTestId("account-menu-trigger").click();
    await page.getByRole("menuitem", { name: "Log out securely" }).click();
    await page.getByText("You have been successfully logged out").waitFor();
    await page.waitForURL((u) => u.pathname === "/");
    await context.close();
  });
});
