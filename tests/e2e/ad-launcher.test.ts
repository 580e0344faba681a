/**
 * The AI Launcher in Chromium against `wrangler dev` (issue 28). As a new merchant whom staff
 * granted the launcher (the admin API, as the seeded `admin`) and whom the dev checkout put on a
 * plan with daily launches (a fresh account, so no other browser file sees its plan change):
 * connect the offline dev ad account, take a product with a published drop page and a gallery
 * visual, write the copy, set the budget from the suggested test budget, launch, see the paused
 * campaign in Launches and at /dev/ads, at 1440 and at 375 px (nothing scrolls sideways). A
 * merchant without the flag sees the greyed sidebar item and the screen that explains how to ask.
 * Screenshots of each step land in /tmp/ad-launcher-*.png.
 */
import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { report, runAxe, setTheme, type Violation } from "./a11y-helpers";
import { apiData, baseURL, declineGrowthWelcome, E2E_PASSWORD, loadScreen, screenshotFor, setupBrowser, signUpThroughApi, xsrfOf } from "./helpers";
import { drawPng } from "./png";

const { openPage } = setupBrowser();

// ---------------------------------------------------------------------------------------------
// A real square PNG made here (a lamp on a warm backdrop), 1080 × 1080: it fits the feed placement.

function lampPng(size = 1080): Buffer {
  return drawPng(size, size, (x, y) => {
    const t = y / size;
    const shade = Math.abs(x - size / 2) < size * (0.12 + (y - size * 0.25) * 0.0004) && y > size * 0.25 && y < size * 0.45;
    const stem = Math.abs(x - size / 2) < size * 0.012 && y >= size * 0.45 && y < size * 0.74;
    const base = Math.hypot((x - size / 2) / (size * 0.14), (y - size * 0.76) / (size * 0.025)) < 1;
    if (stem || base) return [52, 58, 72];
    if (shade) return [226, 150, 74];
    return [246 - t * 40, 232 - t * 44, 214 - t * 50];
  });
}

// ---------------------------------------------------------------------------------------------

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, "the page scrolls sideways").toBeLessThanOrEqual(0);
}

const shot = (page: Page, name: string) => screenshotFor(page, `ad-launcher-${name}`);

/** axe-core in every page the context opens (an init script: the app's content security policy refuses an injected tag). */
async function withAxe(context: BrowserContext) {
  await context.addInitScript({ path: "node_modules/axe-core/axe.min.js" });
  // No transitions: a colour read mid-transition after a theme switch is neither theme's (as the accessibility suite does).
  await context.addInitScript(() => {
    document.addEventListener("DOMContentLoaded", () => {
      const style = document.createElement("style");
      style.textContent = "*,*::before,*::after{transition:none!important;animation:none!important}";
      document.head.appendChild(style);
    });
  });
}

/** axe-core's WCAG A and AA rules on the screen as it is now, in both themes (colour contrast again in the light one). */
async function accessibility(page: Page, where: string, found: { where: string; violations: Violation[] }[]) {
  found.push({ where: `${where} (dark)`, violations: await runAxe(page) });
  await setTheme(page, "light");
  found.push({ where: `${where} (light)`, violations: await runAxe(page, { rules: ["color-contrast"] }) });
  await setTheme(page, "dark");
}

const continueTo = async (page: Page, step: string) => {
  await page.getByTestId("step-continue").click();
  await page.getByTestId(`launch-step-${step}`).waitFor();
};

interface Prepared {
  username: string;
  token: string;
  pageId: string;
  slug: string;
  productTitle: string;
  imageId: string;
}

let prepared: Promise<Prepared> | undefined;

/** Signs the context in as the prepared merchant: the session cookie the server's guard reads and the token the app keeps. */
async function signIn(context: BrowserContext, username: string) {
  const res = await context.request.post(`${baseURL()}/api/auth/login`, {
    data: { username, password: E2E_PASSWORD },
    headers: { "cf-connecting-ip": `10.79.${Number(process.env.VITEST_POOL_ID ?? 1)}.${Date.now() % 250}` },
  });
  if (!res.ok()) throw new Error(`sign-in failed: ${res.status()} ${await res.text()}`);
  const { token } = (await res.json()) as { token: string };
  await context.addInitScript((t) => localStorage.setItem("auth.token", t), token);
}

