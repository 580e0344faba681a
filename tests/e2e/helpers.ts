import { mkdirSync } from "node:fs";
import { afterAll, afterEach, beforeAll, expect, inject } from "vitest";
import type { Browser, BrowserContext, Locator, Page, Request, Response } from "playwright-core";
import { launchChromium } from "./browser.mjs";
import { DEV_ANALYST_PACE_COOKIE } from "~/domain/contracts/chats";
import { BILLING_STORAGE_KEYS } from "~/features/billing/storage";
import { IDEMPOTENT_METHODS } from "~/lib/http";

export const baseURL = () => inject("baseURL");

// One Chromium per vitest worker: its files run one after another in the same process
// (vitest.e2e.config.ts, isolate: false), so each file no longer pays for a browser start.
let workerBrowser: Promise<Browser> | undefined;
export function browserOfThisWorker(): Promise<Browser> {
  workerBrowser ??= (launchChromium() as Promise<Browser>).then((browser) => {
    browser.on("disconnected", () => (workerBrowser = undefined));
    return browser;
  });
  return workerBrowser;
}

/**
 * A failed test's pages, as the merchant would have seen them: each page's address and the start
 * of its text in the log, and a screenshot in reports/e2e-failures, so an intermittent failure in
 * CI says what was on the screen.
 */
async function describeOpenPages(browser: Browser | undefined, testName: string) {
  const pages = browser?.contexts().flatMap((c) => c.pages()) ?? [];
  const dir = "reports/e2e-failures";
  mkdirSync(dir, { recursive: true });
  for (const [i, page] of pages.entries()) {
    const text = await page
      .locator("body")
      .innerText({ timeout: 2_000 })
      .catch(() => "(no text)");
    const file = `${dir}/${testName.replace(/[^\w-]+/g, "-").slice(0, 80)}-${i}.png`;
    await page.screenshot({ path: file, timeout: 5_000 }).catch(() => undefined);
    const loads = failedLoads.get(page)?.join("\n  ") ?? "";
    console.info(
      `\n[failed test "${testName}"] page ${i}: ${page.url()}\n${text.replace(/\s+/g, " ").slice(0, 800)}\n(screenshot: ${file})` +
        (loads ? `\nrequests that failed or answered 5xx:\n  ${loads}` : ""),
    );
  }
}

// A console "Failed to load resource" does not say which: each page keeps the addresses of its
// failed and 5xx requests, printed with the page when a test fails.
const failedLoads = new WeakMap<Page, string[]>();

/**
 * Records the page's failed and 5xx requests, and returns the addresses wrangler dev's own proxy
 * answered 503 "Your worker restarted mid-request" (Retry-After: 0, and no X-Request-Id, which
 * every answer of our Worker has). Its ProxyWorker answers so whenever its connection to the
 * Worker drops under a non-GET request, restart or not (ADR 016): the request never reached the
 * product. The product's handling of it (the request client sends an idempotent one again) is
 * what the test sees; the browser's console line for it is not the product's error.
 */
export function recordFailedLoads(page: Page): Set<string> {
  const loads: string[] = [];
  const lostByDevProxy = new Set<string>();
  failedLoads.set(page, loads);
  const path = (url: string) => url.replace(baseURL(), "");
  page.on("response", (r) => {
    if (r.status() < 500) return;
    const devProxy = lostByWranglerDev(r);
    if (devProxy) lostByDevProxy.add(r.url());
    loads.push(`${r.status()} ${r.request().method()} ${path(r.url())}${devProxy ? " (wrangler dev's proxy lost it on the way)" : ""}`);
  });
  page.on("requestfailed", (r) => loads.push(`${r.failure()?.errorText ?? "failed"} ${r.method()} ${path(r.url())}`));
  return lostByDevProxy;
}

/**
 * An answer from wrangler dev's ProxyWorker, not from our Worker (every answer of ours carries
 * X-Request-Id): its fetch to the Worker failed on a dropped connection. It answers a lost non-GET
 * 503 with Retry-After: 0, and a lost GET or HEAD to the bare origin (`/`) 500, as its check for
 * a restarted Worker compares the request's address with the bare origin (ADR 016); other GETs
 * it sends again by itself.
 */
export function lostByWranglerDev(response: Response): boolean {
  const headers = response.headers();
  if (headers["x-request-id"]) return false;
  if (response.status() === 503) return headers["retry-after"] === "0";
  // The 500 only for a document at the bare origin: a test's own mocked 500s are API answers.
  const url = new URL(response.url());
  const request = response.request();
  return (
    response.status() === 500 &&
    request.resourceType() === "document" &&
    url.pathname === "/" &&
    url.search === "" &&
    (request.method() === "GET" || request.method() === "HEAD")
  );
}

