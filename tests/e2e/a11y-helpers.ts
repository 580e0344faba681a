/**
 * Shared by the accessibility and keyboard browser tests (issue 26): the screens to audit, a signed-in
 * context as the seeded `demo` user, axe-core injected into the page, and the theme switch.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { withAndWithoutOptional } from "../../scripts/route-modules.mjs";
import { askThroughApi, baseURL, gotoPastDevProxy } from "./helpers";

const ROOT = path.join(import.meta.dirname, "..", "..");
const AXE_SOURCE = readFileSync(path.join(ROOT, "node_modules/axe-core/axe.min.js"), "utf8");

/** The seeded account `npm run db:seed` (and the browser suite's server) creates. */
export const DEMO_USER = { username: "demo", password: "dropcraft-local-dev" };

export const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
] as const;

/** Real samples for the route parameters; `$projectName` and the chat id come from the demo user's data. */
const SAMPLE_PARAMS: Record<string, string> = {
  $step: "product",
  $category: "getting-started",
  $slug: "create-your-account",
  // A real catalog product: /flows/:flowId audits the product's own page, charts and all.
  $flowId: "P-0001",
  $id: "unknown-id",
};

const ROUTE_FILES = readdirSync(path.join(ROOT, "app/routes")).filter((f) => f.endsWith(".tsx"));

function toPath(name: string, params: Record<string, string>) {
  const parts = name.split(".").filter((p) => p !== "_index");
  return "/" + parts.map((p) => params[p] ?? p).join("/");
}

/**
 * Every public screen from the route modules: not the signed-in app (`_app.*`), the catch-all, the
 * layout, or the local dev tools (`dev.*`: the offline checkout, outbox and fake store).
 */
export function publicPaths(): string[] {
  return ROUTE_FILES.map((f) => f.slice(0, -".tsx".length))
    .filter((n) => !n.startsWith("_app") && !n.startsWith("dev.") && n !== "$")
    .map((n) => (n === "_index" ? "/" : toPath(n, SAMPLE_PARAMS)))
    .sort();
}

/** Every signed-in screen (each `_app.*` route module), with real parameters. */
export function appPaths(ids: { projectId: string; chatId: string }): string[] {
  const params = { ...SAMPLE_PARAMS, $projectName: ids.projectId };
  return ROUTE_FILES.filter((f) => f.startsWith("_app.") && f !== "_app.tsx")
    .map((f) => f.slice("_app.".length, -".tsx".length))
    .flatMap(withAndWithoutOptional)
    .map((n) => (n === "chat.$id" ? `/chat/${ids.chatId}` : toPath(n, params)))
    .sort();
}

/** A context with reduced motion (the CSS then ends every animation at once) and axe in every document. */
export async function auditContext(browser: Browser, size: { width: number; height: number }) {
  const context = await browser.newContext({ viewport: size, reducedMotion: "reduce" });
  await context.addInitScript({ content: AXE_SOURCE });
  await context.addInitScript(() => {
    // No transitions or animations: a colour read mid-transition is neither theme's.
    document.addEventListener("DOMContentLoaded", () => {
      const style = document.createElement("style");
      style.textContent = "*,*::before,*::after{transition:none!important;animation:none!important}";
      document.head.appendChild(style);
    });
    // Requests in flight, so a screen is audited once its data has arrived (networkidle waits 500 ms a screen).
    let inflight = 0;
    let last = performance.now();
    const fetch = window.fetch;
    window.fetch = function (...args) {
      inflight += 1;
      const answer = fetch.apply(this, args);
      void answer
        .finally(() => {
          inflight -= 1;
          last = performance.now();
        })
        .catch(() => {});
      return answer;
    };
    (window as unknown as { __fetchIdle(quietMs: number): boolean }).__fetchIdle = (quietMs) =>
      inflight === 0 && performance.now() - last > quietMs && document.readyState === "complete";
  });
  return context;
}

type RemixWindow = {
  __remixRouter: { navigate(to: string): Promise<void>; state: { navigation: { state: string }; revalidation: string } };
  __fetchIdle(quietMs: number): boolean;
};

/**
 * Opens a screen: the first with a document load, the rest as the app's own links do (a client-side
 * navigation), then waits for the screen's requests to settle.
 */
