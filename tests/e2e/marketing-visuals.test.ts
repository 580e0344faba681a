/**
 * Marketing visuals in Chromium against `wrangler dev`: a paid merchant uploads a photo, keeps
 * Instagram post, Story and Facebook feed, sees each live preview with its safe zone, and
 * generates the three in one go; the results are three PNGs whose natural sizes have their
 * presets' proportions (the full files are saved to /tmp to look at). At 375 px nothing scrolls
 * sideways, and a free merchant's Generate opens the upgrade modal.
 */
import { writeFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { presetById } from "~/domain/images";
import { apiData, baseURL, declineGrowthWelcome, loadScreen, setupBrowser, signUpThroughApi } from "./helpers";

const { openPage } = setupBrowser();
const CHOSEN = ["instagram-post", "instagram-story", "facebook-feed"] as const;
const OTHERS = ["tiktok", "pinterest"] as const;

/** A product photo drawn on a canvas in the page (a real 640×640 PNG): a bottle on a soft backdrop. */
async function productPng(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const c = document.createElement("canvas");
    c.width = c.height = 640;
    const g = c.getContext("2d")!;
    const bg = g.createLinearGradient(0, 0, 0, 640);
    bg.addColorStop(0, "#f3efe8");
    bg.addColorStop(1, "#ddd6cb");
    g.fillStyle = bg;
    g.fillRect(0, 0, 640, 640);
    g.fillStyle = "rgba(0,0,0,0.18)";
    g.beginPath();
    g.ellipse(320, 560, 140, 18, 0, 0, Math.PI * 2);
    g.fill();
    const body = g.createLinearGradient(210, 0, 430, 0);
    body.addColorStop(0, "#145a60");
    body.addColorStop(0.3, "#2a9aa3");
    body.addColorStop(1, "#0d3f44");
    g.fillStyle = body;
    g.beginPath();
    g.roundRect(212, 170, 216, 385, 40);
    g.fill();
    g.fillStyle = "#f7f3ec";
    g.fillRect(212, 320, 216, 110);
    g.fillStyle = "#26262e";
    g.beginPath();
    g.roundRect(262, 110, 116, 70, 12);
    g.fill();
    const blob = await new Promise<Blob>((r) => c.toBlob((b) => r(b!), "image/png"));
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let bin = "";
    for (const b of bytes) bin += String.fromCharCode(b);
    return btoa(bin);
  });
  return Buffer.from(base64, "base64");
}

async function previewsReady(page: Page, ids: readonly string[]) {
  for (const id of ids)
    await expect.poll(() => page.getByTestId(`mv-preview-${id}`).getAttribute("data-state"), { timeout: 60_000 }).toBe("ready");
}

async function setPresets(page: Page) {
  for (const id of CHOSEN) if (!(await page.getByTestId(`mv-preset-${id}`).getAttribute("data-checked"))) await page.getByTestId(`mv-preset-${id}`).click();
  for (const id of OTHERS) if (await page.getByTestId(`mv-preset-${id}`).getAttribute("data-checked")) await page.getByTestId(`mv-preset-${id}`).click();
}

