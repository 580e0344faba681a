import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { apiAnswer, hydrated, loadScreen, setupBrowser, signUpThroughApi } from "./helpers";

const { openPage } = setupBrowser();

/** Set TUTORIALS_SHOTS=<dir> to keep screenshots of the screens for a look. */
async function shot(page: Page, name: string) {
  const dir = process.env.TUTORIALS_SHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe("tutorials", () => {
  it("shows signed-out visitors every tutorial and the sign-up call", async () => {
    const { page, problems } = await openPage("/tutorials", { width: 375, height: 800 });
    await hydrated(page);
    await page.getByTestId("tutorials-signup-call").waitFor();
    expect(await page.getByRole("heading", { level: 2 }).filter({ hasText: "Find your first winning product" }).count()).toBe(1);
    await page.getByTestId("tutorial-open-set-up-project").click();
    await page.getByTestId("tutorial-set-up-project").waitFor();
    // No tick buttons for a visitor: progress needs an account.
    expect(await page.getByTestId("step-tick-review-canon").count()).toBe(0);
    expect(await page.getByTestId("step-go-create-project").getAttribute("href")).toBe("/projects");
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    await shot(page, "signed-out-checklist");
    expect(problems).toEqual([]);
  });

  it("ticks a step after it is done through the API and the user comes back to the window; hand ticks persist", async () => {
    const { page, context, problems } = await openPage("/tutorials", { width: 375, height: 800 });
    const { token } = await signUpThroughApi(context);
    await loadScreen(page, "/tutorials?tutorial=set-up-project", { waitUntil: "settled" });
    const create = page.getByTestId("step-create-project");
    await expect.poll(() => create.getAttribute("data-state")).toBe("todo");
    expect(await create.getAttribute("aria-current")).toBe("step");

    // Do the thing elsewhere (the API, as another tab would), then come back: focus refetches.
    const created = await apiAnswer(context, token, "POST", "/api/projects", { name: "Tutorial shop", businessInstructions: "We sell linen aprons." });
    expect(created.status).toBe(201);
    await page.evaluate(() => window.dispatchEvent(new Event("focus")));
    await expect.poll(() => create.getAttribute("data-state"), { timeout: 10_000 }).toBe("done_by_action");
    await expect.poll(() => page.getByTestId("step-instructions").getAttribute("data-state")).toBe("done_by_action");
    expect(await page.getByTestId("step-status-create-project").innerText()).toMatch(/ticked by what you did/);
    // The next step moves on to the knowledge-base file.
    expect(await page.getByTestId("step-knowledge-file").getAttribute("aria-current")).toBe("step");
    expect(await page.getByTestId("tutorial-count-set-up-project").innerText()).toBe("2 of 4 steps");

    // A hand tick on a step Dropcraft keeps no record of, kept across a reload.
    await page.getByTestId("step-tick-review-canon").click();
    await expect.poll(() => page.getByTestId("step-review-canon").getAttribute("data-state")).toBe("done_by_hand");
    await loadScreen(page, "/tutorials?tutorial=set-up-project", { waitUntil: "settled" });
    await expect.poll(() => page.getByTestId("step-review-canon").getAttribute("data-state")).toBe("done_by_hand");
    expect(await page.getByTestId("step-status-review-canon").innerText()).toMatch(/Marked done by you/);
    await shot(page, "checklist");

    // The card list shows the same count.
    await loadScreen(page, "/tutorials", { waitUntil: "settled" });
    await expect.poll(() => page.getByTestId("tutorial-count-set-up-project").innerText()).toBe("3 of 4 steps");
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    await shot(page, "cards");
    expect(problems).toEqual([]);
  });

  it("walks through the canonical demo with Next, Back and the arrow keys, at 375 px", async () => {
    const { page, context, problems } = await openPage("/tutorials", { width: 375, height: 800 });
    await signUpThroughApi(context);
    await loadScreen(page, "/canonical-demo", { waitUntil: "settled" });
    const title = page.getByTestId("demo-step-title");
    await expect.poll(() => title.innerText()).toBe("The business instructions");
    await page.getByTestId("demo-canon-empty").waitFor();

    await page.getByTestId("demo-next").click();
    await expect.poll(() => title.innerText()).toBe("The auto-rules derive the facts");
    expect(await page.getByTestId("demo-canon-count").innerText()).toBe("7 entries");

    await page.getByTestId("demo-next").click();
    await expect.poll(() => title.innerText()).toBe("A research import overrides an AI value");
    const band = page.getByTestId("demo-node-pricing.band");
    expect(await band.getAttribute("data-changed")).toBe("true");
    expect(await band.innerText()).toContain("$28-$42");
    expect(await page.getByTestId("demo-decision-pricing.band").innerText()).toMatch(/Rule 1: research beats the auto-rules/);
    await shot(page, "demo-step-3");

    await page.getByTestId("demo-next").click();
    await expect.poll(() => band.innerText()).toContain("$26-$40");
    expect(await band.innerText()).toContain("You");

    // The arrow keys move too (focus is on the step heading after Next).
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => title.innerText()).toBe("A delete removes a whole subtree");
    expect(await page.getByTestId("demo-removed").innerText()).toContain("audience.primary.age");
    expect(await page.getByTestId("demo-node-audience.primary").count()).toBe(0);
    expect(await page.getByTestId("demo-create-project").getAttribute("href")).toBe("/projects");
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);

    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => title.innerText()).toBe("Your edit beats both");
    await page.getByTestId("demo-back").click();
    await expect.poll(() => title.innerText()).toBe("A research import overrides an AI value");
    expect(new URL(page.url()).searchParams.get("step")).toBe("3");
    expect(problems).toEqual([]);
  });
});
