/**
 * The Image Maker in Chromium against `wrangler dev` (the built-in compositor renders): a paid
 * merchant uploads a product photo, walks the five steps with Next (the URL changes each time),
 * goes Back with the browser and reloads mid-way without losing the draft, and generates two
 * sizes whose images load. A free merchant's Generate and Download open the upgrade modal. At
 * 375 px no step scrolls sideways. Screenshots of every step at 1280 and 375 px land in /tmp.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { apiData, declineGrowthWelcome, hydrated, loadScreen, screenshotFor, setupBrowser, signUpThroughApi } from "./helpers";
import { drawPng } from "./png";

const { openPage } = setupBrowser();

// ---------------------------------------------------------------------------------------------
// A real PNG: a product-like picture (a rounded bottle on a soft backdrop), encoded by hand.

function productPng(width = 640, height = 640): Buffer {
  const cx = width / 2;
  const body = { top: height * 0.28, bottom: height * 0.86, half: width * 0.17, r: width * 0.06 };
  return drawPng(width, height, (x, y) => {
    // Backdrop: a light vertical gradient.
    let [r, g, b] = [236 - (y / height) * 20, 232 - (y / height) * 18, 226 - (y / height) * 14];
    const dx = Math.abs(x - cx);
    // Bottle body with rounded shoulders, a cap and a label band; a soft shadow under it.
    const inBody = y > body.top && y < body.bottom && dx < body.half - (y < body.top + body.r ? body.r - Math.sqrt(Math.max(0, body.r ** 2 - (body.top + body.r - y) ** 2)) : 0);
    const inCap = y > height * 0.18 && y <= body.top + 2 && dx < width * 0.08;
    const shadow = Math.hypot((x - cx) / (width * 0.22), (y - body.bottom) / (height * 0.03));
    if (shadow < 1 && !inBody) [r, g, b] = [r * (0.75 + shadow * 0.25), g * (0.75 + shadow * 0.25), b * (0.75 + shadow * 0.25)];
    if (inBody) {
      const shade = 1 - (dx / body.half) ** 2 * 0.35 + (x < cx - body.half * 0.45 && x > cx - body.half * 0.65 ? 0.18 : 0);
      const label = y > height * 0.5 && y < height * 0.68;
      [r, g, b] = label ? [250 * shade, 246 * shade, 240 * shade] : [28 * shade + 10, 110 * shade + 10, 120 * shade + 12];
    }
    if (inCap) [r, g, b] = [40, 40, 48];
    return [r, g, b];
  });
}

// ---------------------------------------------------------------------------------------------

async function merchant({ paid, width }: { paid: boolean; width: number }) {
  const { page, context, problems } = await openPage("/help", { width, height: width < 500 ? 800 : 900 });
  const { token } = await signUpThroughApi(context);
  if (paid) await apiData(context, token, "POST", "/api/billing/dev-checkout", { interval: "monthly" });
  return { page, context, problems, token };
}

const path = (page: Page) => new URL(page.url()).pathname;
const stepOf = (page: Page) => page.getByTestId("image-maker").getAttribute("data-step");

async function onStep(page: Page, step: string) {
  await expect.poll(() => path(page), { timeout: 20_000 }).toBe(`/image-maker/${step}`);
  await expect.poll(() => stepOf(page), { timeout: 20_000 }).toBe(step);
}

/** Every <img> matched has loaded a real picture. */
async function imagesLoaded(page: Page, selector: string, count: number) {
  await expect
    .poll(
      () =>
        page.$$eval(selector, (els) => (els as HTMLImageElement[]).filter((i) => i.complete && i.naturalWidth > 0).length),
      { timeout: 60_000 },
    )
    .toBe(count);
}

