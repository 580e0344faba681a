import { describe, expect, it } from "vitest";
import { closeToast, hydrated, setupBrowser } from "./helpers";

const { openPage } = setupBrowser();

describe("newsletter sign-up in the landing footer", () => {
  it("subscribes, shows the spec's toast and clears the box; a second sign-up is fine too", async () => {
    const { page, problems, context } = await openPage("/");
    await hydrated(page);
    const form = page.getByTestId("site-footer").getByRole("form", { name: "Newsletter sign-up" });
    const box = form.getByRole("textbox", { name: "Get the newsletter" });
    const email = `reader${Date.now().toString(36)}@store.test`;

    await box.fill(email);
    await form.getByRole("button", { name: "Subscribe" }).click();
    const toast = page.getByRole("status").filter({ hasText: "Success!" });
    await toast.waitFor();
    await expect(toast.innerText()).resolves.toContain("You've been subscribed to our newsletter. Welcome aboard!");
    await expect(box.inputValue()).resolves.toBe("");

    // Subscribing the same address again is harmless: the same success, the box cleared again.
    await closeToast(toast);
    await box.fill(email);
    await box.press("Enter");
    await page.getByRole("status").filter({ hasText: "Success!" }).waitFor();
    await expect(box.inputValue()).resolves.toBe("");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("a bad address shows 'Subscription failed' with the reason and keeps what was typed", async () => {
    const { page, context } = await openPage("/", { width: 375, height: 800 });
    await hydrated(page);
    const form = page.getByTestId("site-footer").getByRole("form", { name: "Newsletter sign-up" });
    const box = form.getByRole("textbox", { name: "Get the newsletter" });
    await box.fill("not-an-email");
    await form.getByRole("button", { name: "Subscribe" }).click();
    const toast = page.getByRole("alert").filter({ hasText: "Subscription failed" });
    await toast.waitFor();
    await expect(toast.innerText()).resolves.toContain("valid email address");
    await expect(box.inputValue()).resolves.toBe("not-an-email");
    // Phone width: the form fits the screen.
    const width = await form.evaluate((el) => el.getBoundingClientRect().right);
    expect(width).toBeLessThanOrEqual(375);
    await context.close();
  });
});