describe("marketing visuals", () => {
  it("makes one design in three presets whose PNGs have the presets' proportions", async () => {
    const { page, context, problems } = await openPage("/help", { width: 1280, height: 900 });
    const { token } = await signUpThroughApi(context);
    await apiData(context, token, "POST", "/api/billing/dev-checkout", { interval: "monthly" });
    await declineGrowthWelcome(page);
    await loadScreen(page, "/marketing-visuals");
    await page.getByTestId("marketing-visuals").waitFor();

    await page.getByTestId("mv-upload-input").setInputFiles({ name: "trail-bottle.png", mimeType: "image/png", buffer: await productPng(page) });
    await expect
      .poll(() => page.$$eval('[data-testid="mv-photo"]', (els) => (els as HTMLImageElement[]).filter((i) => i.complete && i.naturalWidth > 0).length), { timeout: 60_000 })
      .toBe(1);
    await page.getByTestId("mv-template-sale").click();
    const headline = page.getByTestId("mv-copy-headline");
    await expect.poll(() => headline.inputValue(), { timeout: 20_000 }).not.toBe("");
    await headline.fill("Cold for 24 hours");
    await page.getByTestId("mv-copy-price").fill("24.00");
    await page.getByTestId("mv-copy-compare-at").fill("39.00");
    await setPresets(page);

    // Each chosen preset previews live with its safe zone drawn; the toggle hides them.
    await previewsReady(page, CHOSEN);
    await page.waitForTimeout(800);
    await previewsReady(page, CHOSEN);
    for (const id of CHOSEN) expect(await page.getByTestId(`mv-preview-${id}-safe-zone`).count()).toBe(1);
    await page.screenshot({ path: "/tmp/mv-1280-design.png", fullPage: true });
    await page.getByTestId("mv-safe-toggle").click();
    expect(await page.getByTestId("mv-preview-instagram-story-safe-zone").count()).toBe(0);
    await page.getByTestId("mv-safe-toggle").click();
    await expect.poll(() => page.getByTestId("mv-generate").innerText()).toContain("Generate 3 visuals");

    await page.getByTestId("mv-generate").click();
    const imgs = '[data-testid="mv-results-img"]';
    await expect
      .poll(() => page.$$eval(imgs, (els) => (els as HTMLImageElement[]).filter((i) => i.complete && i.naturalWidth > 0).length), { timeout: 90_000 })
      .toBe(3);
    await expect.poll(() => page.getByTestId("mv-charged").innerText()).toMatch(/Counted 3 visuals · \d+ left today/);
    const shown = await page.$$eval(imgs, (els) =>
      (els as HTMLImageElement[]).map((i) => ({ preset: i.dataset.preset!, width: i.naturalWidth, height: i.naturalHeight })),
    );
    expect(shown.map((s) => s.preset).sort()).toEqual([...CHOSEN].sort());
    for (const s of shown) {
      const p = presetById(s.preset)!;
      expect(Math.abs(s.width / s.height - p.width / p.height)).toBeLessThan(0.01);
    }
    await page.screenshot({ path: "/tmp/mv-1280-results.png", fullPage: true });

    // The full PNGs, at the presets' exact sizes, saved to look at.
    const images = (await apiData(context, token, "GET", "/api/images?kind=visual")) as { id: string; presetId: string; width: number; height: number; fileUrl: string }[];
    for (const id of CHOSEN) {
      const image = images.find((i) => i.presetId === id)!;
      const p = presetById(id)!;
      expect([image.width, image.height]).toEqual([p.width, p.height]);
      const file = await context.request.get(`${baseURL()}${image.fileUrl}`, { headers: { authorization: `Bearer ${token}` } });
      expect(file.status()).toBe(200);
      const bytes = await file.body();
      // PNG signature, then IHDR's width and height.
      expect(bytes.subarray(1, 4).toString("ascii")).toBe("PNG");
      expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([p.width, p.height]);
      writeFileSync(`/tmp/mv-${id}.png`, bytes);
    }
    // In the browser too: the enlarged story is the full 1080×1920 file.
    await page.locator('[data-testid="mv-results-item"]', { has: page.locator('[data-preset="instagram-story"]') }).locator("button").first().click();
    await expect
      .poll(() => page.$eval('[data-testid="image-dialog-img"]', (i) => [(i as HTMLImageElement).naturalWidth, (i as HTMLImageElement).naturalHeight]), { timeout: 30_000 })
      .toEqual([1080, 1920]);
    await page.keyboard.press("Escape");

    expect(problems).toEqual([]);
  }, 240_000);

  it("at 375 px nothing scrolls sideways, and a free merchant's Generate opens the upgrade modal", async () => {
    const { page, context, problems } = await openPage("/help", { width: 375, height: 800 });
    await signUpThroughApi(context);
    await loadScreen(page, "/marketing-visuals");
    await page.getByTestId("marketing-visuals").waitFor();
    await expect.poll(() => page.getByTestId("mv-copy-headline").inputValue(), { timeout: 20_000 }).not.toBe("");
    await setPresets(page);
    await previewsReady(page, CHOSEN);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: "/tmp/mv-375.png", fullPage: true });
    await page.getByTestId("mv-generate").click();
    await page.getByTestId("upgrade-modal").waitFor({ timeout: 10_000 });
    expect(problems).toEqual([]);
  }, 180_000);
});
