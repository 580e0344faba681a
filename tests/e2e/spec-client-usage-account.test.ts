import { describe, expect, it } from "vitest";
import type { BrowserContext, Page, Request, Route } from "playwright-core";
import { baseURL, closeToast, declineGrowthWelcome, hydrated, setupBrowser, signUpThroughApi } from "./helpers";

// Issue 30: the client paths of spec sections 2, 4 and 8 for usage and the account, in Chromium
// against the built product. API answers are made to fail with page.route(); the usage stream is
// served by hand (text/event-stream) so its messages and failures are the test's.

const { openPage } = setupBrowser();

const STREAM = /\/api\/usage\/stream/;
const SUMMARY = /\/api\/usage\/summary/;
const STATUS = /\/api\/subscription-status/;
const SEND_VERIFICATION = /\/api\/auth\/send-verification/;

const LOST = "Connection to usage tracking lost";
const SETUP_FAILED = "Failed to establish real-time connection";
const FAILED_500 = "console.error: Failed to load resource: the server responded with a status of 500 (Internal Server Error)";

type Storage = Awaited<ReturnType<BrowserContext["storageState"]>>;
const users: Partial<Record<"free" | "paid", Promise<Storage>>> = {};

/** One verified user per kind for the whole file, kept as a storage state (cookie and token). */
function userState(kind: "free" | "paid"): Promise<Storage> {
  users[kind] ??= (async () => {
    const { page, context } = await openPage("/help");
    const user = await signUpThroughApi(context);
    if (kind === "paid") {
      const paid = await context.request.post(`${baseURL()}/api/billing/dev-checkout`, {
        data: { interval: "monthly" },
        headers: { authorization: `Bearer ${user.token}` },
      });
      if (paid.status() !== 200) throw new Error(`dev checkout failed: ${paid.status()}`);
    }
    await page.goto(`${baseURL()}/help`, { waitUntil: "load" }); // runs the token's init script
    const state = await context.storageState();
    await context.close();
    return state;
  })();
  return users[kind];
}

/** A signed-in page with its routes set before the screen loads (the stream starts at hydration). */
async function signedIn(kind: "free" | "paid", setup: (page: Page) => Promise<void> = async () => {}) {
  const opened = await openPage("/404-spec-client", { context: { storageState: await userState(kind) } });
  await declineGrowthWelcome(opened.context);
  await setup(opened.page);
  return opened;
}

const toast = (page: Page, title: string) => page.locator("[data-variant]").filter({ hasText: title });

function counters(values: Record<string, number>) {
  const all = { queries: 0, images: 0, launchers: 0, marketingVisuals: 0, prompts: 0, aiAdvisor: 0 };
  return { ...all, ...values };
}

/** An SSE body: each message a `data:` line; the long retry keeps the browser from reconnecting by itself. */
const sse = (...messages: unknown[]) => `retry: 600000\n\n${messages.map((m) => `data: ${JSON.stringify(m)}\n\n`).join("")}`;

const dockCounter = (page: Page) => page.getByTestId("upgrade-dock-toggle").innerText();