/** The five template cards' live previews have all rendered. */
async function templatePreviewsReady(page: Page) {
  await expect
    .poll(
      () => page.$$eval('[data-testid$="-preview"][data-testid^="im-template-"]', (els) => els.map((e) => `${e.getAttribute("data-testid")}:${e.getAttribute("data-state")}`).join(" ")),
      { timeout: 90_000 },
    )
    .toMatch(/^(\S+:ready ){4}\S+:ready$/);
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

const shot = (page: Page, name: string) => screenshotFor(page, name);

async function uploadPhoto(page: Page) {
  await page.getByTestId("im-upload-input").setInputFiles({ name: "trail-bottle.png", mimeType: "image/png", buffer: productPng() });
  await imagesLoaded(page, '[data-testid="im-chosen-photo"]', 1);
}

describe("Image Maker", () => {
  it("takes a paid merchant through the five steps to finished images; Back, reload and the draft survive", async () => {
    const { page, problems } = await merchant({ paid: true, width: 1280 });
    await declineGrowthWelcome(page);
    await loadScreen(page, "/image-maker");
    await onStep(page, "product");

    // 1. Product: Next says what is missing, then the photo upload.
    await page.getByTestId("im-next").click();
    await expect.poll(() => page.getByTestId("im-blocker").innerText()).toMatch(/photo/);
    await uploadPhoto(page);
    await shot(page, "im-1280-1-product");
    await page.getByTestId("im-next").click();

    // 2. Style: the five templates with live previews; pick Sale.
    await onStep(page, "style");
    await templatePreviewsReady(page);
    await page.getByTestId("im-template-sale").click();
    await expect.poll(() => page.getByTestId("im-template-sale").getAttribute("data-checked")).toBe("true");
    await shot(page, "im-1280-2-style");
    await page.getByTestId("im-next").click();

    // 3. Copy: filled from the defaults, edited; the live preview follows.
    await onStep(page, "copy");
    const headline = page.getByTestId("im-copy-headline");
    await expect.poll(() => headline.inputValue(), { timeout: 20_000 }).not.toBe("");
    await headline.fill("Trail bottle: cold for 24 hours");
    await page.getByTestId("im-copy-price").fill("24.00");
    await page.getByTestId("im-copy-compare-at").fill("39.00");
    await page.getByTestId("im-copy-add-bullet").click();
    await page.getByTestId("im-copy-bullet-0").fill("Leak-proof lid");
    await expect.poll(() => page.getByTestId("im-copy-preview").getAttribute("data-state"), { timeout: 30_000 }).toBe("ready");
    await page.waitForTimeout(700);
    await expect.poll(() => page.getByTestId("im-copy-preview").getAttribute("data-state"), { timeout: 30_000 }).toBe("ready");
    await shot(page, "im-1280-3-copy");

    // The browser's Back goes to the style step with the choice kept; Forward returns with the copy.
    await page.goBack();
    await onStep(page, "style");
    expect(await page.getByTestId("im-template-sale").getAttribute("data-checked")).toBe("true");
    await page.goForward();
    await onStep(page, "copy");
    expect(await page.getByTestId("im-copy-headline").inputValue()).toBe("Trail bottle: cold for 24 hours");
    await page.getByTestId("im-next").click();

    // 4. Sizes: Instagram post and Facebook feed; a reload keeps the step and the draft.
    await onStep(page, "sizes");
    if (await page.getByTestId("im-size-product-square").getAttribute("data-checked")) await page.getByTestId("im-size-product-square").click();
    if (!(await page.getByTestId("im-size-instagram-post").getAttribute("data-checked"))) await page.getByTestId("im-size-instagram-post").click();
    await page.getByTestId("im-size-facebook-feed").click();
    await expect.poll(() => page.getByTestId("im-total").innerText()).toContain("2 sizes × 1 = 2 images");
    await expect.poll(() => page.getByTestId("im-usage-line").innerText(), { timeout: 20_000 }).toMatch(/This will use 2 images of your \d+ left today/);
    await page.reload({ waitUntil: "load" });
    await hydrated(page);
    await onStep(page, "sizes");
    expect(await page.getByTestId("im-size-facebook-feed").getAttribute("data-checked")).toBe("true");
    expect(await page.getByTestId("im-size-product-square").getAttribute("data-checked")).toBeNull();
    await shot(page, "im-1280-4-sizes");
    await page.getByTestId("im-step-copy").click();
    await onStep(page, "copy");
    expect(await page.getByTestId("im-copy-headline").inputValue()).toBe("Trail bottle: cold for 24 hours");
    await page.getByTestId("im-next").click();
    await onStep(page, "sizes");
    await page.getByTestId("im-next").click();

    // 5. Generate: two images that load, and what was counted.
    await onStep(page, "generate");
    await page.getByTestId("im-generate").click();
    await imagesLoaded(page, '[data-testid="im-results-img"]', 2);
    await expect.poll(() => page.getByTestId("im-charged").innerText()).toMatch(/Counted 2 images · \d+ left today/);
    const presets = await page.$$eval('[data-testid="im-results-img"]', (els) => els.map((e) => e.getAttribute("data-preset")).sort());
    expect(presets).toEqual(["facebook-feed", "instagram-post"]);
    await shot(page, "im-1280-5-generate");

    // Enlarged: the full image and its notes.
    await page.locator('[data-testid="im-results-item"] button').first().click();
    await imagesLoaded(page, '[data-testid="image-dialog-img"]', 1);
    await screenshotFor(page, "im-1280-5-dialog", { fullPage: false });
    await page.keyboard.press("Escape");

    // The results survive a reload too.
    await page.reload({ waitUntil: "load" });
    await hydrated(page);
    await onStep(page, "generate");
    await imagesLoaded(page, '[data-testid="im-results-img"]', 2);
    expect(await page.getByTestId("im-to-visuals").getAttribute("href")).toBe("/marketing-visuals?from=image-maker");

    expect(problems).toEqual([]);
  }, 240_000);

  it("at 375 px no step scrolls sideways, and a free merchant's Generate and Download open the upgrade modal", async () => {
    const { page, problems } = await merchant({ paid: false, width: 375 });
    await loadScreen(page, "/image-maker");
    await onStep(page, "product");
    await uploadPhoto(page);
    await noSidewaysScroll(page);
    await shot(page, "im-375-1-product");
    await page.getByTestId("im-next").click();

    await onStep(page, "style");
    await templatePreviewsReady(page);
    await page.getByTestId("im-template-studio").click();
    await noSidewaysScroll(page);
    await shot(page, "im-375-2-style");
    await page.getByTestId("im-next").click();

    await onStep(page, "copy");
    await expect.poll(() => page.getByTestId("im-copy-headline").inputValue(), { timeout: 20_000 }).not.toBe("");
    await expect.poll(() => page.getByTestId("im-copy-preview").getAttribute("data-state"), { timeout: 30_000 }).toBe("ready");
    await noSidewaysScroll(page);
    await shot(page, "im-375-3-copy");
    await page.getByTestId("im-next").click();

    await onStep(page, "sizes");
    await noSidewaysScroll(page);
    await shot(page, "im-375-4-sizes");
    await page.getByTestId("im-next").click();

    await onStep(page, "generate");
    await noSidewaysScroll(page);
    await page.getByTestId("im-generate").click();
    const modal = page.getByTestId("upgrade-modal");
    await modal.waitFor({ timeout: 10_000 });
    await shot(page, "im-375-5-generate-upgrade");
    await page.keyboard.press("Escape");
    await modal.waitFor({ state: "hidden" });
    // Closing the modal navigates (Remix); a reload that cuts that request short makes Remix log
    // "AbortError: BodyStreamBuffer was aborted" as a console error, so reload once it is done.
    await page.waitForFunction(() => {
      const { navigation, revalidation } = (window as unknown as { __remixRouter: { state: { navigation: { state: string }; revalidation: string } } }).__remixRouter.state;
      return navigation.state === "idle" && revalidation === "idle";
    });

    // A finished image in the draft (here the uploaded photo): Download asks to upgrade too.
    await page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.startsWith("image-maker-draft:"))!;
      const draft = JSON.parse(localStorage.getItem(key)!) as { photos: { id: string }[]; resultIds: string[] };
      draft.resultIds = [draft.photos[0].id];
      localStorage.setItem(key, JSON.stringify(draft));
    });
    await page.reload({ waitUntil: "load" });
    await hydrated(page);
    await onStep(page, "generate");
    await imagesLoaded(page, '[data-testid="im-results-img"]', 1);
    await noSidewaysScroll(page);
    await shot(page, "im-375-5-generate");
    await page.getByTestId("im-results-download").first().click();
    await modal.waitFor({ timeout: 10_000 });
    expect(await modal.innerText()).toMatch(/Download/i);

    expect(problems).toEqual([]);
  }, 240_000);
});
