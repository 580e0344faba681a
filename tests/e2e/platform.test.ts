/** Issue 10's screen findings, each checked in Chromium against wrangler dev. */
import { describe, expect, it } from "vitest";
import { hydrated, setupBrowser, signUpThroughApi } from "./helpers";

const { openPage } = setupBrowser();

describe("signed-in screens", () => {
  it("a non-staff user on /admin sees a clear no-access screen with a way back, not an error", async () => {
    const { page, context } = await openPage("/");
    await signUpThroughApi(context);
    await page.goto(page.url().replace(/\/$/, "") + "/admin");
    await hydrated(page);
    const screen = page.getByTestId("forbidden");
    await screen.waitFor();
    await expect(screen.innerText()).resolves.toContain("You don't have access to this page");
    await expect(page.getByText("Something went wrong").count()).resolves.toBe(0);
    await page.getByRole("link", { name: "Back to your workspace" }).click();
    await page.waitForURL(/\/app$/);
    await context.close();
  });

  it("exactly one sidebar item looks selected, and the Dashboard button only on the dashboard", async () => {
    const { page, context } = await openPage("/");
    await signUpThroughApi(context);
    await page.goto(page.url().replace(/\/$/, "") + "/settings");
    await hydrated(page);
    const sidebar = page.getByTestId("sidebar");
    await expect(sidebar.locator('[aria-current="page"]').count()).resolves.toBe(1);
    await expect(page.getByTestId("sidebar").getByTestId("nav-dashboard").getAttribute("class")).resolves.not.toContain("bg-brand-strong");
    await page.getByTestId("sidebar").getByTestId("nav-dashboard").click();
    await page.waitForURL(/\/app$/);
    await page.waitForSelector('[data-testid="sidebar"] [data-testid="nav-dashboard"][aria-current="page"]');
    await expect(page.getByTestId("sidebar").locator('[aria-current="page"]').count()).resolves.toBe(1);
    await expect(page.getByTestId("sidebar").getByTestId("nav-dashboard").getAttribute("class")).resolves.toContain("bg-brand-strong");
    await context.close();
  });

  it("every signed-in screen has one main landmark and a theme toggle, and the avatar initials agree", async () => {
    const { page, context } = await openPage("/");
    await signUpThroughApi(context);
    const base = page.url().replace(/\/$/, "");
    for (const path of ["/app", "/history", "/settings", "/usage", "/projects"]) {
      await page.goto(base + path);
      await hydrated(page);
      await expect(page.locator("main").count(), path).resolves.toBe(1);
      await expect(page.getByTestId("sidebar").getByTestId("theme-toggle").count(), path).resolves.toBe(1);
    }
    const sidebarInitials = await page.getByTestId("sidebar").getByTestId("user-avatar").innerText();
    const settingsInitials = await (async () => {
      await page.goto(base + "/settings");
      await hydrated(page);
      return page.getByTestId("settings-screen").getByTestId("user-avatar").innerText();
    })();
    expect(settingsInitials).toBe(sidebarInitials);

    const before = await page.evaluate(() => document.documentElement.classList.contains("dark"));
    await page.getByTestId("sidebar").getByTestId("theme-toggle").click();
    await expect(page.evaluate(() => document.documentElement.classList.contains("dark"))).resolves.toBe(!before);
    await context.close();
  });

  it("behind the verification gate, keyboard focus starts in the gate and the sidebar is inert", async () => {
    const { page, context, problems } = await openPage("/");
    await signUpThroughApi(context, { verify: false });
    const refused: string[] = [];
    page.on("response", (r) => {
      if (r.status() === 403) refused.push(r.url());
    });
    await page.goto(page.url().replace(/\/$/, "") + "/app");
    await hydrated(page);
    await page.getByTestId("verification-gate").waitFor();
    await page.waitForLoadState("networkidle");
    // The screen asks only for what the gate needs: the one refusal is the page's own document,
    // whose loader withholds the screen's data (403), and the gate covers it.
    expect(refused.map((url) => new URL(url).pathname)).toEqual(["/app"]);
    expect(problems.filter((p) => !p.includes("status of 403"))).toEqual([]);
    await expect(page.evaluate(() => (document.getElementById("app-sidebar") as HTMLElement & { inert: boolean }).inert)).resolves.toBe(true);
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press("Tab");
      const inGate = await page.evaluate(() => !!document.activeElement?.closest('[data-testid="verification-gate"]'));
      expect(inGate, `Tab ${i + 1} left the gate`).toBe(true);
    }
    // Nothing in the gate blinks for good (WCAG 2.2.2): every animation in it ends within 5 s.
    const endless = await page.getByTestId("verification-gate").evaluate((gate) =>
      gate
        .getAnimations({ subtree: true })
        .map((a) => a.effect!.getComputedTiming())
        .filter((t) => !(Number(t.endTime) <= 5_000))
        .map((t) => `${t.iterations} × ${t.duration} ms`),
    );
    expect(endless, "animations in the gate that run past 5 s").toEqual([]);
    await context.close();
  });

  it("a long email on the phone-width gate stays inside the card", async () => {
    const { page, context } = await openPage("/", { width: 375, height: 812 });
    await signUpThroughApi(context, { verify: false, emailFor: (name) => `${name}.fulfilment.operations@northwind-homewares-international.example` });
    await page.goto(page.url().replace(/\/$/, "") + "/app");
    await hydrated(page);
    const email = page.getByTestId("gate-email");
    await email.waitFor();
    const fits = await email.evaluate((el) => el.scrollWidth <= el.clientWidth + 1);
    expect(fits).toBe(true);
    // It wraps at its joints: the break opportunities sit after "@" and before dots.
    await expect(email.evaluate((el) => el.querySelectorAll("wbr").length)).resolves.toBeGreaterThan(0);
    await context.close();
  });
});