/**
 * A document load that wrangler dev's proxy lost (lostByWranglerDev) is loaded again, once: a
 * browser shows a person the proxy's error page, who reloads; the product never saw the request.
 */
export async function gotoPastDevProxy(page: Page, url: string, options: Parameters<Page["goto"]>[1]) {
  const response = await page.goto(url, options);
  if (!response || !lostByWranglerDev(response)) return response;
  console.info(`[e2e] wrangler dev's proxy lost the document load of ${url}; loading it again`);
  return page.goto(url, options);
}

/** What a test file leaves open in the worker's browser is closed after it. */
export async function closeContextsOf(browser: Browser | undefined) {
  await Promise.all(browser?.contexts().map((c) => c.close()) ?? []);
}

/**
 * The worker's Chromium for a test file; each test opens its own context, and whatever a file
 * leaves open is closed after it. Every page records console errors and uncaught exceptions;
 * `expectCleanConsole` fails the test if any happened (a 404 document is expected on 404 tests).
 */
export function setupBrowser() {
  const state: { browser?: Browser } = {};
  beforeAll(async () => {
    state.browser = await browserOfThisWorker();
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === "fail") await describeOpenPages(state.browser, task.name);
  });
  afterAll(() => closeContextsOf(state.browser));

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
    const lostByDevProxy = recordFailedLoads(page);
    page.on("console", (m) => {
      if (m.type() !== "error" || /status of 404/.test(m.text())) return;
      // Not the product's answer: wrangler dev's proxy lost the request (see recordFailedLoads).
      if (/status of 50[03]/.test(m.text()) && lostByDevProxy.has(m.location().url)) return;
      problems.push(`console.error: ${m.text()}`);
    });
    page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
    await gotoSettled(page, baseURL() + path);
    return { page, context, problems };
  }

  return { openPage };
}

/**
 * Answers "Don't show this again" to the Growth welcome dialog before the next page load, as a
 * merchant who closed it for good has. It opens on its own 2 s after the plan loads, and on a
 * busy machine that lands in the middle of a later step: its overlay hides an open menu from the
 * test. Call before the navigation it should cover (on a page, or on a context for all its pages);
 * billing.test.ts tests the dialog itself.
 */
export async function declineGrowthWelcome(pages: Page | BrowserContext) {
  await pages.addInitScript((key) => localStorage.setItem(key, "true"), BILLING_STORAGE_KEYS.premiumDismissed);
}

/**
 * Presses Escape in an open Radix dialog and waits for it to close. Radix moves focus in on the
 * dialog's first render but listens for Escape only renders later, once the dialog is the top
 * layer (it then sets pointer-events: auto on it) and that render's effects ran. A busy machine
 * showed the dialog, focused, between the two: the key went nowhere and the dialog stayed open.
 * A person sees the dialog slide in for 200 ms first; this waits for the same readiness.
 */
export async function closeWithEscape(page: Page, dialog: Locator) {
  await dialog.waitFor();
  await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await expect.poll(() => dialog.evaluate((el) => (el as HTMLElement).style.pointerEvents)).toBe("auto");
  // Two frames: React runs the effects of that render (adding the Escape listener) before them.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "detached" });
}

/**
 * Closes a toast with its ✕. A toast leaves by itself 3 s after it appears unless it holds focus
 * (spec), and a click that waits for its slide-in to settle on a busy machine can find it gone:
 * the ✕ is focused first (which holds the toast), then pressed. A toast already gone is fine.
 */
export async function closeToast(toast: Locator) {
  const close = toast.getByRole("button", { name: "Dismiss notification" });
  const held = await close.focus({ timeout: 2_000 }).then(
    () => true,
    () => false,
  );
  if (held) await close.press("Enter");
  await toast.waitFor({ state: "detached" });
}

/**
 * `maxRetries` for a test's own API call: an idempotent request (the request client's own list) is
 * sent once more when the server reset a reused keep-alive connection (ECONNRESET), as browsers
 * do; a POST is never sent twice. CI saw wrangler dev close a pooled connection as Playwright reused it.
 */
export function resendOnReset(method: string): number {
  return IDEMPOTENT_METHODS.has(method.toUpperCase()) ? 1 : 0;
}