/** Staff grants the launcher through the admin API, as the seeded `admin` does in the user detail (its own request, no merchant cookies). */
async function grantLauncher(userId: number) {
  const login = await fetch(`${baseURL()}/api/auth/login`, {
    method: "POST",
    body: JSON.stringify({ username: "admin", password: "dropcraft-local-dev" }),
    headers: { "content-type": "application/json", "cf-connecting-ip": `10.78.${Number(process.env.VITEST_POOL_ID ?? 1)}.${Date.now() % 250}` },
  });
  if (!login.ok) throw new Error(`admin sign-in failed: ${login.status} ${await login.text()}`);
  const { token } = (await login.json()) as { token: string };
  const res = await fetch(`${baseURL()}/api/admin/users/${userId}/launcher-access`, {
    method: "POST",
    body: JSON.stringify({ access: true, reason: "Browser test of the AI Launcher" }),
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
  });
  if (!res.ok) throw new Error(`grant failed: ${res.status} ${await res.text()}`);
}

/** A new merchant with the launcher, on a paid plan, with a published drop page of a catalog product and a square visual in the gallery (once per file). */
function prepareMerchant(context: BrowserContext): Promise<Prepared> {
  prepared ??= (async () => {
    const { name: username, token, user } = await signUpThroughApi(context);
    await grantLauncher(user.id);
    await apiData(context, token, "POST", "/api/billing/dev-checkout", { interval: "monthly" });
    const created = await apiData<{ page: { id: string; slug: string; product: { title: string } } }>(context, token, "POST", "/api/pages", { productId: "P-0001" });
    // The merchant's own price and cost per item on the page, so the budget step has a break-even to show.
    const product = { ...created.page.product, priceCents: 2999, costCents: 900 };
    await apiData(context, token, "PATCH", `/api/pages/${created.page.id}`, { buyUrl: "https://checkout.example.com/lamp", product });
    await apiData(context, token, "POST", `/api/pages/${created.page.id}/publish`, { acceptBrokenImages: true });
    const upload = await context.request.post(`${baseURL()}/api/uploads/images`, {
      multipart: { file: { name: "lamp-square.png", mimeType: "image/png", buffer: lampPng() } },
      headers: { authorization: `Bearer ${token}`, "x-xsrf-token": await xsrfOf(context) },
    });
    if (upload.status() !== 201) throw new Error(`upload failed: ${upload.status()} ${await upload.text()}`);
    const image = ((await upload.json()) as { data: { id: string } }).data;
    return { username, token, pageId: created.page.id, slug: created.page.slug, productTitle: created.page.product.title, imageId: image.id };
  })();
  return prepared;
}

/** 1. Ad account: the offline dev ad account on a local run, with its name, currency, time zone and status (once per server). */
async function connectDevAccountIfNeeded(page: Page, tag: string) {
  // A connected account (an earlier test) opens the flow at the product.
  await page.getByTestId("connect-ad-account-form").or(page.getByTestId("ad-account-card")).or(page.getByTestId("launch-step-product")).first().waitFor();
  if (!(await page.getByTestId("launch-step-account").isVisible())) return;
  const use = page.getByTestId("use-dev-ad-account");
  if (await use.count()) {
    await shot(page, `${tag}-1-account`);
    await use.click();
  }
  await page.getByTestId("ad-account-card").waitFor();
  await expect(page.getByTestId("ad-account-card").innerText()).resolves.toMatch(/USD[\s\S]*active|active[\s\S]*USD/i);
  await shot(page, `${tag}-1-account-connected`);
  await continueTo(page, "product");
}

