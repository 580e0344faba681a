/**
 * WCAG 2.2 AA on every screen (issue 26): axe-core's A and AA rules on each public screen signed out and
 * each signed-in screen as the seeded demo user, at 1440×900 and 375×812, the full set in the dark theme
 * (the default) and colour contrast again in the light one; and the same with each dialog open.
 * The two widths run side by side, each in one context and one page, moving between screens the way
 * the app's links do.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  appPaths,
  auditContext,
  demoDataOnce,
  openScreen,
  publicPaths,
  report,
  runAxe,
  setTheme,
  signInAsDemo,
  WIDTHS,
  type Violation,
} from "./a11y-helpers";
import { browserOfThisWorker, closeContextsOf, lostByWranglerDev, recordFailedLoads } from "./helpers";

type Failure = { where: string; violations: Violation[] };

/** The full WCAG set in the dark theme, then colour contrast alone in the light theme. */
async function auditBothThemes(page: Page, where: string): Promise<Failure[]> {
  const dark = await runAxe(page);
  await setTheme(page, "light");
  const light = await runAxe(page, { rules: ["color-contrast"] });
  await setTheme(page, "dark");
  return [
    { where: `${where} (dark)`, violations: dark },
    { where: `${where} (light)`, violations: light },
  ];
}

interface Session {
  label: string;
  context: BrowserContext;
  page: Page;
  problems: string[];
  ids?: { projectId: string; chatId: string };
}

let browser: Browser;
const sessions: Session[] = [];

beforeAll(async () => {
  browser = await browserOfThisWorker();
  for (const size of WIDTHS) {
    const context = await auditContext(browser, size);
    const page = await context.newPage();
    const problems: string[] = [];
    // What wrangler dev's proxy lost on the way (lostByWranglerDev): the document is loaded again.
    const lostByDevProxy = recordFailedLoads(page);
    page.on("console", (m) => {
      // Expected: 404s, and the free plan's 403 for the Ad Launcher's paid data.
      if (
        m.type() === "error" &&
        !/status of 404/.test(m.text()) &&
        !(/status of 403/.test(m.text()) && page.url().endsWith("/ad-launcher")) &&
        !(/status of 50[03]/.test(m.text()) && lostByDevProxy.has(m.location().url))
      )
        problems.push(`${page.url()}: console.error: ${m.text()}`);
    });
    page.on("pageerror", (e) => problems.push(`${page.url()}: pageerror: ${e.message}`));
    // A console "status of 500" names no request: this names it.
    page.on("response", (r) => {
      if (r.status() >= 500 && !lostByWranglerDev(r)) problems.push(`${r.status()} ${r.request().method()} ${r.url()} (request ${r.headers()["x-request-id"] ?? "?"})`);
    });
    sessions.push({ label: `${size.width}px`, context, page, problems });
  }
});
afterAll(() => closeContextsOf(browser));

/** Runs `audit` at both widths at once and fails with every violation found, screen by screen. */
async function atBothWidths(audit: (s: Session) => Promise<Failure[]>) {
  const failures = (
    await Promise.all(
      sessions.map(async (s) => (await audit(s)).map((f) => ({ ...f, where: `${s.label} ${f.where}` }))),
    )
  ).flat();
  expect(report(failures), "axe violations").toBe("");
  expect(sessions.flatMap((s) => s.problems)).toEqual([]);
}

describe("axe-core, WCAG 2.2 A and AA", () => {
  it("public screens, signed out", { timeout: 120_000 }, async () => {
    await atBothWidths(async ({ page }) => {
      const failures: Failure[] = [];
      for (const path of publicPaths()) {
        await openScreen(page, path);
        failures.push(...(await auditBothThemes(page, path)));
      }
      return failures;
    });
  });

  it("signed-in screens as the demo user", { timeout: 300_000 }, async () => {
    await atBothWidths(async (s) => {
      const token = await signInAsDemo(s.context);
      s.ids = await demoDataOnce(s.context, token);
      const failures: Failure[] = [];
      for (const [i, path] of appPaths(s.ids).entries()) {
        // The first with a document load, so the new session is read.
        await openScreen(s.page, path, { load: i === 0 });
        failures.push(...(await auditBothThemes(s.page, path)));
      }
      return failures;
    });
  });

  it("with each dialog open", { timeout: 120_000 }, async () => {
    await atBothWidths(async ({ page, ids }) => {
      const failures: Failure[] = [];
      // The upgrade modal, opened the way a blocked feature opens it.
      await openScreen(page, "/settings");
      await page.evaluate(() =>
        window.dispatchEvent(new CustomEvent("show-upgrade-modal", { detail: { feature: "export" } })),
      );
      await page.getByTestId("upgrade-modal").waitFor();
      failures.push(...(await auditBothThemes(page, "upgrade modal")));
      await page.keyboard.press("Escape");

      // The delete-project confirmation.
      await openScreen(page, `/project/${ids!.projectId}`);
      await page.getByTestId("project-menu").click();
      await page.getByTestId("project-delete").click();
      await page.getByTestId("delete-project-dialog").waitFor();
      failures.push(...(await auditBothThemes(page, "delete-project dialog")));
      await page.keyboard.press("Escape");

      // The Explorer's product panel, with its charts.
      await openScreen(page, "/ai-explore");
      await page.locator('[data-testid="row-quick-look"]:visible, [data-testid="card-quick-look"]:visible').first().click();
      await page.getByTestId("product-body").waitFor({ timeout: 60_000 });
      await page.waitForFunction(() => (window as unknown as { __fetchIdle(ms: number): boolean }).__fetchIdle(200));
      failures.push(...(await auditBothThemes(page, "Explorer product panel")));
      await page.keyboard.press("Escape");

      // A chat answer's source, opened in the record panel.
      await openScreen(page, `/chat/${ids!.chatId}`);
      await page.getByTestId("chat-source-open").first().click();
      await page.getByTestId("record-panel").waitFor();
      await page.waitForFunction(() => (window as unknown as { __fetchIdle(ms: number): boolean }).__fetchIdle(200));
      failures.push(...(await auditBothThemes(page, "chat sources panel")));
      await page.keyboard.press("Escape");
      return failures;
    });
  });
});
