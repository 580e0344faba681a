import type { Page, Route } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseURL, gotoSettled, hydrated, setupBrowser, signUpThroughApi } from "./helpers";

// Issue 30: screens and timings the spec describes that no other browser test held the app to.
// Timings run on Playwright's fake clock (page.clock), never on real sleeps.

const { openPage } = setupBrowser();

/** Any fixed instant: the fake clock starts here. */
const T0 = new Date("2026-03-02T09:00:00Z").getTime();

/**
 * Lets the page finish the work a fired timer queued (React renders through a MessageChannel
 * task, which the fake clock leaves real), so "nothing changed yet" is read after the render.
 */
async function settle(page: Page) {
  for (let i = 0; i < 3; i++) {
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve();
          channel.port2.postMessage(null);
        }),
    );
  }
}

/** Pauses the page's (installed) fake clock a moment after its current time. */
async function pauseNow(page: Page) {
  // The page's clock keeps running while this is sent: on a busy machine it may already be past
  // the instant asked for ("Cannot fast-forward to the past"), so ask again a little later.
  for (let attempt = 0; ; attempt++) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + 100 * (attempt + 1));
      return;
    } catch (error) {
      if (attempt >= 4 || !String(error).includes("past")) throw error;
    }
  }
}

describe("payment screens (spec 2: route table, public paths, free-plan banner exclusions)", () => {
  it("/payment-cancel and /payment-receipt, signed out and signed in, before and after a payment", async () => {
    // Signed out: /payment-cancel is not a public path, so the guard sends the visitor to log in.
    const { page, context, problems } = await openPage("/payment-cancel");
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe("/login?redirect=%2Fpayment-cancel");

    // /payment-receipt is public (no app frame): signed out it asks to log in and comes back here.
    await gotoSettled(page, `${baseURL()}/payment-receipt?id=pay_e2e_1`);
    await hydrated(page);
    await page.getByRole("heading", { level: 1, name: "Log in to see your receipt" }).waitFor();
    expect(await page.getByTestId("payment-receipt").innerText()).toContain("Receipts are private to the account that paid.");
    expect(await page.getByTestId("receipt-login").getAttribute("href")).toBe("/login?redirect=%2Fpayment-receipt%3Fid%3Dpay_e2e_1");
    expect(await page.getByTestId("sidebar").count()).toBe(0);

    const { email } = await signUpThroughApi(context);

    // Signed in on the free plan: the cancel screen, inside the app frame, without the free-plan banner.
    await gotoSettled(page, `${baseURL()}/payment-cancel`);
    await hydrated(page);
    const cancel = page.getByTestId("payment-cancel");
    await cancel.getByRole("heading", { level: 1, name: "Payment cancelled — no charge was made" }).waitFor();
    expect(await cancel.innerText()).toContain(
      "You left the checkout before paying, so your card was not charged and your plan is unchanged. You can upgrade whenever you are ready.",
    );
    expect(await cancel.getByRole("link", { name: "Contact support" }).getAttribute("href")).toBe("/support");
    expect(await cancel.getByRole("link", { name: "Back to plans" }).getAttribute("href")).toBe("/upgrade");
    expect(await page.getByTestId("sidebar").isVisible()).toBe(true);
    // The same user gets the free-plan banner one click away, on the plans screen...
    await cancel.getByRole("link", { name: "Back to plans" }).click();
    await page.waitForURL((u) => u.pathname === "/upgrade");
    const banner = page.getByTestId("free-plan-banner");
    await banner.waitFor();
    // ...and back on the cancel screen (the plan already known) it goes away.
    await page.goBack();
    await cancel.waitFor();
    await banner.waitFor({ state: "detached", timeout: 5_000 });

    // The receipt with no payment yet, then with an unknown number.
    await gotoSettled(page, `${baseURL()}/payment-receipt`);
    await hydrated(page);
    const receiptScreen = page.getByTestId("payment-receipt");
    await receiptScreen.getByRole("heading", { level: 1, name: "No receipt found" }).waitFor();
    expect(await receiptScreen.innerText()).toContain("Your account has no payments yet.");
    expect(await receiptScreen.getByRole("link", { name: "Usage & billing" }).getAttribute("href")).toBe("/upgrade");
    expect(await page.getByRole("link", { name: "Back to the app" }).getAttribute("href")).toBe("/app");
    expect(await page.getByTestId("sidebar").count()).toBe(0);
    await gotoSettled(page, `${baseURL()}/payment-receipt?id=pay_unknown`);
    await receiptScreen.getByRole("heading", { level: 1, name: "No receipt found" }).waitFor();
    expect(await receiptScreen.innerText()).toContain("There is no payment with this number on your account.");

    // Pay through the offline checkout: the welcome dialog on the success screen has the Quick Start hint (spec 2).
    await gotoSettled(page, `${baseURL()}/dev/checkout?interval=monthly`);
    await hydrated(page);
    await page.getByTestId("dev-checkout-pay").click();
    await page.waitForURL((u) => u.pathname === "/payment-success");
    const welcome = page.getByTestId("premium-welcome-dialog");
    await welcome.waitFor({ timeout: 10_000 });
    const quickStart = welcome.getByTestId("welcome-quick-start");
    expect(await quickStart.isVisible()).toBe(true);
    expect((await quickStart.innerText()).split("\n").map((line) => line.trim()).filter(Boolean)).toEqual([
      "Quick Start",
      "1) Pick your first product with Winning Product.",
      "2) Launch pages with AI Store Builder.",
    ]);
    await welcome.getByRole("button", { name: "Close" }).click();
    await welcome.waitFor({ state: "detached" });

    // The receipt of that payment: the latest one, and the same one by its number.
    await gotoSettled(page, `${baseURL()}/payment-receipt`);
    await hydrated(page);
    const receipt = page.getByTestId("receipt");
    await receipt.waitFor();
    expect(await receipt.getByRole("heading", { level: 1 }).innerText()).toBe("Receipt");
    expect(await receipt.innerText()).toContain("PAID");
    expect(await page.getByTestId("receipt-amount").innerText()).toBe("$49.00 USD");
    expect(await page.getByTestId("receipt-plan").innerText()).toBe("Growth");
    expect(await page.getByTestId("receipt-interval").innerText()).toBe("Monthly");
    expect(await page.getByTestId("receipt-email").innerText()).toBe(email);
    expect(await receipt.innerText()).toContain("Dropcraft Growth — monthly subscription");
    expect(await receiptScreen.getByRole("link", { name: "Usage & billing" }).getAttribute("href")).toBe("/upgrade");
    const id = (await page.getByTestId("receipt-id").innerText()).trim();
    expect(id).not.toBe("");
    // Print prints the page (the browser's dialog is replaced to count the calls).
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await page.getByTestId("receipt-print").click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await gotoSettled(page, `${baseURL()}/payment-receipt?id=${encodeURIComponent(id)}`);
    await receipt.waitFor();
    expect(await page.getByTestId("receipt-id").innerText()).toBe(id);
    expect(await page.getByTestId("receipt-amount").innerText()).toBe("$49.00 USD");
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("full-screen loader (spec 2 'Loader', spec 9: rotation 1400 ms, retry hint after 8000 ms)", () => {
  it("rotates its four messages every 1,400 ms and offers Refresh after 8 s", async () => {
    const { page, context, problems } = await openPage("/help");
    await signUpThroughApi(context);
    // Signed in, "/" shows the loader and then heads for /app: that navigation is held, so the loader stays.
    const held: Route[] = [];
    await page.route(
      (url) => url.pathname === "/app.data" || url.pathname === "/__manifest",
      (route) => void held.push(route),
    );
    // The clock stands still from before the page loads: the loader's timers start at a known instant.
    await page.clock.install({ time: T0 });
    await page.clock.pauseAt(T0 + 1000);
    await page.goto(`${baseURL()}/`, { waitUntil: "load" });
    await hydrated(page);
    const message = page.getByTestId("loader-message");
    await message.waitFor();
    await settle(page);
    const expected = ["Warming up AI engines…", "Fetching market signals…", "Preloading dashboards…", "Assembling magic…"];
    expect(await message.textContent()).toBe(expected[0]);

    // Each message stays 1,399 ms and is replaced at 1,400 ms; after the fourth the first comes back.
    for (let step = 1; step <= 4; step++) {
      await page.clock.runFor(1399);
      await settle(page);
      expect(await message.textContent()).toBe(expected[step - 1]);
      await page.clock.runFor(1);
      await expect.poll(() => message.textContent()).toBe(expected[step % 4]);
    }
    // The /app navigation did start (and is still held), so this is the loader of a signed-in "/".
    expect(held.length).toBeGreaterThan(0);
    expect(new URL(page.url()).pathname).toBe("/");

    // 5,600 ms so far: no hint until 8,000 ms.
    const hint = page.getByTestId("loader-slow-hint");
    await page.clock.runFor(8000 - 5600 - 1);
    await settle(page);
    expect(await hint.count()).toBe(0);
    await page.clock.runFor(1);
    await hint.waitFor();
    expect(await hint.innerText()).toContain("This is taking longer than usual...");
    // Refresh reloads the page.
    const reload = page.waitForRequest((r) => r.isNavigationRequest() && new URL(r.url()).pathname === "/");
    await hint.getByRole("button", { name: "Refresh" }).click();
    await reload;
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("generic modal dialog (spec 2: a close button and a mobile layout below 768 px)", () => {
  /** Opens the Power tour dialog (a kit Modal) and measures its card once its entry transition ended. */
  async function openModal(page: Page) {
    const dialog = page.getByRole("dialog");
    // The event is sent again until the dialog's listener (mounted after hydration) has caught it.
    await expect
      .poll(async () => {
        await page.evaluate(() => window.dispatchEvent(new Event("show-power-tour")));
        return dialog.isVisible();
      })
      .toBe(true);
    await page.waitForFunction(() => {
      const el = document.querySelector('[role="dialog"]');
      return !!el && el.getAnimations().every((a) => a.playState === "finished");
    });
    const shape = await dialog.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return {
        left: Math.round(box.left),
        right: Math.round(box.right),
        top: Math.round(box.top),
        bottom: Math.round(box.bottom),
        height: Math.round(box.height),
        topLeftRadius: parseFloat(style.borderTopLeftRadius),
        bottomLeftRadius: parseFloat(style.borderBottomLeftRadius),
      };
    });
    // The bottom sheet's grab handle: the card's first child, a bar drawn for the eye only.
    const handle = await dialog.locator(":scope > span[aria-hidden]").first().isVisible();
    return { dialog, shape, handle };
  }

  it("closes from its Close button; a bottom sheet at 767 px (full width, on the bottom edge, rounded top, at most 90vh), a centred card at 768 px", async () => {
    const { page, context, problems } = await openPage("/help", { width: 767, height: 800 });
    await hydrated(page);
    const narrow = await openModal(page);
    expect(narrow.shape).toMatchObject({ left: 0, right: 767, bottom: 800, bottomLeftRadius: 0 });
    expect(narrow.shape.topLeftRadius).toBeGreaterThan(0);
    expect(narrow.shape.height).toBeLessThanOrEqual(800 * 0.9);
    expect(narrow.handle).toBe(true);

    const close = narrow.dialog.getByRole("button", { name: "Close" });
    expect(await close.isVisible()).toBe(true);
    await close.click();
    await narrow.dialog.waitFor({ state: "detached" });

    await page.setViewportSize({ width: 768, height: 800 });
    const wide = await openModal(page);
    expect(wide.shape.left).toBeGreaterThan(0);
    expect(Math.abs(768 - wide.shape.right - wide.shape.left)).toBeLessThanOrEqual(1);
    expect(wide.shape.top).toBeGreaterThan(0);
    expect(wide.shape.bottom).toBeLessThan(800);
    expect(Math.abs(800 - wide.shape.bottom - wide.shape.top)).toBeLessThanOrEqual(1);
    expect(wide.shape.bottomLeftRadius).toBeGreaterThan(0);
    expect(wide.handle).toBe(false);
    await wide.dialog.getByRole("button", { name: "Close" }).click();
    await wide.dialog.waitFor({ state: "detached" });
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("tooltips (spec 9: delay 700 ms, skip delay 300 ms)", () => {
  it("shows after 700 ms of hover; within 300 ms of one closing the next shows at once, after that it waits again", async () => {
    const { page, context, problems } = await openPage("/help");
    // A collapsed sidebar: each nav row has its label as a tooltip.
    await page.evaluate(() => localStorage.setItem("ui-storage", JSON.stringify({ state: { sidebarCollapsed: true }, version: 0 })));
    await page.clock.install({ time: T0 });
    await gotoSettled(page, `${baseURL()}/help`);
    await hydrated(page);
    await expect(page.getByTestId("sidebar").getAttribute("data-collapsed")).resolves.toBe("true");
    await page.mouse.move(900, 500);
    await pauseNow(page);

    const tip = page.locator("[data-radix-popper-content-wrapper] > [data-state]");
    /** A pointer comes to rest on a row in a few moves, as a hand's does (Radix ignores the first move while it leaves another tip's trigger). */
    const hoverRow = async (testId: string) => {
      const box = (await page.getByTestId(testId).boundingBox())!;
      for (const dx of [0, 1, 2]) await page.mouse.move(box.x + box.width / 2 + dx, box.y + box.height / 2);
    };
    const away = async () => {
      // Two moves: Radix lets the pointer cross toward the tip first, then closes it.
      await page.mouse.move(900, 500);
      await page.mouse.move(905, 505);
      await tip.waitFor({ state: "detached" });
    };

    await hoverRow("nav-partners");
    await page.clock.runFor(699);
    await settle(page);
    expect(await tip.count()).toBe(0);
    await page.clock.runFor(1);
    await tip.waitFor();
    expect(await tip.innerText()).toBe("Partners");
    expect(await tip.getAttribute("data-state")).toBe("delayed-open");

    // Straight to the next row: no delay.
    await hoverRow("nav-explorer");
    await expect.poll(() => tip.innerText()).toBe("Explorer");
    expect(await tip.getAttribute("data-state")).toBe("instant-open");

    // Off, then onto another row 299 ms later: still at once.
    await away();
    await page.clock.runFor(299);
    await hoverRow("nav-image-maker");
    await tip.waitFor();
    expect(await tip.innerText()).toBe("Image Maker");
    expect(await tip.getAttribute("data-state")).toBe("instant-open");

    // Off for 300 ms: the next one waits its 700 ms again.
    await away();
    await page.clock.runFor(300);
    await hoverRow("nav-partners");
    await page.clock.runFor(699);
    await settle(page);
    expect(await tip.count()).toBe(0);
    await page.clock.runFor(1);
    await tip.waitFor();
    expect(await tip.innerText()).toBe("Partners");
    expect(await tip.getAttribute("data-state")).toBe("delayed-open");
    expect(problems).toEqual([]);
    await context.close();
  });
});