/** The whole flow from the product step to a launched, paused campaign; `tag` names the screenshots. */
async function launchFromProduct(page: Page, data: Prepared, tag: string, launchName: string, a11y: { where: string; violations: Violation[] }[] = []) {
  const audit = (where: string) => (tag === "1440" ? accessibility(page, where, a11y) : Promise.resolve());
  // 2. Product and destination: the preselected product's drop page is checked live.
  await page.getByTestId("launch-step-product").waitFor();
  await expect.poll(() => page.getByTestId("destination-result").getAttribute("data-ok"), { timeout: 20_000 }).toBe("true");
  await expect(page.getByTestId("destination-result").innerText()).resolves.toMatch(/published: people clicking the ad will see it/);
  await shot(page, `${tag}-2-product`);
  await audit("product step");

  // 3. Creatives: the square upload fits the feed. At 1440 px (the file's first launch) stories has
  // no fitting image, says so, and the compositor makes one here, counted and picked; at 375 px
  // that visual is in the gallery and fits.
  await continueTo(page, "creatives");
  await page.getByTestId("placement-feed").getByTestId("creative-option").first().waitFor();
  const stories = page.getByTestId("placement-stories");
  if (tag === "1440") {
    await expect(page.getByTestId("placement-missing-stories").innerText()).resolves.toMatch(/No image in your gallery fits Stories and Reels/);
    await page.getByTestId("make-visual-stories").click();
    await stories.getByTestId("creative-option").first().waitFor({ timeout: 60_000 });
    await expect.poll(() => stories.locator('[aria-checked="true"]').count()).toBe(1);
    await expect(page.getByRole("status").filter({ hasText: "Made a Stories and Reels (9:16) visual" }).innerText()).resolves.toMatch(/1 marketing visual counted, \d+ left today/);
  } else {
    await stories.getByTestId("creative-option").first().waitFor();
  }
  await page.getByTestId("placement-feed").locator(`[data-testid="creative-option"]`).first().click();
  await shot(page, `${tag}-3-creatives`);
  await audit("creatives step");

  // 4. Copy: three variants written from the record, with counters.
  await continueTo(page, "copy");
  await page.getByTestId("copy-variant").nth(2).waitFor({ timeout: 30_000 });
  expect(await page.getByTestId("copy-variant").count()).toBe(3);
  const headline = await page.getByTestId("copy-headline-0").inputValue();
  expect(headline.length).toBeGreaterThan(0);
  await page.getByTestId("call-to-action").selectOption("SHOP_NOW");
  await shot(page, `${tag}-4-copy`);
  await audit("copy step");

  // 5. Audience and budget: break-even beside the budget; the suggested test budget fills it.
  await continueTo(page, "audience");
  await page.getByTestId("break-even").waitFor();
  if (tag === "1440") {
    // The page's price $29.99 and cost $9.00 (and the record's shipping): a break-even and its suggested test budget.
    await expect(page.getByTestId("break-even").innerText()).resolves.toMatch(/Break-even CPA[\s\S]*Break-even ROAS/);
    await expect(page.getByTestId("suggested-budget-arithmetic").innerText()).resolves.toMatch(/^2 × break-even CPA \$[\d.]+ = \$[\d.]+ a day; over 7 days/);
    await page.getByTestId("use-suggested-budget").click();
    expect(await page.getByTestId("daily-budget").inputValue()).toMatch(/^\d+\.\d{2}$/);
  } else {
    await page.getByTestId("daily-budget").fill("25");
  }
  await shot(page, `${tag}-5-audience`);
  await audit("audience step");

  // 6. Review: the previews load and every check passes.
  await continueTo(page, "review");
  await page.getByTestId("preview-feed").waitFor();
  await expect.poll(async () => page.getByTestId("launch-checklist").locator('[data-ok="true"]').count(), { timeout: 20_000 }).toBe(4);
  await page.getByTestId("launch-name").fill(launchName);
  await shot(page, `${tag}-6-review`);
  await audit("review step");

  // 7. Launch: made paused at the dev ad account, each object listed, one launch counted.
  await page.getByTestId("launch-button").click();
  await page.getByTestId("launch-result").waitFor({ timeout: 60_000 });
  const result = await page.getByTestId("launch-result").innerText();
  expect(result).toContain(`“${launchName}” is at Meta, paused`);
  expect(result).toMatch(/1 ad launch counted, \d+ launches? left today\./);
  await expect(page.getByTestId("launch-objects").innerText()).resolves.toMatch(/Campaign[\s\S]*Ad set[\s\S]*Ad/);
  await shot(page, `${tag}-7-launched`);

  // 8. Manage: the paused campaign in the list.
  await page.getByTestId("go-to-launches").click();
  const card = page.getByTestId("launch-card").filter({ hasText: launchName });
  await card.waitFor();
  expect(await card.getAttribute("data-state")).toBe("paused");
  await shot(page, `${tag}-8-launches`);
  await audit("launches");
  return card;
}

