import { afterAll, beforeAll, inject } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchChromium } from "./browser.mjs";

export const baseURL = () => inject("baseURL");

/**
 * One Chromium per test file. Every page records console errors and uncaught exceptions;
 * `expectCleanConsole` fails the test if any happened (a 404 document is expected on 404 tests).
 */
export function setupBrowser() {
  const state: { browser?: Browser } = {};
  beforeAll(async () => {
    state.browser = (await launchChromium()) as Browser;
  });
  afterAll(async () => {
    await state.browser?.close();
  });

  async function openPage(
    path: string,
    options: { width?: number; height?: number; context?: Parameters<Browser["newContext"]>[0] } = {},
  ): Promise<{ page: Page; context: BrowserContext; problems: string[] }> {
    const context = await state.browser!.newContext({
      viewport: { width: options.width ?? 1440, height: options.height ?? 900 },
      ...options.context,
    });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error" && !/status of 404/.test(m.text())) problems.push(`console.error: ${m.text()}`);
    });
    page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
    await page.goto(baseURL() + path, { waitUntil: "networkidle" });
    return { page, context, problems };
  }

  return { openPage };
}

/** Resolves when React has hydrated (Remix sets window.__remixRouter on the client). */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => "__remixRouter" in window);
}