describe("the usage stream on the client (spec 7 and 8)", () => {
  it("applies a JSON snapshot (counters replace usage, remaining recomputed), ignores heartbeats, and says when the stream is lost", async () => {
    let summaryAnswered!: () => void;
    const summaryDone = new Promise<void>((r) => (summaryAnswered = r));
    const { page, context, problems } = await signedIn("free", async (p) => {
      p.on("response", (r) => SUMMARY.test(r.url()) && summaryAnswered());
      await p.route(STREAM, async (route) => {
        // After the summary's own answer, so the snapshot is the newest word.
        await Promise.race([summaryDone, new Promise((r) => setTimeout(r, 5000))]);
        await route.fulfill({
          status: 200,
          contentType: "text/event-stream",
          body:
            sse(
              // 'remaining' as sent is wrong on purpose: the client recomputes it (10 - 8 = 2).
              { usage: counters({ queries: 8 }), limits: counters({ queries: 10 }), remaining: counters({ queries: 9 }) },
              { heartbeat: true, usage: counters({ queries: 1 }) },
            ) + ": a comment line\n\n",
        });
      });
    });
    await page.goto(`${baseURL()}/settings`, { waitUntil: "load" });
    await hydrated(page);
    await expect.poll(() => dockCounter(page), { timeout: 10_000 }).toMatch(/Only 2 left[\s\S]*8\/10/);
    // The stream ended (the body was all of it): the spec's lost message, once.
    await toast(page, LOST).waitFor();
    await expect(toast(page, LOST).getAttribute("data-variant")).resolves.toBe("destructive");
    await page.waitForTimeout(300);
    // The heartbeat after the snapshot changed nothing.
    expect(await dockCounter(page)).toMatch(/Only 2 left[\s\S]*8\/10/);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("a refused stream: 'Connection to usage tracking lost', a new connection exactly 5 s later, and its counters apply", async () => {
    const requests: Request[] = [];
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let firstSeen!: () => void;
    const first = new Promise<void>((r) => (firstSeen = r));
    const { page, context, problems } = await signedIn("free", async (p) => {
      await p.clock.install();
      await p.route(STREAM, async (route: Route) => {
        requests.push(route.request());
        if (requests.length === 1) {
          firstSeen();
          await released;
          await route.fulfill({ status: 503, contentType: "text/plain", body: "Service Unavailable" });
          return;
        }
        await route.fulfill({
          status: 200,
          contentType: "text/event-stream",
          body: sse({ usage: counters({ queries: 6 }), limits: counters({ queries: 10 }) }),
        });
      });
    });
    await page.goto(`${baseURL()}/settings`, { waitUntil: "load" });
    await hydrated(page);
    await first;
    // Stop the page's clock before the stream is refused, so the reconnect timer starts at a known time.
    const now = await page.evaluate(() => Date.now());
    await page.clock.pauseAt(now + 1000);
    release();
    await toast(page, LOST).waitFor();
    expect(requests.length).toBe(1);

    await page.clock.runFor(4_990);
    await page.waitForTimeout(500);
    expect(requests.length).toBe(1);
    await page.clock.runFor(10);
    await expect.poll(() => requests.length).toBe(2);
    // The query cache tells React on a timer: let the page's time run again.
    await page.clock.resume();
    await expect.poll(() => dockCounter(page)).toMatch(/6\/10/);
    const refused = problems.filter((p) => /503/.test(p));
    expect(refused.length).toBeLessThanOrEqual(1);
    expect(problems.filter((p) => !/503/.test(p))).toEqual([]);
    await context.close();
  });

  it("'Failed to establish real-time connection' when the stream cannot be opened, or EventSource is missing", async () => {
    const { page, context, problems } = await signedIn("free", async (p) => {
      await p.addInitScript(() => {
        if (location.search.includes("es=none")) {
          Reflect.deleteProperty(window, "EventSource");
        } else if (location.search.includes("es=throw")) {
          window.EventSource = class {
            static CLOSED = 2;
            constructor() {
              throw new DOMException("Refused by policy", "SecurityError");
            }
          } as unknown as typeof EventSource;
        }
      });
    });
    await page.goto(`${baseURL()}/settings?es=throw`, { waitUntil: "load" });
    await hydrated(page);
    await toast(page, SETUP_FAILED).waitFor();
    await expect(toast(page, SETUP_FAILED).getAttribute("data-variant")).resolves.toBe("destructive");
    // The one error the client logs on purpose.
    await expect.poll(() => problems).toEqual([expect.stringMatching(/^console\.error: \[usage-stream\] could not open the usage stream/)]);
    problems.length = 0;

    await page.goto(`${baseURL()}/settings?es=none`, { waitUntil: "load" });
    await hydrated(page);
    await toast(page, SETUP_FAILED).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("usage data that fails to load (spec 8)", () => {
  it("the usage screen and the usage summary on /upgrade say 'Failed to load usage data'; Retry loads it", async () => {
    const { page, context, problems } = await signedIn("free", async (p) => {
      // A quiet stream: no snapshot may stand in for the failed summary.
      await p.route(STREAM, () => undefined);
      await p.route(SUMMARY, (route) => route.fulfill({ status: 500, contentType: "text/plain", body: "boom" }));
    });
    await page.goto(`${baseURL()}/usage`, { waitUntil: "load" });
    await hydrated(page);
    const error = page.getByTestId("usage-error");
    await error.waitFor();
    await expect(error.innerText()).resolves.toContain("Failed to load usage data");

    await page.goto(`${baseURL()}/upgrade`, { waitUntil: "load" });
    await hydrated(page);
    const overview = page.getByTestId("usage-overview").getByRole("alert");
    await overview.waitFor();
    await expect(overview.innerText()).resolves.toContain("Failed to load usage data");

    await page.unroute(SUMMARY);
    await overview.getByRole("button").click();
    await overview.waitFor({ state: "detached" });
    await page.getByTestId("usage-overview").getByTestId("usage-meter").first().waitFor();
    expect(problems).toEqual([FAILED_500, FAILED_500]);
    await context.close();
  });
});

describe("subscription status in the browser (spec 4 and 8)", () => {
  it("is fetched again on window focus: a failure keeps the plan and says 'Failed to fetch subscription'; a 401 falls back to free", async () => {
    const { page, context, problems } = await signedIn("paid");
    await page.goto(`${baseURL()}/upgrade`, { waitUntil: "load" });
    await hydrated(page);
    await page.getByTestId("current-plan").waitFor();
    const focus = () => page.evaluate(() => window.dispatchEvent(new Event("visibilitychange")));
    const main = page.locator('[data-screen="upgrade"]');

    await page.route(STATUS, (route) => route.fulfill({ status: 500, contentType: "text/plain", body: "boom" }));
    const refetched = page.waitForRequest(STATUS);
    await focus();
    await refetched;
    await main.getByRole("alert").filter({ hasText: "Failed to fetch subscription" }).waitFor();
    await expect(page.getByTestId("current-plan").isVisible()).resolves.toBe(true);
    expect(problems).toEqual([FAILED_500]);
    problems.length = 0;

    await page.unroute(STATUS);
    await page.route(STATUS, (route) =>
      route.fulfill({ status: 401, contentType: "application/json", body: JSON.stringify({ success: false, message: "Not signed in" }) }),
    );
    const authChecked = page.waitForRequest(/\/api\/auth\/me/);
    await focus();
    await authChecked;
    await page.getByTestId("current-plan").waitFor({ state: "detached" });
    await expect(main.getByRole("alert").count()).resolves.toBe(0);
    // The free fallback: the plans to choose from instead of the paid plan.
    await main.getByRole("heading", { name: "Compare plans" }).waitFor();
    // The refused status requests, and nothing else.
    expect(problems.length).toBeGreaterThan(0);
    expect(new Set(problems)).toEqual(new Set(["console.error: Failed to load resource: the server responded with a status of 401 (Unauthorized)"]));
    await context.close();
  });
});

describe("the verification gate (spec 8)", () => {
  it("a failed send shows 'Error' with the server's message, else the spec's default (network failures too); Copy email says Email copied / Copy failed", async () => {
    const { page, context, problems } = await openPage("/help");
    const user = await signUpThroughApi(context, { verify: false });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL() });
    await page.goto(`${baseURL()}/app`, { waitUntil: "load" });
    await hydrated(page);
    const resend = page.getByTestId("resend-verification");
    await resend.waitFor();
    const errorToast = toast(page, "Error");

    await page.route(SEND_VERIFICATION, (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ success: false, message: "The mail relay is down" }) }),
    );
    await resend.click();
    await errorToast.filter({ hasText: "The mail relay is down" }).waitFor();
    await expect(errorToast.getAttribute("data-variant")).resolves.toBe("destructive");
    await closeToast(errorToast);

    await page.unroute(SEND_VERIFICATION);
    await page.route(SEND_VERIFICATION, (route) => route.fulfill({ status: 500, contentType: "text/plain", body: "boom" }));
    await resend.click();
    await errorToast.filter({ hasText: "Failed to send verification email. Please try again." }).waitFor();
    await closeToast(errorToast);

    await page.unroute(SEND_VERIFICATION);
    await page.route(SEND_VERIFICATION, (route) => route.abort("internetdisconnected"));
    await resend.click();
    await errorToast.filter({ hasText: "Failed to send verification email. Please try again." }).waitFor();
    expect(problems).toEqual([
      // The gate's document itself answers 403 to an unverified account.
      "console.error: Failed to load resource: the server responded with a status of 403 (Forbidden)",
      FAILED_500,
      FAILED_500,
      "console.error: Failed to load resource: net::ERR_INTERNET_DISCONNECTED",
    ]);
    problems.length = 0;

    await page.getByTestId("copy-email").click();
    const copied = toast(page, "Email copied");
    await copied.waitFor();
    await expect(copied.innerText()).resolves.toContain("Email address copied to clipboard.");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(user.email);

    // A browser that refuses both the Clipboard API and the copy command.
    await page.evaluate(() => {
      navigator.clipboard.writeText = () => Promise.reject(new DOMException("Denied", "NotAllowedError"));
      document.execCommand = () => false;
    });
    await page.getByTestId("copy-email").click();
    const failed = toast(page, "Copy failed");
    await failed.waitFor();
    await expect(failed.innerText()).resolves.toContain("Unable to copy email address.");
    await expect(failed.getAttribute("data-variant")).resolves.toBe("destructive");
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("the upgrade dock (spec 2 and 4)", () => {
  it("toggles between 70 and 360 px and remembers its state in local storage across reloads", async () => {
    const { page, context, problems } = await signedIn("free");
    await page.goto(`${baseURL()}/settings`, { waitUntil: "load" });
    await hydrated(page);
    const dock = page.getByTestId("upgrade-dock");
    const height = async () => Math.round((await dock.boundingBox())!.height);
    await expect(dock.getAttribute("data-state")).resolves.toBe("collapsed");
    expect(await height()).toBe(70);

    await page.getByTestId("upgrade-dock-toggle").click();
    await expect.poll(() => dock.getAttribute("data-state")).toBe("expanded");
    await expect.poll(height).toBe(360);
    await expect(dock.innerText()).resolves.toContain("Upgrade to Growth");
    expect(await page.evaluate(() => localStorage.getItem("upgrade-dock-open"))).toBe("true");

    await page.reload({ waitUntil: "load" });
    await hydrated(page);
    await expect.poll(() => dock.getAttribute("data-state")).toBe("expanded");

    await page.getByTestId("upgrade-dock-toggle").click();
    await expect.poll(() => dock.getAttribute("data-state")).toBe("collapsed");
    await expect.poll(height).toBe(70);
    expect(await page.evaluate(() => localStorage.getItem("upgrade-dock-open"))).toBe("false");
    await page.reload({ waitUntil: "load" });
    await hydrated(page);
    await page.waitForTimeout(300);
    await expect(dock.getAttribute("data-state")).resolves.toBe("collapsed");
    expect(problems).toEqual([]);
    await context.close();
  });
});