describe("the AI Launcher for a merchant staff granted it", () => {
  let data: Prepared;

  beforeAll(async () => {
    const { context } = await openPage("/help", { width: 1440 });
    data = await prepareMerchant(context);
  });

  it("connects the offline dev ad account and launches a paused campaign from a product with a gallery visual at 1440 px, shown at /dev/ads", async () => {
    const { page, context, problems } = await openPage("/help", { width: 1440 });
    await signIn(context, data.username);
    await declineGrowthWelcome(context);
    await withAxe(context);
    await loadScreen(page, `/ad-launcher?product=page:${data.pageId}`);

    await connectDevAccountIfNeeded(page, "1440");

    const name = `Lamp test ${Date.now().toString(36)}`;
    const a11y: { where: string; violations: Violation[] }[] = [];
    const card = await launchFromProduct(page, data, "1440", name, a11y);
    expect(report(a11y), "axe-core found problems").toBe("");

    // Manage: insights read on demand, every figure marked simulated on the dev account; activate, then pause.
    await card.getByTestId("refresh-insights").click();
    await card.getByTestId("launch-insights").waitFor();
    expect(await card.getByTestId("launch-insights").getAttribute("data-simulated")).toBe("true");
    const insights = await card.getByTestId("launch-insights").innerText();
    expect(insights.match(/simulated/gi)?.length ?? 0).toBeGreaterThanOrEqual(7);
    await card.getByRole("button", { name: "Activate" }).click();
    await expect.poll(() => card.getAttribute("data-state")).toBe("active");
    await shot(page, "1440-8-launches-active");
    await card.getByRole("button", { name: "Pause" }).click();
    await expect.poll(() => card.getAttribute("data-state")).toBe("paused");
    await setTheme(page, "light");
    await shot(page, "1440-8-launches-light");
    await setTheme(page, "dark");

    await loadScreen(page, "/dev/ads");
    await expect(page.locator("body").innerText()).resolves.toContain(name);
    await expect(page.locator("body").innerText()).resolves.toMatch(/PAUSED/);
    await shot(page, "1440-9-dev-ads");
    expect(problems).toEqual([]);
  });

  it("does the same at 375 px from the Explorer's catalog link, and nothing scrolls sideways", async () => {
    const { page, context, problems } = await openPage("/help", { width: 375, height: 812 });
    await signIn(context, data.username);
    await declineGrowthWelcome(context);
    await loadScreen(page, "/ad-launcher?product=catalog:P-0001");
    await connectDevAccountIfNeeded(page, "375");
    await noSidewaysScroll(page);
    const name = `Lamp mobile ${Date.now().toString(36)}`;
    await launchFromProduct(page, data, "375", name);
    await noSidewaysScroll(page);

    await loadScreen(page, "/dev/ads");
    await expect(page.locator("body").innerText()).resolves.toContain(name);

    // Delete, confirmed in the kit's dialog: the campaign goes at Meta and the launch reads Deleted.
    await loadScreen(page, "/ad-launcher?tab=launches");
    const listed = page.getByTestId("launch-card").filter({ hasText: name });
    await listed.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("button", { name: "Delete at Meta" }).click();
    await expect.poll(() => listed.getAttribute("data-state")).toBe("deleted");
    expect(problems).toEqual([]);
  });
});

describe("without launcher access", () => {
  it("shows the greyed sidebar item and the screen that explains the launcher and how to ask, calling no launcher API", async () => {
    const { page, context, problems } = await openPage("/help", { width: 1440 });
    await signUpThroughApi(context);
    await declineGrowthWelcome(context);
    await withAxe(context);
    const launcherCalls: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/ad-launcher")) launcherCalls.push(r.url());
    });
    await loadScreen(page, "/ad-launcher");
    const item = page.getByTestId("nav-ad-launcher");
    await expect(item.getAttribute("aria-disabled")).resolves.toBe("true");
    await expect(item.innerText()).resolves.toMatch(/Coming Soon/i);
    const screen = page.getByTestId("launcher-no-access");
    await screen.waitFor();
    await expect(screen.innerText()).resolves.toMatch(/paused Meta campaign/);
    const ask = page.getByTestId("ask-launcher-access");
    expect(await ask.getAttribute("href")).toBe("/support?subject=AI%20Launcher%20access&category=feature-question");
    await shot(page, "1440-no-access");
    const a11y: { where: string; violations: Violation[] }[] = [];
    await accessibility(page, "no access", a11y);
    expect(report(a11y), "axe-core found problems").toBe("");
    await setTheme(page, "light");
    await shot(page, "1440-no-access-light");
    expect(launcherCalls).toEqual([]);

    expect(problems).toEqual([]);

    const mobile = await openPage("/help", { width: 375, height: 812, context: { storageState: await context.storageState() } });
    await loadScreen(mobile.page, "/ad-launcher");
    await mobile.page.getByTestId("launcher-no-access").waitFor();
    await shot(mobile.page, "375-no-access");
    await noSidewaysScroll(mobile.page);
    expect(mobile.problems).toEqual([]);
  });
});
