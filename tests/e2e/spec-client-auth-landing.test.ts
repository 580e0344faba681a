/**
 * Issue 30: the client paths of the spec's sign-in forms, project create/delete failures and the
 * landing page that nothing tested on screen before (spec sections 2 and 8).
 */
import { describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import sharp from "sharp";
import { baseURL, closeToast, hydrated, loadScreen, setupBrowser, signUpThroughApi } from "./helpers";

const { openPage } = setupBrowser();

/** A static file: the context and page exist (for routes, init scripts, a sign-up) before the first real page loads. */
const STATIC = "/robots.txt";

const failedStatus = (status: number) => new RegExp(`^console\\.error: Failed to load resource: the server responded with a status of ${status}\\b`);
const ABORTED = /^console\.error: Failed to load resource: net::ERR_FAILED$/;

/** Every problem the page recorded matches one of the patterns, in order, and there are no others. */
function expectProblems(problems: string[], expected: RegExp[]) {
  expect(problems, problems.join("\n")).toHaveLength(expected.length);
  expected.forEach((pattern, i) => expect(problems[i]).toMatch(pattern));
}

/**
 * The destructive toast with this title. Found by its variant, not by role: an open Radix dialog
 * marks everything outside it aria-hidden, the toaster included.
 */
const destructiveToast = (page: Page, title: string) =>
  page.locator('[data-variant="destructive"]').filter({ has: page.getByText(title, { exact: true }) });

/**
 * Resolves once React has hydrated this element (it carries React's props) and a moment more for
 * the mount effects that follow the commit. `hydrated()` alone only says Remix's router exists,
 * which happens before React hydrates the page.
 */
async function reactHydrated(page: Page, locator: Locator) {
  const element = await locator.elementHandle();
  await page.waitForFunction((el) => !!el && Object.keys(el).some((key) => key.startsWith("__reactProps$")), element);
  await page.waitForTimeout(150);
}

describe("sign-in failures in the spec's words", () => {
  it("login: a refusal without a message of its own reads 'Failed to login' (a 401 and a 500 alike)", async () => {
    const { page, context, problems } = await openPage("/login");
    await hydrated(page);
    const answers = [
      { status: 401, contentType: "application/json", body: "{}" },
      { status: 500, contentType: "text/plain", body: "" },
    ];
    let served = 0;
    await page.route(/\/api\/auth\/login\?/, (route) => {
      served += 1;
      return route.fulfill(answers.shift()!);
    });
    await page.getByLabel("Username or email").fill("someone@store.test");
    await page.getByLabel("Password", { exact: true }).fill("violet-harbor-lantern-42");
    for (const expectedServed of [1, 2]) {
      await page.getByRole("button", { name: "Log in" }).click();
      await expect.poll(() => served).toBe(expectedServed);
      // Submitting clears the alert, so this reads the answer to this very request.
      await expect.poll(() => page.getByTestId("login-alert").innerText()).toBe("Failed to login");
      expect(new URL(page.url()).pathname).toBe("/login");
    }
    expect(await page.evaluate(() => localStorage.getItem("auth.token"))).toBeNull();
    expectProblems(problems, [failedStatus(401), failedStatus(500)]);
    await context.close();
  });

  it("signup: a refusal without a message of its own reads 'Failed to sign up'", async () => {
    const { page, context, problems } = await openPage("/signup");
    await hydrated(page);
    await page.route(/\/api\/auth\/signup\?/, (route) => route.fulfill({ status: 503, contentType: "text/plain", body: "" }));
    await page.getByLabel("Username").fill("harbor_lantern");
    await page.getByLabel("Email").fill("harbor@store.test");
    await page.getByLabel("Password", { exact: true }).fill("violet-harbor-lantern-42");
    await page.getByLabel("Confirm password").fill("violet-harbor-lantern-42");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect.poll(() => page.getByTestId("signup-alert").innerText()).toBe("Failed to sign up");
    expect(new URL(page.url()).pathname).toBe("/signup");
    expectProblems(problems, [failedStatus(503)]);
    await context.close();
  });

  it("a server that cannot be reached reads as the request client's network message, not as a refusal", async () => {
    const { page, context, problems } = await openPage("/login");
    await hydrated(page);
    await page.route(/\/api\/auth\/login\?/, (route) => route.abort("failed"));
    await page.getByLabel("Username or email").fill("someone@store.test");
    await page.getByLabel("Password", { exact: true }).fill("violet-harbor-lantern-42");
    await page.getByRole("button", { name: "Log in" }).click();
    await expect
      .poll(() => page.getByTestId("login-alert").innerText())
      .toBe("Network error: the server could not be reached. Check your connection and try again.");
    expect(new URL(page.url()).pathname).toBe("/login");
    expectProblems(problems, [ABORTED]);
    await context.close();
  });
});

describe("project failures on screen", () => {
  it("a create the server refuses without a message shows 'Failed to create project' (the dialog, its toast, the example project's toast)", async () => {
    const { page, context, problems } = await openPage(STATIC);
    await signUpThroughApi(context);
    await loadScreen(page, "/projects", { waitUntil: "settled" });
    await page.getByTestId("projects-empty").waitFor();
    await page.route(/\/api\/projects\?/, (route) =>
      route.request().method() === "POST" ? route.fulfill({ status: 500, contentType: "text/plain", body: "" }) : route.fallback(),
    );
    await page.getByTestId("new-project").click();
    await page.getByTestId("create-project-name").fill("Harbor Candles");
    await page.getByTestId("create-project-submit").click();
    const dialog = page.getByTestId("create-project-dialog");
    await expect.poll(() => dialog.getByRole("alert").innerText()).toBe("Failed to create project: Please try again.");
    const toast = destructiveToast(page, "Failed to create project");
    await toast.waitFor();
    await expect(toast.innerText()).resolves.toContain("Please try again.");
    // Nothing was created: the dialog keeps the draft.
    await expect(page.getByTestId("create-project-name").inputValue()).resolves.toBe("Harbor Candles");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    await closeToast(toast);

    // The empty list's one-click example project fails the same way, told in a toast.
    await page.getByTestId("projects-example").click();
    await toast.waitFor();
    await expect(toast.innerText()).resolves.toContain("Please try again.");
    await expect(page.getByTestId("projects-empty").isVisible()).resolves.toBe(true);
    expectProblems(problems, [failedStatus(500), failedStatus(500)]);
    await context.close();
  });

  it("a delete the server refuses shows 'Failed to delete project' and keeps the card", async () => {
    const { page, context, problems } = await openPage(STATIC);
    const { token } = await signUpThroughApi(context);
    const made = await context.request.post(`${baseURL()}/api/projects`, {
      data: { name: "Cozy Pet Supplies", businessInstructions: "" },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(made.status()).toBe(201);
    const projectId = ((await made.json()) as { data: { id: string } }).data.id;
    await loadScreen(page, "/projects", { waitUntil: "settled" });
    const card = page.getByTestId("project-card").filter({ hasText: "Cozy Pet Supplies" });
    await card.waitFor();
    await page.route(new RegExp(`/api/projects/${projectId}\\?`), (route) =>
      route.request().method() === "DELETE" ? route.fulfill({ status: 500, contentType: "text/plain", body: "" }) : route.fallback(),
    );
    await card.getByTestId("project-card-menu").click();
    await page.getByTestId("project-card-delete").click();
    await page.getByTestId("delete-project-dialog-confirm").click();
    const toast = destructiveToast(page, "Failed to delete project");
    await toast.waitFor();
    await expect(toast.innerText()).resolves.toContain("Please try again.");
    await expect(card.count()).resolves.toBe(1);
    expectProblems(problems, [failedStatus(500)]);
    await context.close();
  });
});

/** A held answer: the request waits until the test releases it (continue) or fails it (abort). */
async function holdRequests(page: Page, url: string | RegExp) {
  let release: (how: "continue" | "abort") => void = () => {};
  const decided = new Promise<"continue" | "abort">((resolve) => (release = resolve));
  let seen = 0;
  await page.route(url, async (route) => {
    seen += 1;
    const how = await decided;
    await (how === "continue" ? route.continue() : route.abort("failed"));
  });
  return { release, seen: () => seen };
}

/** The remix router's state in the page (entry.client puts it on window). */
const routerState = (page: Page) =>
  page.evaluate(() => {
    const { state } = (window as unknown as {
      __remixRouter: { state: { navigation: { state: string; location?: { pathname: string } }; historyAction: string } };
    }).__remixRouter;
    return { path: location.pathname, navigation: state.navigation.state, to: state.navigation.location?.pathname, action: state.historyAction };
  });

describe("landing page", () => {
  it("a render failure shows the fallback with its text, and 'Reload Page' reloads the page", async () => {
    const { page, context, problems } = await openPage(STATIC);
    // The testimonial slider measures itself with a ResizeObserver once mounted: make that throw.
    await context.addInitScript(() => {
      window.ResizeObserver = class {
        constructor() {
          throw new Error("ResizeObserver unavailable (test)");
        }
      } as unknown as typeof ResizeObserver;
    });
    await loadScreen(page, "/", { waitUntil: "settled" });
    const fallback = page.getByTestId("landing-fallback");
    await fallback.waitFor();
    await expect(fallback.innerText()).resolves.toContain("Loading your AI-powered ecommerce platform...");
    // The fallback replaces the landing content, it does not sit beside it.
    await expect(page.getByRole("heading", { level: 1 }).count()).resolves.toBe(0);
    await page.evaluate(() => ((window as unknown as { beforeReload: boolean }).beforeReload = true));
    await Promise.all([page.waitForEvent("load"), page.getByRole("button", { name: "Reload Page" }).click()]);
    expect(new URL(page.url()).pathname).toBe("/");
    expect(await page.evaluate(() => "beforeReload" in window)).toBe(false);
    await fallback.waitFor();
    // On purpose: React reports the caught error, the boundary logs it; once per load.
    const caught = [/^console\.error: Error: ResizeObserver unavailable \(test\)/, /^console\.error: Landing page failed to render Error: ResizeObserver unavailable \(test\)/];
    expectProblems(problems, [...caught, ...caught]);
    await context.close();
  });

  it("a signed-in visit to / shows the loader and is replaced by /app after about 100 ms", async () => {
    const { page, context, problems } = await openPage(STATIC);
    await signUpThroughApi(context);
    await page.clock.install();
    // Time stands still from before the document loads, so the redirect's timer cannot run unseen.
    await page.clock.pauseAt(Date.now() + 60_000);
    await page.goto(`${baseURL()}/`, { waitUntil: "domcontentloaded" });
    await hydrated(page);
    const loader = page.getByTestId("full-screen-loader");
    await expect(loader.innerText()).resolves.toContain("Warming up AI engines");
    await reactHydrated(page, loader); // the redirect's timer is set by then (fake time stands still)
    await page.clock.runFor(95);
    await expect(routerState(page)).resolves.toMatchObject({ path: "/", navigation: "idle" });
    await page.clock.runFor(10);
    await expect(routerState(page)).resolves.toMatchObject({ navigation: "loading", to: "/app" });
    const historyLength = await page.evaluate(() => history.length);
    await page.waitForURL((u) => u.pathname === "/app");
    await expect(routerState(page)).resolves.toMatchObject({ path: "/app", action: "REPLACE" });
    expect(await page.evaluate(() => history.length)).toBe(historyLength);
    expectProblems(problems, []);
    await context.close();
  });

  it("a signed-out visit to / stays on the landing page", async () => {
    const { page, context, problems } = await openPage(STATIC);
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 60_000);
    await page.goto(`${baseURL()}/`, { waitUntil: "domcontentloaded" });
    await hydrated(page);
    await reactHydrated(page, page.getByRole("heading", { level: 1 }));
    await page.clock.runFor(2_000);
    await expect(routerState(page)).resolves.toMatchObject({ path: "/", navigation: "idle", action: "POP" });
    await expect(page.getByRole("heading", { level: 1 }).innerText()).resolves.toContain("live store");
    expectProblems(problems, []);
    await context.close();
  });

  it("shows the promo banner above the header: 100% free, no credit card, a link to sign up", async () => {
    const { page, context, problems } = await openPage("/");
    await hydrated(page);
    const banner = page.getByRole("region", { name: "Promotion" });
    await expect(banner.innerText()).resolves.toMatch(/Try Dropcraft 100% free[\s\S]*No credit card required\./);
    await expect(banner.getByRole("link", { name: "Start free" }).getAttribute("href")).resolves.toBe("/signup");
    const bannerBox = (await banner.boundingBox())!;
    const navBox = (await page.getByRole("navigation", { name: "Main" }).boundingBox())!;
    expect(bannerBox.y).toBe(0);
    expect(navBox.y).toBeGreaterThanOrEqual(bannerBox.y + bannerBox.height - 1);
    // On a phone the offer and the no-card line still show.
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(banner.innerText()).resolves.toMatch(/Try Dropcraft 100% free[\s\S]*No credit card required\./);
    expectProblems(problems, []);
    await context.close();
  });
});

describe("hero image", () => {
  const PREVIEW = "**/landing/dashboard-preview.svg";

  it("says 'Loading dashboard preview...' until the image arrives, then fades it in", async () => {
    const { page, context, problems } = await openPage(STATIC);
    const held = await holdRequests(page, PREVIEW);
    await page.goto(`${baseURL()}/`, { waitUntil: "domcontentloaded" });
    await hydrated(page);
    await expect.poll(held.seen).toBe(1);
    const preview = page.getByTestId("dashboard-preview");
    const image = preview.getByRole("img", { name: /Dropcraft dashboard/ });
    await reactHydrated(page, image);
    await expect(preview.getAttribute("data-state")).resolves.toBe("loading");
    await expect(preview.getByRole("status").innerText()).resolves.toBe("Loading dashboard preview...");
    await expect(image.evaluate((el) => getComputedStyle(el).opacity)).resolves.toBe("0");

    held.release("continue");
    await expect.poll(() => preview.getAttribute("data-state")).toBe("loaded");
    await expect(preview.getByRole("status").count()).resolves.toBe(0);
    // A fade: opacity is transitioned over 700 ms, and ends fully shown.
    const style = await image.evaluate((el) => {
      const s = getComputedStyle(el);
      return { property: s.transitionProperty, duration: s.transitionDuration };
    });
    expect(style.property).toContain("opacity");
    expect(style.duration).toBe("0.7s");
    await expect.poll(() => image.evaluate((el) => getComputedStyle(el).opacity)).toBe("1");
    expectProblems(problems, []);
    await context.close();
  });

  for (const when of ["before hydration", "after hydration"] as const) {
    it(`an image that fails to load ${when} becomes the dark gradient placeholder, with a console log`, async () => {
      // The light theme, so the dark placeholder stands out from the preview card behind it.
      const { page, context, problems } = await openPage(STATIC);
      await context.addInitScript(() => localStorage.setItem("theme", "light"));
      const logs: string[] = [];
      page.on("console", (m) => m.type() === "log" && logs.push(m.text()));
      if (when === "before hydration") {
        await page.route(PREVIEW, (route) => route.abort("failed"));
        await loadScreen(page, "/", { waitUntil: "settled" });
      } else {
        const held = await holdRequests(page, PREVIEW);
        await page.goto(`${baseURL()}/`, { waitUntil: "domcontentloaded" });
        await hydrated(page);
        await expect.poll(held.seen).toBe(1);
        await reactHydrated(page, page.getByTestId("dashboard-preview").locator("img"));
        await expect(page.getByTestId("dashboard-preview").getAttribute("data-state")).resolves.toBe("loading");
        held.release("abort");
      }
      const preview = page.getByTestId("dashboard-preview");
      await expect.poll(() => preview.getAttribute("data-state")).toBe("error");
      const placeholder = preview.getByRole("img", { name: "Dashboard preview unavailable" });
      // Dark on the light theme's pale preview card, its lightest corner included.
      await expect(page.evaluate(() => document.documentElement.className)).resolves.toMatch(/\blight\b/);
      const box = (await placeholder.boundingBox())!;
      const card = (await preview.boundingBox())!;
      expect(box).toEqual(card);
      expect(box.height).toBeGreaterThan(100);
      const { data, info } = await sharp(await placeholder.screenshot()).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      // Inside its rounded corners and above the live-sales card that overlaps its foot.
      let brightest = 0;
      for (let y = Math.round(info.height * 0.05); y < info.height * 0.7; y++) {
        for (let x = Math.round(info.width * 0.05); x < info.width * 0.95; x++) {
          const i = (y * info.width + x) * info.channels;
          brightest = Math.max(brightest, 0.2126 * data[i]! + 0.7152 * data[i + 1]! + 0.0722 * data[i + 2]!);
        }
      }
      expect(brightest).toBeLessThan(110);
      await expect(preview.getByRole("img", { name: /Dropcraft dashboard/ }).count()).resolves.toBe(0);
      await expect(preview.getByRole("status").count()).resolves.toBe(0);
      await expect.poll(() => logs).toContain("Dashboard preview image failed to load; showing a placeholder.");
      expectProblems(problems, [ABORTED]);
      await context.close();
    });
  }
});

describe("logo", () => {
  for (const when of ["before hydration", "after hydration"] as const) {
    it(`a logo that fails to load ${when} is hidden and the letter mark shows instead`, async () => {
      const { page, context, problems } = await openPage(STATIC);
      if (when === "before hydration") {
        await page.route("**/favicon.svg", (route) => route.abort("failed"));
        await loadScreen(page, "/login", { waitUntil: "settled" });
      } else {
        const held = await holdRequests(page, "**/favicon.svg");
        await page.goto(`${baseURL()}/login`, { waitUntil: "domcontentloaded" });
        await hydrated(page);
        await expect.poll(held.seen).toBeGreaterThanOrEqual(1);
        await reactHydrated(page, page.getByTestId("logo").locator("img"));
        await expect(page.getByTestId("logo").locator("img").evaluate((img: HTMLImageElement) => img.complete)).resolves.toBe(false);
        held.release("abort");
      }
      const logo = page.getByTestId("logo");
      await logo.getByTestId("logo-fallback").waitFor();
      await expect(logo.getByTestId("logo-fallback").innerText()).resolves.toBe("D");
      await expect(logo.locator("img").count()).resolves.toBe(0);
      await expect(logo.getAttribute("aria-label")).resolves.toBe("Dropcraft home");
      expect(problems.length).toBeGreaterThanOrEqual(1);
      expectProblems(problems, problems.map(() => ABORTED));
      await context.close();
    });
  }
});
