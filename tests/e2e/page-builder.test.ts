/**
 * /ai-page-builder in Chromium against `wrangler dev`: a product link (a tiny product page served
 * here on loopback, which the e2e worker's URL guard lets through on its explicit port) becomes a
 * draft; the title is changed in place, a section hidden, undone and redone (buttons and keys);
 * the edits survive a reload and reach the preview frame; publish, and a signed-out visitor sees
 * the edited title. The free plan's Generate opens the upgrade modal (the client's check, and the
 * server's FORBIDDEN answer when the client thinks the plan is paid). 375 px without overflow.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiData, declineGrowthWelcome, hydrated, loadScreen, pageBuilderSaved as saved, setupBrowser, signUpThroughApi } from "./helpers";

const { openPage } = setupBrowser();

const PRODUCT = {
  name: "Trail Bottle 750 ml",
  description:
    "A double-wall steel bottle that keeps water cold for 24 hours.\n\nLeak-proof lid with a carry loop; fits every cup holder.",
  image: "https://cdn.example.com/trail-bottle.jpg",
};

const PIXEL = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

/** One product page with JSON-LD, as a store renders it; everything else (Shopify's JSON endpoints) is a 404. */
function productHtml() {
  const ld = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: PRODUCT.name,
    description: PRODUCT.description,
    image: [PRODUCT.image],
    offers: { "@type": "Offer", price: "24.00", priceCurrency: "USD", availability: "https://schema.org/InStock" },
  };
  return `<!doctype html><html><head><title>${PRODUCT.name}</title><script type="application/ld+json">${JSON.stringify(ld)}</script></head><body><h1>${PRODUCT.name}</h1></body></html>`;
}

