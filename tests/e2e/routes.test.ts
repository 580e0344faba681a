import { describe, expect, it } from "vitest";
import { baseURL, gotoSettled, hydrated, setupBrowser, signUpThroughApi } from "./helpers";

const { openPage } = setupBrowser();

describe("route table", () => {
  it("shows the not-found screen for an unknown path", async () => {
    const { page, problems, context } = await openPage("/this/does/not/exist");
    await expect(page.getByRole("heading", { name: "Page not found" }).isVisible()).resolves.toBe(true);
    await page.getByRole("link", { name: "Go to home" }).click();
    await page.waitForURL((u) => u.pathname === "/");
    expect(problems).toEqual([]);
    await context.close();
  });

  it.each([
    ["/tutorials", "Tutorials"],
    // Open like the Explorer (ADR 005): signed out, the product's page says what it holds and how to get in.
    ["/flows/P-0001", "Product page"],
    ["/help/articles/billing-and-account/manage-billing-and-receipts", "Manage billing, cancel, and find receipts"],
    ["/partners", "Partners"],
  ])("resolves %s to its own screen (%s)", async (path, title) => {
    const { page, problems, context } = await openPage(path);
    await hydrated(page);
    // Some screens load their content after hydration (a help article): wait for the heading.
    await page.getByRole("heading", { level: 1, name: title }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it("renders a protected screen inside the shell for a signed-in user", async () => {
    const { page, context } = await openPage("/help");
    await signUpThroughApi(context);
    for (const [path, title] of [
      ["/history", "Chat Management"],
      ["/image-maker/2", "Image Maker"],
      ["/ad-launcher", "AI Launcher"],
    ]) {
      await gotoSettled(page, baseURL() + path);
      await page.getByRole("heading", { level: 1, name: title }).waitFor();
      await expect(page.getByTestId("sidebar").count()).resolves.toBe(1);
    }
    await context.close();
  });

  it("sends ?force_mobile to /mobile-direct with replace", async () => {
    const { page, problems, context } = await openPage("/terms");
    await page.goto(page.url().replace("/terms", "/pricing?force_mobile=1"));
    await page.waitForURL((u) => u.pathname === "/mobile-direct");
    // Replaced, not pushed: Back skips the /pricing entry.
    await page.goBack();
    await page.waitForURL((u) => u.pathname === "/terms");
    expect(problems).toEqual([]);
    await context.close();
  });
});
