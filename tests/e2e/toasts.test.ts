import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { baseURL, gotoSettled, hydrated, setupBrowser, signUpThroughApi } from "./helpers";

const { openPage } = setupBrowser();

/**
 * Toasts as the spec's merchant perceives them (ADR 025): one visible, 3 s by default, a swipe of
 * 50 px dismisses, F8 reaches them from the keyboard and a focused toast waits. A failed sign-out
 * (its API answering 500 or 503 here) is a toast any signed-in screen can raise.
 */
async function signedInWithFailingLogout() {
  const { page, context } = await openPage("/help");
  await signUpThroughApi(context);
  await page.clock.install();
  await gotoSettled(page, `${baseURL()}/settings`);
  await hydrated(page);
  let failures = 0;
  await page.route("**/api/auth/logout*", (route) => {
    failures += 1;
    return route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ message: `Sign-out attempt ${failures} failed` }) });
  });
  return { page, context };
}

async function raiseToast(page: Page, n: number) {
  await page.getByTestId("account-menu-trigger").click();
  await page.getByRole("menuitem", { name: "Log out securely" }).click();
  const card = page.locator("[data-toast-card]").filter({ hasText: `Sign-out attempt ${n} failed` });
  await card.waitFor();
  return card;
}

const visibleCards = (page: Page) => page.locator("[data-toast-card]:visible").count();

describe("toasts", () => {
  it("shows one at a time and dismisses after 3 s unless it is focused or hovered", async () => {
    const { page, context } = await signedInWithFailingLogout();
    const first = await raiseToast(page, 1);
    await raiseToast(page, 2);
    await first.waitFor({ state: "hidden" });
    expect(await visibleCards(page)).toBe(1);

    // Unattended, the toast goes after the spec's 3000 ms.
    await page.clock.runFor(4_500);
    await expect.poll(() => visibleCards(page)).toBe(0);

    // Reached with F8, it waits while it has focus, and Escape closes it.
    const third = await raiseToast(page, 3);
    await page.keyboard.press("F8");
    expect(await page.evaluate(() => document.activeElement?.hasAttribute("data-toast-card"))).toBe(true);
    await page.clock.runFor(6_000);
    expect(await third.isVisible()).toBe(true);
    await page.keyboard.press("Escape");
    await third.waitFor({ state: "hidden" });
    // Focus goes back where the merchant was (the account menu's button), not to the page's start.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("account-menu-trigger");
    expect(await page.getByRole("region", { name: "Notifications (F8)" }).count()).toBe(1);

    // Under the pointer it waits too, and goes 3 s after the pointer leaves.
    const fourth = await raiseToast(page, 4);
    await fourth.hover();
    await page.clock.runFor(6_000);
    expect(await fourth.isVisible()).toBe(true);
    await page.mouse.move(0, 0);
    await page.clock.runFor(4_500);
    await fourth.waitFor({ state: "hidden" });
    await context.close();
  });

  it("a toast raised while a dialog is open is not hidden from assistive tech", async () => {
    const { page, context } = await openPage("/help");
    await signUpThroughApi(context);
    await gotoSettled(page, `${baseURL()}/settings`);
    await hydrated(page);
    await page.route("**/api/billing/checkout*", (route) => route.fulfill({ status: 500, body: "" }));
    await page.evaluate(() => window.dispatchEvent(new CustomEvent("show-upgrade-modal", { detail: { feature: "export" } })));
    await page.getByTestId("upgrade-modal").waitFor();
    await page.getByTestId("upgrade-modal-upgrade-monthly").click();
    const card = page.locator("[data-toast-card]").filter({ hasText: "Could not open checkout" });
    await card.waitFor();
    expect(await card.evaluate((el) => el.closest('[aria-hidden="true"]') === null)).toBe(true);
    // The dialog did hide the page behind it: the check above is not vacuous.
    expect(await page.locator("main").first().evaluate((el) => el.closest('[aria-hidden="true"]') !== null)).toBe(true);
    await context.close();
  });

  it("a sideways swipe of 50 px or more dismisses; a shorter one springs back", async () => {
    const { page, context } = await signedInWithFailingLogout();
    const card = await raiseToast(page, 1);
    // Time stands still while the mouse drags, so only the swipe can close the toast.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 200);
    const drag = async (dx: number) => {
      const box = (await card.boundingBox())!;
      const y = box.y + box.height / 2;
      await page.mouse.move(box.x + 40, y);
      await page.mouse.down();
      await page.mouse.move(box.x + 40 + dx / 2, y, { steps: 3 });
      await page.mouse.move(box.x + 40 + dx, y, { steps: 3 });
      await page.mouse.up();
    };
    await drag(30);
    expect(await card.isVisible()).toBe(true);
    expect(await card.evaluate((el) => (el as HTMLElement).style.transform)).toBe("");
    await drag(80);
    // Dismissed at once; react-hot-toast takes it off the page a second later.
    await page.clock.runFor(1_100);
    await card.waitFor({ state: "hidden" });
    await context.close();
  });
});
