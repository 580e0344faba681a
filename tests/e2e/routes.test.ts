import { describe, expect, it } from "vitest";
import { hydrated, setupBrowser } from "./helpers";

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
    ["/history", "Chat Management"],
    ["/flows/abc", "Flow"],
    ["/help/articles/billing/refunds", "Help Center"],
    ["/image-maker/2", "Image Maker"],
  ])("resolves %s to its own screen (%s)", async (path, title) => {
    const { page, problems, context } = await openPage(path);
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1, name: title }).isVisible()).resolves.toBe(true);
    expect(problems).toEqual([]);
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
