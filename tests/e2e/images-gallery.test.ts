/**
 * The image gallery and free-form generation in Chromium against `wrangler dev` (the built-in
 * compositor renders). A paid merchant uploads a photo and generates a design in two sizes through
 * the API; on /images they see all three, filter by size, select two with a shift-click range
 * and download a zip, delete one (gone after a reload). /image-generation makes an image from a
 * prompt and shows the compositor's note that it drew a backdrop, not a photo. A merchant whose
 * plan ended (free) opens the upgrade modal from Download instead of fetching anything. At
 * 375 px nothing scrolls sideways. Screenshots at 1280 and 375 px land in /tmp.
 */
import { createHmac } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { apiData, baseURL, declineGrowthWelcome, hydrated, loadScreen, screenshotFor, setupBrowser, signUpThroughApi, xsrfOf } from "./helpers";
import { drawPng } from "./png";

const { openPage } = setupBrowser();
// The local webhook secret (app/server/platform/env.ts DEV_STRIPE_WEBHOOK_SECRET); wrangler dev runs with it.
const DEV_WEBHOOK_SECRET = "whsec_dropcraft_local_development_only";

// ---------------------------------------------------------------------------------------------
// A real PNG made here: a ceramic mug on a warm backdrop (truecolour, zlib-deflated rows).

function mugPng(width = 600, height = 600): Buffer {
  const cx = width * 0.46;
  return drawPng(width, height, (x, y) => {
    const t = y / height;
    let px = [244 - t * 30, 228 - t * 34, 210 - t * 40];
    const inBody = y > height * 0.3 && y < height * 0.78 && Math.abs(x - cx) < width * 0.2;
    const handle = Math.hypot(x - (cx + width * 0.22), y - height * 0.52);
    const inHandle = handle > width * 0.06 && handle < width * 0.1 && x > cx + width * 0.2;
    const shadow = Math.hypot((x - cx) / (width * 0.26), (y - height * 0.79) / (height * 0.03)) < 1;
    if (shadow) px = px.map((v) => v * 0.8);
    if (inBody || inHandle) {
      const shade = 1 - ((x - cx) / (width * 0.2)) ** 2 * 0.3;
      px = [40 * shade + 20, 96 * shade + 20, 160 * shade + 24];
    }
    return px;
  });
}

// ---------------------------------------------------------------------------------------------

type Img = { id: string; kind: string; presetId: string | null };