/** The context's CSRF cookie, which a cookie-signed write sends back as a header (as the app's request client does). */
export async function xsrfOf(context: BrowserContext): Promise<string> {
  return (await context.cookies(baseURL())).find((c) => c.name === "XSRF-TOKEN")?.value ?? "";
}

/**
 * A test's own call to the product's API as the merchant signed in to `context`: the bearer token
 * (none for a signed-out call), the CSRF header when the context holds its cookie, and one resend
 * of an idempotent request on a reset connection (resendOnReset).
 */
export async function apiCall(
  context: BrowserContext,
  token: string | null,
  method: string,
  path: string,
  data?: unknown,
  options: { timeout?: number } = {},
) {
  const xsrf = await xsrfOf(context);
  return context.request.fetch(`${baseURL()}${path}`, {
    method,
    maxRetries: resendOnReset(method),
    data,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(xsrf ? { "x-xsrf-token": xsrf } : {}) },
    timeout: options.timeout ?? 120_000,
  });
}

/** apiCall for a set-up step: the answer's `data`, or an error naming the call, its status and the server's answer. */
export async function apiData<T = unknown>(...args: Parameters<typeof apiCall>): Promise<T> {
  const [, , method, path] = args;
  const res = await apiCall(...args);
  if (!res.ok()) throw new Error(`${method} ${path} failed: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

/** apiCall for a test of the answer itself: its status and parsed body, whatever the status. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test reads the answer it asserts on loosely unless it names a type
export async function apiAnswer<T = any>(...args: Parameters<typeof apiCall>): Promise<{ status: number; body: T }> {
  const res = await apiCall(...args);
  return { status: res.status(), body: (await res.json()) as T };
}

/**
 * Opens a screen with a document load and waits for React to hydrate. "load" suits a screen whose
 * steps each wait for what they need; "settled" (settleAfter) for one whose test reads the screen at once.
 */
export async function loadScreen(page: Page, path: string, options: { waitUntil?: "load" | "settled" } = {}) {
  if (options.waitUntil === "settled") return gotoSettled(page, `${baseURL()}${path}`);
  await gotoPastDevProxy(page, `${baseURL()}${path}`, { waitUntil: "load", timeout: 60_000 });
  await hydrated(page);
}

/** Quiet time after the last request before a screen counts as settled (Playwright's "networkidle" waits 500 ms). */
const SETTLE_QUIET_MS = 250;

/**
 * Runs a navigation (a goto, reload or history step) and waits until the screen has settled: the
 * document loaded, React hydrated on a Remix document, then no request in flight for 250 ms
 * (event streams aside, as Playwright's "networkidle" leaves them out). "networkidle" waits 500 ms
 * of quiet, paid on about 270 loads of the suite (ADR 016); the screen's own requests start as it
 * hydrates, and Remix asks for its route manifest 100 ms after, both inside the quiet time; the
 * page's main thread must then be free, with no new request. A request still open after 30 s
 * fails the wait, naming it.
 */
export async function settleAfter(page: Page, navigate: () => Promise<unknown>, options: { timeout?: number } = {}) {
  const inFlight = new Set<Request>();
  let lastEnded = Date.now();
  let requestsStarted = 0;
  const started = (request: Request) => {
    if (request.resourceType() === "eventsource") return;
    inFlight.add(request);
    requestsStarted += 1;
  };
  const ended = (request: Request) => {
    if (inFlight.delete(request)) lastEnded = Date.now();
  };
  page.on("request", started);
  page.on("requestfinished", ended);
  page.on("requestfailed", ended);
  try {
    await navigate();
    if (await page.evaluate(() => "__remixContext" in window)) await hydrated(page);
    const deadline = Date.now() + (options.timeout ?? 30_000);
    for (;;) {
      while (inFlight.size > 0 || Date.now() - lastEnded < SETTLE_QUIET_MS) {
        if (Date.now() > deadline) {
          throw new Error(
            `${page.url()} did not settle: still loading ${[...inFlight].map((r) => `${r.method()} ${r.url()}`).join(", ")}`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      // A busy main thread (a conversation rendering on a loaded machine) can sit between one
      // request's end and the next one's start for longer than the quiet time: the page must also
      // be free to run a task, with no request started meanwhile.
      const seen = requestsStarted;
      await page.evaluate(() => 0);
      if (requestsStarted === seen && inFlight.size === 0) break;
    }
  } finally {
    page.off("request", started);
    page.off("requestfinished", ended);
    page.off("requestfailed", ended);
  }
}

/** Opens `url` in the page and waits until the screen has settled (settleAfter). */
export function gotoSettled(page: Page, url: string) {
  return settleAfter(page, () => gotoPastDevProxy(page, url, { waitUntil: "load", timeout: 60_000 }));
}

/** Reloads the page and waits until the screen has settled (settleAfter). */
export function reloadSettled(page: Page) {
  return settleAfter(page, () => page.reload({ waitUntil: "load", timeout: 60_000 }));
}

/**
 * A screenshot for a person reviewing the screens, in SCREENSHOT_DIR (`SCREENSHOT_DIR=/tmp/shots
 * npm run test:e2e`); nothing otherwise. Tests assert on the page, never on these files, and each
 * full-page capture cost the suite's shared Chromium about half a second (ADR 016).
 */
export async function screenshotFor(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: options.fullPage ?? true });
}

/** Resolves when React has hydrated (Remix sets window.__remixRouter on the client). */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => "__remixRouter" in window);
}

let userCounter = 0;
/** Two browser test files run at once (vitest.e2e.config.ts): names and client IPs carry the worker's id. */
const WORKER_ID = Number(process.env.VITEST_POOL_ID ?? 1);
export const E2E_PASSWORD = "violet-harbor-lantern-42";

/**
 * Creates a user through the real API in this browser context (cookies land in the context),
 * verifying the email through the dev outbox unless told not to.
 */
export async function signUpThroughApi(
  context: BrowserContext,
  options: { verify?: boolean; emailFor?: (name: string) => string } = {},
) {
  userCounter += 1;
  const name = `e2e${Date.now().toString(36)}w${WORKER_ID}n${userCounter}`;
  const email = options.emailFor?.(name) ?? `${name}@store.test`;
  const base = baseURL();
  const signup = await context.request.post(`${base}/api/auth/signup`, {
    data: { username: name, email, password: E2E_PASSWORD },
    headers: { "cf-connecting-ip": `10.${8 + WORKER_ID}.${userCounter % 250}.${Date.now() % 250}` },
  });
  if (signup.status() !== 201) throw new Error(`signup failed: ${signup.status()} ${await signup.text()}`);
  const { token, user } = (await signup.json()) as { token: string; user: { id: number } };
  if (options.verify !== false) {
    const outbox = (await (
      await context.request.get(`${base}/api/dev/outbox?to=${encodeURIComponent(email)}`)
    ).json()) as {
      data: { link: string }[];
    };
    const verifyToken = new URL(outbox.data[0].link).searchParams.get("token");
    // The signup left a session cookie in the context, so this write needs the CSRF header.
    const xsrf = (await context.cookies(base)).find((c) => c.name === "XSRF-TOKEN")?.value ?? "";
    const res = await context.request.post(`${base}/api/auth/verify-email`, {
      data: { token: verifyToken },
      headers: { "x-xsrf-token": xsrf },
    });
    if (!res.ok()) throw new Error(`verification failed: ${res.status()}`);
  }
  await context.addInitScript((t) => localStorage.setItem("auth.token", t), token);
  return { name, email, token, user };
}

/**
 * Slows the built-in analyst for the answers this context asks for (the dev pace cookie, read with
 * DEV_TOOLS on), so a test can reload or stop mid-answer; every other test's answers are written
 * at the product's own pace (ANALYST_PACE_MS).
 */
export async function slowAnalystAnswers(context: BrowserContext, msPerPiece = 40) {
  await context.addCookies([{ name: DEV_ANALYST_PACE_COOKIE, value: String(msPerPiece), url: baseURL() }]);
}

/** Asks a chat question through the API as the signed-in user (bearer token), reading the answer stream to the end. */
export async function askThroughApi(context: BrowserContext, token: string, chatId: string, content: string) {
  const res = await context.request.post(`${baseURL()}/api/chats/${chatId}/messages`, {
    data: { content },
    headers: { authorization: `Bearer ${token}` },
  });
  const body = await res.text();
  if (res.status() !== 200 || !body.includes('"type":"done"'))
    throw new Error(`ask failed: ${res.status()} ${body.slice(0, 300)}`);
}

/** Resolves when the page builder says its edits are saved; a failed save shows its reason in the poll's last value. */
export const pageBuilderSaved = (page: Page) =>
  expect
    .poll(
      async () => {
        const state = page.getByTestId("pb-save-state");
        const kind = await state.getAttribute("data-state");
        return kind === "failed" ? `failed: ${await state.locator("[title]").getAttribute("title")}` : kind;
      },
      { timeout: 20_000 },
    )
    .toBe("saved");