export async function openScreen(page: Page, path: string, options: { load?: boolean } = {}) {
  if (!options.load && page.url().startsWith(baseURL())) {
    await page.evaluate((to) => (window as unknown as RemixWindow).__remixRouter.navigate(to), path);
  } else {
    await gotoPastDevProxy(page, baseURL() + path, { waitUntil: "load", timeout: 45_000 });
    await page.waitForFunction(() => "__remixRouter" in window);
  }
  // The router idle too: a screen that moves on by itself (the Image Maker to its first step)
  // is still reading that step's data after the fetch answered, and the next screen's
  // navigation would cancel it (Remix logs the cancelled read as a console error).
  await page.waitForFunction(
    () => {
      const w = window as unknown as RemixWindow;
      const { navigation, revalidation } = w.__remixRouter.state;
      return w.__fetchIdle(200) && navigation.state === "idle" && revalidation === "idle";
    },
    null,
    { polling: 50, timeout: 30_000 },
  );
}

/** Signs the context in as the seeded demo user (the token the app reads, and the session cookie). */
export async function signInAsDemo(context: BrowserContext) {
  const res = await context.request.post(`${baseURL()}/api/auth/login`, {
    data: DEMO_USER,
    headers: { "cf-connecting-ip": `10.77.${Number(process.env.VITEST_POOL_ID ?? 1)}.${Date.now() % 250}` },
  });
  if (!res.ok()) throw new Error(`demo sign-in failed: ${res.status()} ${await res.text()}`);
  const { token } = (await res.json()) as { token: string };
  await context.addInitScript((t) => localStorage.setItem("auth.token", t), token);
  return token;
}

let shared: Promise<{ projectId: string; chatId: string }> | undefined;
/** The demo user's sample data, made once per file run. */
export function demoDataOnce(context: BrowserContext, token: string) {
  shared ??= demoData(context, token);
  return shared;
}

/** The demo user's sample data: a project (for its screen and the delete dialog) and an answered chat with sources. */
export async function demoData(context: BrowserContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const created = await context.request.post(`${baseURL()}/api/projects`, {
    headers,
    // The accessibility and keyboard files run at the same time as the same demo user: names are unique per run.
    data: { name: `Cozy Pet Supplies ${Date.now().toString(36)}-${process.env.VITEST_POOL_ID ?? "1"}`, businessInstructions: "Calming beds and slow feeders for anxious pets." },
  });
  if (!created.ok()) throw new Error(`project: ${created.status()} ${await created.text()}`);
  const projectId = String(((await created.json()) as { data: { id: string | number } }).data.id);
  const chatId = crypto.randomUUID();
  await askThroughApi(context, token, chatId, "Find winning products in pet supplies");
  return { projectId, chatId };
}

export type Theme = "dark" | "light";

/** Switches the theme the way the toggle does (classes on <html> and <body>), without a reload. */
export async function setTheme(page: Page, theme: Theme) {
  await page.evaluate((t) => {
    for (const el of [document.documentElement, document.body]) {
      el.classList.remove("dark", "light");
      el.classList.add(t);
    }
    document.documentElement.style.colorScheme = t;
  }, theme);
}

export interface Violation {
  rule: string;
  impact: string | null;
  target: string;
  summary: string;
}

/** Every WCAG 2.0, 2.1 and 2.2 A and AA rule axe has. */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

/**
 * Runs axe-core on the document (or inside `within`), the full WCAG A+AA set or only `rules`.
 * Returns one line per failing node.
 */
export async function runAxe(page: Page, options: { rules?: string[]; within?: string } = {}): Promise<Violation[]> {
  return page.evaluate(async ({ rules, within }) => {
    const axe = (window as unknown as { axe: typeof import("axe-core") }).axe;
    const result = await axe.run(within ? { include: [[within]] } : document, {
      runOnly: rules
        ? { type: "rule", values: rules }
        : { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"] },
      resultTypes: ["violations"],
    });
    return result.violations.flatMap((v) =>
      v.nodes.map((n) => ({
        rule: v.id,
        impact: v.impact ?? null,
        target: n.target.map(String).join(" "),
        summary: (n.failureSummary ?? "").replace(/\s+/g, " ").trim(),
      })),
    );
  }, options);
}

/** One readable line per failure, grouped under the screen it was found on. */
export function report(failures: { where: string; violations: Violation[] }[]) {
  return failures
    .filter((f) => f.violations.length)
    .map((f) => `${f.where}\n` + f.violations.map((v) => `  [${v.rule}] ${v.target}\n      ${v.summary}`).join("\n"))
    .join("\n");
}