async function upload(context: BrowserContext, token: string): Promise<Img> {
  const res = await context.request.post(`${baseURL()}/api/uploads/images`, {
    multipart: { file: { name: "blue-mug.png", mimeType: "image/png", buffer: mugPng() } },
    headers: { authorization: `Bearer ${token}`, "x-xsrf-token": await xsrfOf(context) },
  });
  if (res.status() !== 201) throw new Error(`upload failed: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { data: Img }).data;
}

/** A studio design with the upload as its photo, in two sizes. */
async function generate(context: BrowserContext, token: string, photoId: string): Promise<Img[]> {
  const design = {
    template: "studio",
    headline: "Blue stoneware mug",
    subheadline: "Keeps coffee hot, feels great in the hand",
    priceCents: 2400,
    compareAtPriceCents: 3200,
    currency: "USD",
    cta: "Shop now",
    palette: { background: "#f4efe8", surface: "#ffffff", text: "#1d2433", accent: "#2f6fd6" },
    font: "system",
    photoImageId: photoId,
  };
  return apiData<Img[]>(context, token, "POST", "/api/images", {
    template: "studio",
    design,
    sizes: ["instagram-post", "facebook-feed"],
    count: 1,
  });
}

async function merchant(width: number) {
  const { page, context, problems } = await openPage("/help", { width });
  await declineGrowthWelcome(context);
  const { token, user } = await signUpThroughApi(context);
  await apiData(context, token, "POST", "/api/billing/dev-checkout", { interval: "monthly" });
  const photo = await upload(context, token);
  const made = await generate(context, token, photo.id);
  return { page, context, problems, token, user, photo, made };
}

/** Ends the dev subscription the way Stripe would: a signed customer.subscription.deleted to our webhook. */
async function endSubscription(context: BrowserContext, token: string, userId: number) {
  const status = await apiData<{ subscriptionId: string | null }>(context, token, "GET", "/api/subscription-status");
  const body = JSON.stringify({
    id: `evt_e2e_${Date.now()}`,
    type: "customer.subscription.deleted",
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: status.subscriptionId,
        object: "subscription",
        customer: `cus_dev_${userId}`,
        status: "canceled",
        metadata: { userId: String(userId) },
      },
    },
  });
  const t = Math.floor(Date.now() / 1000);
  const signature = `t=${t},v1=${createHmac("sha256", DEV_WEBHOOK_SECRET).update(`${t}.${body}`).digest("hex")}`;
  // Stripe calls without our cookies (a cookie-signed write would need the CSRF header).
  const res = await fetch(`${baseURL()}/api/webhooks/stripe`, {
    method: "POST",
    body,
    headers: { "content-type": "application/json", "stripe-signature": signature },
  });
  if (!res.ok) throw new Error(`webhook refused: ${res.status} ${await res.text()}`);
  const after = await apiData<{ plan: string }>(context, token, "GET", "/api/subscription-status");
  if (after.plan !== "free") throw new Error(`still on ${after.plan}`);
}

const cards = (page: Page) => page.getByTestId("gallery-card");

async function thumbnailsLoaded(page: Page) {
  await page.waitForFunction(
    () => {
      const imgs = [...document.querySelectorAll<HTMLImageElement>('[data-testid="gallery-card"] img')];
      return imgs.length > 0 && imgs.every((i) => i.complete && i.naturalWidth > 0);
    },
    undefined,
    { timeout: 30_000 },
  );
}

async function noSidewaysScroll(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll, "the page scrolls sideways").toBeLessThanOrEqual(client);
}

describe("/images gallery", () => {
  it("shows uploads and generations, filters by size, downloads two as a zip and deletes one", async () => {
    const { page, context, token, problems, photo, made } = await merchant(1280);
    const created = await apiData<{ page: { id: string } }>(context, token, "POST", "/api/pages", {
      product: {
        title: "Blue stoneware mug",
        description: "A 350 ml stoneware mug.",
        priceCents: 2400,
        currency: "USD",
      },
    });
    expect(made).toHaveLength(2);
    await loadScreen(page, "/images");
    await expect.poll(() => cards(page).count(), { timeout: 30_000 }).toBe(3);
    await thumbnailsLoaded(page);
    await screenshotFor(page, "images-gallery-1280");

    // Filter by size: only the Facebook feed image; the URL keeps the filter across a reload.
    await page.getByTestId("filter-size").selectOption("facebook-feed");
    await expect.poll(() => page.url()).toContain("size=facebook-feed");
    await expect.poll(() => cards(page).count(), { timeout: 15_000 }).toBe(1);
    expect(await cards(page).first().getAttribute("data-preset")).toBe("facebook-feed");
    await page.reload({ waitUntil: "load" });
    await hydrated(page);
    await expect.poll(() => cards(page).count(), { timeout: 30_000 }).toBe(1);
    await expect.poll(() => page.getByTestId("filter-size").inputValue()).toBe("facebook-feed");
    await page.getByTestId("clear-filters").click();
    await expect.poll(() => cards(page).count(), { timeout: 15_000 }).toBe(3);

    // Select the two generated images (newest first: they lead the grid) with a shift-click range.
    const generated = page.locator('[data-testid="gallery-card"][data-kind="generated"]');
    await expect.poll(() => generated.count()).toBe(2);
    await generated.nth(0).getByTestId("select-image").check();
    await generated
      .nth(1)
      .getByTestId("select-image")
      .click({ modifiers: ["Shift"] });
    await expect.poll(() => page.getByTestId("selected-count").textContent()).toBe("2 images selected");
    await screenshotFor(page, "images-gallery-1280-selected", { fullPage: false });

    const [download] = await Promise.all([
      page.waitForEvent("download", { timeout: 60_000 }),
      page.getByTestId("download-selected").click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.zip$/);
    const zip = await readFile((await download.path())!);
    expect(zip.subarray(0, 2).toString("latin1")).toBe("PK");

    // Delete one (the upload) through the confirm dialog; after a reload it is still gone.
    await page.getByRole("button", { name: "Clear selection" }).click();
    const uploadCard = page.locator(`[data-testid="gallery-card"][data-image-id="${photo.id}"]`);
    await uploadCard.getByTestId("select-image").check();
    await page.getByTestId("delete-selected").click();
    const confirm = page.getByTestId("delete-images-dialog");
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain("Delete this image?");
    await page.getByTestId("delete-images-dialog-confirm").click();
    await expect.poll(() => uploadCard.count()).toBe(0);
    await page.reload({ waitUntil: "load" });
    await hydrated(page);
    await expect.poll(() => cards(page).count(), { timeout: 30_000 }).toBe(2);
    expect(await uploadCard.count()).toBe(0);

    // The detail dialog: the full image (paid), its size and template.
    await cards(page).first().getByTestId("open-image").click();
    const detail = page.getByTestId("image-detail");
    await detail.waitFor();
    await expect.poll(() => detail.getByTestId("detail-image").getAttribute("src")).toMatch(/\/file$/);
    expect(await detail.textContent()).toContain("Studio");
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid="detail-image"]');
      return Boolean(img?.complete && img.naturalWidth > 0);
    });
    await screenshotFor(page, "images-gallery-1280-detail", { fullPage: false });

    // Use in page builder: the image's public address joins the page's product images.
    await detail.getByTestId("use-in-page-start").click();
    await detail.getByTestId("use-in-page-select").waitFor({ timeout: 15_000 });
    await detail.getByTestId("use-in-page-add").click();
    const open = detail.getByTestId("open-page-link");
    await open.waitFor({ timeout: 30_000 });
    expect(await open.getAttribute("href")).toBe(`/ai-page-builder?page=${created.page.id}`);
    const saved = await apiData<{ product: { images: string[] } }>(context, token, "GET", `/api/pages/${created.page.id}`);
    expect(saved.product.images).toHaveLength(1);
    expect(saved.product.images[0]).toMatch(/^https?:\/\//);
    await screenshotFor(page, "images-gallery-1280-used", { fullPage: false });
    expect(problems).toEqual([]);
  }, 240_000);

  it("makes an image from a prompt and shows the compositor's note", async () => {
    const { page, context, problems } = await openPage("/help", { width: 1280 });
    await declineGrowthWelcome(context);
    const { token } = await signUpThroughApi(context);
    await apiData(context, token, "POST", "/api/billing/dev-checkout", { interval: "monthly" });
    await loadScreen(page, "/image-generation");
    await page.getByTestId("provider-label").waitFor({ timeout: 30_000 });
    expect(await page.getByTestId("provider-label").textContent()).toBe("Built-in compositor (offline)");
    const prompt = "A sunlit marble countertop with soft morning shadows";
    await page.getByTestId("prompt-input").fill(prompt);
    expect(await page.getByTestId("prompt-count").textContent()).toBe(`${prompt.length} / 1,000`);
    await page.getByTestId("generate-button").click();
    await page.getByTestId("result-image").first().waitFor({ timeout: 90_000 });
    const notes = page.getByTestId("result-notes");
    await notes.waitFor();
    expect(await notes.textContent()).toContain("not a photo");
    expect(await page.getByTestId("charge-line").textContent()).toMatch(/^Used 1 image · \d+ images left today$/);
    // The prompt joins the history.
    await expect
      .poll(() => page.getByTestId("history-prompt").first().textContent(), { timeout: 15_000 })
      .toContain(prompt);
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('[data-testid="result-image"] img')].every(
        (i) => i.complete && i.naturalWidth > 0,
      ),
    );
    await screenshotFor(page, "images-gallery-generation-1280");

    await loadScreen(page, "/enhanced-image-generation");
    await page.getByTestId("tab-variations").waitFor();
    await page.getByTestId("picker-image").first().waitFor({ timeout: 30_000 });
    await screenshotFor(page, "images-gallery-enhanced-1280");
    expect(problems).toEqual([]);
  }, 180_000);

  it("a free merchant's Download opens the upgrade modal, and 375 px does not scroll sideways", async () => {
    const { page, context, problems, token, user } = await merchant(375);
    await endSubscription(context, token, user.id);
    const requests: string[] = [];
    page.on("request", (r) => {
      if (/\/download(-zip)?(\?|$)/.test(new URL(r.url()).pathname)) requests.push(r.url());
    });
    await loadScreen(page, "/images");
    await expect.poll(() => cards(page).count(), { timeout: 30_000 }).toBe(3);
    await thumbnailsLoaded(page);
    await noSidewaysScroll(page);
    await screenshotFor(page, "images-gallery-375");

    await page
      .locator('[data-testid="gallery-card"][data-kind="generated"]')
      .first()
      .getByTestId("select-image")
      .check();
    await page.getByTestId("download-selected").click();
    const modal = page.getByTestId("upgrade-modal");
    await modal.waitFor({ timeout: 10_000 });
    expect(requests).toEqual([]);
    await screenshotFor(page, "images-gallery-375-upgrade", { fullPage: false });
    await page.keyboard.press("Escape");
    await modal.waitFor({ state: "hidden" });

    // The detail dialog shows the preview and says why.
    await page.getByRole("button", { name: "Clear selection" }).click();
    await page.locator('[data-testid="gallery-card"][data-kind="generated"]').first().getByTestId("open-image").click();
    await page.getByTestId("image-detail").waitFor();
    await page.getByTestId("full-size-note").waitFor();
    await screenshotFor(page, "images-gallery-375-detail", { fullPage: false });
    await page.keyboard.press("Escape");

    for (const path of ["/image-generation", "/enhanced-image-generation"]) {
      await loadScreen(page, path);
      await page.getByTestId("capabilities-banner").waitFor();
      await noSidewaysScroll(page);
      await screenshotFor(page, `images-gallery-375${path.replace(/\//g, "-")}`);
    }
    expect(problems).toEqual([]);
  }, 240_000);
});