let store: Server;
let storeUrl = "";
beforeAll(async () => {
  store = createServer((req, res) => {
    if (req.url === "/products/trail-bottle") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(productHtml());
    } else {
      res.writeHead(404, { "content-type": "text/plain" });
      res.end("not found");
    }
  });
  await new Promise<void>((resolve) => store.listen(0, "127.0.0.1", resolve));
  storeUrl = `http://127.0.0.1:${(store.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => store.close(() => resolve())));

const hiddenCount = (page: Page) => page.locator('[data-testid="pb-section"][data-hidden]').count();

describe("/ai-page-builder", () => {
  it("turns a product link into a page, edits it with undo and redo, publishes it, and a signed-out visitor sees the edit", async () => {
    const { page, context, problems } = await openPage("/help", { width: 1280, height: 900 });
    // The product's image host does not exist offline: the browser gets a 1×1 PNG for it (the preview frame loads it).
    await context.route("https://cdn.example.com/**", (route) =>
      route.fulfill({ contentType: "image/png", body: PIXEL }),
    );
    await signUpThroughApi(context);
    await loadScreen(page, "/ai-page-builder");
    await page.getByTestId("pb-recent").or(page.getByText("No pages yet")).waitFor({ timeout: 30_000 });

    // The link: the guard and the extractor read it, then the editor opens at ?page=<id>.
    await page.getByTestId("pb-source-url").fill(`${storeUrl}/products/trail-bottle`);
    await page.getByTestId("pb-source-submit").click();
    await page.waitForURL(/\/ai-page-builder\?page=/, { timeout: 30_000 });
    const extraction = page.getByTestId("pb-extraction");
    await extraction.waitFor();
    await expect(extraction.getByLabel("Found").innerText()).resolves.toMatch(
      /Title[\s\S]*Description[\s\S]*Images[\s\S]*Price/,
    );
    await expect(page.getByTestId("pb-title").inputValue()).resolves.toBe(PRODUCT.name);
    await expect(page.getByTestId("pb-buy-url").inputValue()).resolves.toBe(`${storeUrl}/products/trail-bottle`);
    await expect(page.getByTestId("pb-images").innerText()).resolves.toContain("trail-bottle.jpg");
    const pageId = new URL(page.url()).searchParams.get("page")!;

    // The title, in place: the heading follows it and autosave confirms.
    const edited = `Summit Bottle ${Date.now().toString(36)}`;
    await page.getByTestId("pb-title").fill(edited);
    await expect.poll(() => page.getByTestId("pb-heading").innerText()).toBe(edited);
    await saved(page);

    // Hide the first shown section, undo (button), redo (keys), undo (keys), redo (button).
    await page.getByTestId("pb-tab-sections").click();
    const before = await hiddenCount(page);
    const firstShown = page.locator('[data-testid="pb-section"]:not([data-hidden])').first();
    const kind = await firstShown.getAttribute("data-kind");
    expect(kind).toBe("hero");
    await firstShown.getByTestId("pb-section-visibility").click();
    await expect.poll(() => hiddenCount(page)).toBe(before + 1);
    await page.getByTestId("pb-undo").click();
    await expect.poll(() => hiddenCount(page)).toBe(before);
    await page.keyboard.press("Control+Shift+z");
    await expect.poll(() => hiddenCount(page)).toBe(before + 1);
    await page.keyboard.press("Control+z");
    await expect.poll(() => hiddenCount(page)).toBe(before);
    await page.getByTestId("pb-redo").click();
    await expect.poll(() => hiddenCount(page)).toBe(before + 1);
    await saved(page);

    // Reload-safe: the address opens the same page with both edits saved.
    await loadScreen(page, `/ai-page-builder?page=${pageId}`);
    await expect.poll(() => page.getByTestId("pb-title").inputValue(), { timeout: 30_000 }).toBe(edited);
    await page.getByTestId("pb-tab-sections").click();
    await expect(
      page.locator('[data-testid="pb-section"][data-kind="hero"]').getAttribute("data-hidden"),
    ).resolves.toBe("true");
    // Show the hero again so the public page leads with the edited title.
    await page.locator('[data-testid="pb-section"][data-kind="hero"]').getByTestId("pb-section-visibility").click();
    await saved(page);

    // The preview frame is the rendered drop page of the last save.
    const frame = page.getByTestId("pb-preview-frame");
    await expect.poll(() => frame.getAttribute("src"), { timeout: 20_000 }).toMatch(/\/preview\//);
    await expect
      .poll(() => page.frameLocator('[data-testid="pb-preview-frame"]').locator("h1").first().innerText(), {
        timeout: 20_000,
      })
      .toBe(edited);

    // Publish: the public address shows, and a fresh signed-out browser sees the edit.
    await page.getByTestId("pb-publish").click();
    const publicLink = page.getByTestId("pb-public-url");
    await publicLink.waitFor({ timeout: 20_000 });
    const publicUrl = (await publicLink.getAttribute("href"))!;
    expect(publicUrl).toMatch(/\/p\/[a-z0-9-]+$/);

    const visitor = await context.browser()!.newContext();
    await visitor.route("https://cdn.example.com/**", (route) =>
      route.fulfill({ contentType: "image/png", body: PIXEL }),
    );
    const visit = await visitor.newPage();
    const answer = await visit.goto(publicUrl, { waitUntil: "load" });
    expect(answer?.status()).toBe(200);
    await expect(visit.locator("h1").first().innerText()).resolves.toBe(edited);
    await expect(visit.content()).resolves.not.toContain(PRODUCT.name);
    await visitor.close();

    // The recent list offers it again.
    await loadScreen(page, "/ai-page-builder");
    await expect.poll(() => page.getByTestId("pb-recent").innerText(), { timeout: 30_000 }).toContain(edited);

    expect(problems).toEqual([]);
    await context.close();
  });

  it("reorders sections by dragging (mouse, then keyboard), changes the page's address and an image's alt text, and the published page has all three", async () => {
    const { page, context, problems } = await openPage("/help", { width: 1440, height: 1100 });
    await context.route("https://cdn.example.com/**", (route) =>
      route.fulfill({ contentType: "image/png", body: PIXEL }),
    );
    const { token } = await signUpThroughApi(context);
    const product = {
      title: "Trail Bottle 750 ml",
      description: PRODUCT.description,
      images: [PRODUCT.image],
      priceCents: 2400,
      currency: "USD",
    };
    const created = (await apiData(context, token, "POST", "/api/pages", { product })) as { page: { id: string } };
    await apiData(context, token, "PATCH", `/api/pages/${created.page.id}`, { buyUrl: "https://shop.example/buy" });
    // Another page of the same merchant holds an address this one will try.
    const other = (await apiData(context, token, "POST", "/api/pages", { product: { title: "Other page" } })) as {
      page: { slug: string };
    };
    await loadScreen(page, `/ai-page-builder?page=${created.page.id}`);
    await page.getByTestId("pb-title").waitFor({ timeout: 30_000 });

    const order = () =>
      page
        .locator('[data-testid="pb-section"]')
        .evaluateAll((els) => els.map((e) => e.getAttribute("data-section-id")!));
    await page.getByTestId("pb-tab-sections").click();
    // Fold the open card so every card is one row.
    await page.locator('[data-testid="pb-section"] [aria-expanded="true"]').click();
    const start = await order();
    expect(start.length).toBeGreaterThanOrEqual(4);

    // Mouse: the hero's handle, dragged past the benefits (both on the page: the preview shows it).
    const handle = page.locator('[data-testid="pb-section"]').nth(0).getByTestId("pb-section-handle");
    const from = (await handle.boundingBox())!;
    const target = (await page.locator('[data-testid="pb-section"]').nth(1).boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 10, { steps: 4 });
    await page.mouse.move(from.x + from.width / 2, target.y + target.height / 2 + 6, { steps: 12 });
    await page.mouse.up();
    expect(start.slice(0, 2)).toEqual(["hero-1", "benefits-1"]);
    const dragged = [start[1], start[0], ...start.slice(2)];
    await expect.poll(order).toEqual(dragged);
    await saved(page);

    // The preview (the rendered drop page of the last save) shows the new order; sections without
    // content are not on the page, so the order is compared over the ones it renders.
    const previewOrder = () =>
      page
        .frameLocator('[data-testid="pb-preview-frame"]')
        .locator("section[id]")
        .evaluateAll((els) => els.map((e) => e.id));
    await expect
      .poll(async () => (await previewOrder()).slice(0, 2), { timeout: 20_000 })
      .toEqual(["benefits-1", "hero-1"]);
    const rendered = await previewOrder();
    expect(rendered).toEqual(dragged.filter((id) => rendered.includes(id)));

    // Survives a reload.
    await loadScreen(page, `/ai-page-builder?page=${created.page.id}`);
    await page.getByTestId("pb-tab-sections").click();
    await expect.poll(order, { timeout: 30_000 }).toEqual(dragged);
    await page.locator('[data-testid="pb-section"] [aria-expanded="true"]').click();

    // Keyboard: the fourth section's handle, Space, ArrowUp, Space: it swaps with the third.
    const keyHandle = page.locator('[data-testid="pb-section"]').nth(3).getByTestId("pb-section-handle");
    await keyHandle.focus();
    // With the card low in the view, the card above is in the lower half too: the sensor moves the
    // card there at once instead of first scrolling the view towards it (smoothly, which a test would race).
    // Instant: the page scrolls smoothly by default, and a drag picked up mid-scroll measures the cards
    // where they were (CI once saw ArrowUp land on the card's own place).
    await keyHandle.evaluate((el) => el.scrollIntoView({ block: "end", behavior: "instant" }));
    await page.keyboard.press("Space");
    await page.locator("[data-dragging]").waitFor();
    await expect
      .poll(() => page.locator('[id^="DndLiveRegion"]').innerText(), { timeout: 10_000 })
      .toMatch(/position 4 of \d+\.$/);
    // The screen reader hears where it is. When the card above sits in the upper half of the
    // view, dnd-kit's keyboard sensor scrolls the window on the first ArrowUp instead of moving
    // (CI saw "over position 4" after one press): a second press then moves, as it would for a
    // merchant. An extra press after a move would reach position 2, which the order check catches.
    const overThird = () => page.locator('[id^="DndLiveRegion"]').innerText().then((t) => /is over position 3 of \d+\./.test(t));
    for (let press = 1; press <= 3; press++) {
      await page.keyboard.press("ArrowUp");
      if (await expect.poll(overThird, { timeout: 4_000 }).toBe(true).then(() => true, () => false)) break;
      expect(press, "ArrowUp never reached position 3").toBeLessThan(3);
    }
    await page.keyboard.press("Space");
    await page.locator("[data-dragging]").waitFor({ state: "detached" });
    const keyed = [dragged[0], dragged[1], dragged[3], dragged[2], ...dragged.slice(4)];
    await expect.poll(order).toEqual(keyed);
    await saved(page);

    // Undo takes the keyboard move back, redo brings it again (the same history as the buttons).
    await page.getByTestId("pb-undo").click();
    await expect.poll(order).toEqual(dragged);
    await page.getByTestId("pb-redo").click();
    await expect.poll(order).toEqual(keyed);
    await saved(page);

    // The alt text: empty, with the product title as placeholder, a counter to 512.
    await page.getByTestId("pb-tab-product").click();
    const alt = page.getByTestId("pb-image-alt").first();
    await expect(alt.inputValue()).resolves.toBe("");
    await expect(alt.getAttribute("placeholder")).resolves.toBe(product.title);
    // The server drops this save (503): the editor says it is trying again, and does, by itself.
    const savesOfThisPage = (url: URL) => url.pathname === `/api/pages/${created.page.id}`;
    const answered: number[] = [];
    await page.route(savesOfThisPage, async (route) => {
      if (route.request().method() !== "PATCH") return route.fallback();
      if (answered.length === 0) {
        answered.push(503);
        return route.fulfill({
          status: 503,
          contentType: "application/json",
          body: JSON.stringify({ type: "UNAVAILABLE", message: "The database is busy. Try again shortly." }),
        });
      }
      const response = await route.fetch();
      answered.push(response.status());
      return route.fulfill({ response });
    });
    const altText = "Steel bottle standing on a granite trail rock";
    await alt.fill(altText);
    await expect.poll(() => page.getByText(`${altText.length}/512`).count()).toBe(1);
    await expect
      .poll(() => page.getByTestId("pb-save-state").getAttribute("data-state"), { timeout: 10_000 })
      .toBe("retrying");
    await expect(page.getByTestId("pb-save-state").innerText()).resolves.toContain("Couldn’t save, trying again");
    await saved(page);
    await page.unroute(savesOfThisPage);
    expect(answered).toEqual([503, 200]);

    // The address: a taken one is refused in place; the field normalises as it is typed.
    await page.getByTestId("pb-address-edit").click();
    const slugInput = page.getByTestId("pb-address-input");
    await slugInput.fill(other.page.slug);
    await page.getByTestId("pb-address-save").click();
    await expect
      .poll(() => page.getByTestId("pb-address-form").innerText(), { timeout: 20_000 })
      .toContain(`The address /p/${other.page.slug} is taken: choose another.`);
    const suffix = Date.now().toString(36);
    await slugInput.fill(`Summer Trail ${suffix.toUpperCase()}`);
    await expect(slugInput.inputValue()).resolves.toBe(`summer-trail-${suffix}`);
    await page.getByTestId("pb-address-save").click();
    await expect
      .poll(() => page.getByTestId("pb-address-path").innerText(), { timeout: 20_000 })
      .toBe(`/p/summer-trail-${suffix}`);

    // Publish, then a signed-out visitor opens the new address: the sections in order, the alt text on the image.
    await page.getByTestId("pb-publish").click();
    const publicLink = page.getByTestId("pb-public-url");
    await publicLink.waitFor({ timeout: 20_000 });
    const publicUrl = (await publicLink.getAttribute("href"))!;
    expect(publicUrl).toMatch(new RegExp(`/p/summer-trail-${suffix}$`));
    const visitor = await context.browser()!.newContext();
    await visitor.route("https://cdn.example.com/**", (route) =>
      route.fulfill({ contentType: "image/png", body: PIXEL }),
    );
    const visit = await visitor.newPage();
    expect((await visit.goto(publicUrl, { waitUntil: "load" }))?.status()).toBe(200);
    await expect(visit.locator("img").first().getAttribute("alt")).resolves.toBe(altText);
    const publicOrder = await visit.locator("section[id]").evaluateAll((els) => els.map((e) => e.id));
    expect(publicOrder.slice(0, 2)).toEqual(["benefits-1", "hero-1"]);
    expect(publicOrder).toEqual(keyed.filter((id) => publicOrder.includes(id)));
    await visitor.close();

    // A live page's address changes only after a warning that old links stop working.
    await page.getByTestId("pb-address-edit").click();
    await page.getByTestId("pb-address-input").fill(`autumn-trail-${suffix}`);
    await page.getByTestId("pb-address-save").click();
    const warning = page.getByTestId("pb-address-confirm");
    await warning.waitFor();
    await expect(warning.innerText()).resolves.toContain(`Links to /p/summer-trail-${suffix} stop working`);
    await warning.getByRole("button", { name: "Cancel" }).click();
    await warning.waitFor({ state: "detached" });
    await expect(page.getByTestId("pb-published").isVisible()).resolves.toBe(true);

    // The taken address's 409 is the browser's own resource line, not an error of the page.
    // The refused address (409) and the dropped save (503) are the browser's only complaints.
    expect(problems.filter((p) => !/status of (409|503)/.test(p))).toEqual([]);
    await context.close();
  });

  it("opens the upgrade modal for Generate on the free plan, from the plan it knows and from the server's refusal", async () => {
    const { page, context, problems } = await openPage("/help", { width: 1280, height: 900 });
    await signUpThroughApi(context);
    await loadScreen(page, "/ai-page-builder");

    // Typed by hand this time.
    await page.getByTestId("pb-by-hand-open").click();
    await page.getByTestId("pb-hand-title").fill("Folding phone stand");
    await page.getByRole("button", { name: "Create the page" }).click();
    await page.waitForURL(/\?page=/, { timeout: 30_000 });
    await page.getByTestId("pb-title").waitFor();

    // The client knows the plan is free: the modal opens without asking the server.
    await expect
      .poll(() => page.getByTestId("pb-generate").getAttribute("data-plan"), { timeout: 20_000 })
      .toBe("free");
    await page.getByTestId("pb-generate").click();
    const modal = page.getByTestId("upgrade-modal");
    await modal.waitFor();
    await expect(modal.locator("[data-feature]").getAttribute("data-feature")).resolves.toBe("generate");
    await expect(modal.innerText()).resolves.toContain("Write your page with AI");
    await page.getByTestId("upgrade-modal-continue-free").click();
    await modal.waitFor({ state: "detached" });

    // When the browser believes the plan is paid, the server's FORBIDDEN (details.upgrade) opens it too, with its words.
    await page.route(/\/api\/subscription-status/, async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as { data: Record<string, unknown> };
      await route.fulfill({
        response: res,
        json: { ...body, data: { ...body.data, plan: "pro", hasActiveSubscription: true } },
      });
    });
    await declineGrowthWelcome(page);
    await page.reload({ waitUntil: "load" });
    await hydrated(page);
    await expect
      .poll(() => page.getByTestId("pb-generate").getAttribute("data-plan"), { timeout: 20_000 })
      .toBe("paid");
    const refused = page.waitForResponse((r) => r.url().includes("/generate") && r.request().method() === "POST");
    await page.getByTestId("pb-generate").click();
    expect((await refused).status()).toBe(403);
    await modal.waitFor();
    await expect(modal.locator("[data-feature]").getAttribute("data-feature")).resolves.toBe("generate");
    await expect(modal.innerText()).resolves.toContain("Growth and Elite plans");

    // The failed request's console line is the request client's warning, not an error.
    expect(problems.filter((p) => !/status of 403/.test(p))).toEqual([]);
    await context.close();
  });

  it("fits 375 px: nothing wider than the screen, the main controls in reach, the preview a toggle away", async () => {
    const { page, context, problems } = await openPage("/help", { width: 375, height: 812 });
    const { token } = await signUpThroughApi(context);
    const created = (await apiData(context, token, "POST", "/api/pages", {
      product: {
        title: "Magnetic cable organiser, 6-pack",
        description: "Keeps six cables on the desk edge.\n\nSilicone, no glue.",
        priceCents: 1299,
        currency: "USD",
      },
    })) as { page: { id: string } };
    await loadScreen(page, `/ai-page-builder?page=${created.page.id}`);
    await page.getByTestId("pb-title").waitFor({ timeout: 30_000 });

    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth);
    await expect(overflow()).resolves.toBeLessThanOrEqual(375);
    for (const id of ["pb-publish", "pb-generate", "pb-export-menu", "pb-undo", "pb-view-preview"]) {
      const box = await page.getByTestId(id).boundingBox();
      expect(box, id).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    }
    // The preview is hidden while editing, shown by the toggle, and fits.
    await expect(page.getByTestId("pb-preview").isVisible()).resolves.toBe(false);
    await page.getByTestId("pb-view-preview").click();
    await page.getByTestId("pb-preview-frame").waitFor({ timeout: 20_000 });
    await page.getByRole("radio", { name: "Phone" }).click();
    await expect(overflow()).resolves.toBeLessThanOrEqual(375);
    await page.getByTestId("pb-view-edit").click();

    // Sections and theme stack within the screen too.
    await page.getByTestId("pb-tab-sections").click();
    await page.getByTestId("pb-sections-panel").waitFor();
    await expect(overflow()).resolves.toBeLessThanOrEqual(375);
    await page.getByTestId("pb-tab-theme").click();
    await page.getByTestId("pb-theme-panel").waitFor();
    await expect(overflow()).resolves.toBeLessThanOrEqual(375);

    expect(problems).toEqual([]);
    await context.close();
  });
});
