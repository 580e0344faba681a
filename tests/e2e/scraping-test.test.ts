import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { UrlInspection } from "~/domain/contracts/url-inspections";
import { extractProduct } from "~/server/web/product-extractor";
import type { GuardedFetcher } from "~/server/web/url-guard";
import { baseURL, gotoSettled, hydrated, screenshotFor, setupBrowser, signUpThroughApi } from "./helpers";

const { openPage } = setupBrowser();

describe("scraping test", () => {
  it("inspects the cloud metadata address and shows the guard's refusal naming it, with no request made", async () => {
    const { page, context, problems } = await openPage("/help");
    await signUpThroughApi(context);
    await gotoSettled(page, `${baseURL()}/scraping-test`);
    await hydrated(page);
    await page.getByRole("heading", { level: 1, name: "Scraping Test" }).waitFor();
    await page.getByText("Nothing inspected yet").waitFor();

    // An empty field is refused next to the field, before anything is sent.
    await page.getByTestId("inspection-submit").click();
    await expect.poll(() => page.getByText("Paste the address of a product page or a store.").isVisible()).toBe(true);

    await page.getByTestId("inspection-url").fill("http://169.254.169.254/latest/meta-data/");
    await page.getByTestId("inspection-url").press("Enter");
    const decision = page.getByTestId("inspection-decision");
    await decision.waitFor();
    await expect.poll(() => decision.innerText()).toContain("Refused");
    await expect.poll(() => page.getByTestId("inspection-decision-code").innerText()).toBe("metadata");
    const message = await page.getByTestId("inspection-decision-message").innerText();
    expect(message).toContain("Refused http://169.254.169.254/latest/meta-data/");
    expect(message).toMatch(/cloud metadata address \(link-local\)/);
    expect(message).toContain("169.254.169.254");
    await expect.poll(() => page.getByTestId("inspection-hops").innerText()).toMatch(/169\.254\.169\.254[\s\S]*Refused/);
    // Refused before any request: nothing was fetched, so there is no extraction.
    await expect(page.getByTestId("inspection-fields").count()).resolves.toBe(0);

    // An example fills the field; a loopback address written as a number is refused as loopback.
    await page.getByTestId("inspection-example-decimal").click();
    await expect(page.getByTestId("inspection-url").inputValue()).resolves.toBe("http://2130706433/");
    await page.getByTestId("inspection-submit").click();
    await expect.poll(() => page.getByTestId("inspection-decision-code").innerText()).toBe("loopback");
    await expect.poll(() => page.getByTestId("inspection-decision-message").innerText()).toContain("127.0.0.1 written as 2130706433");

    // A new test replaces the last one's result, even one that stops at the field: no old verdict stays under the new error.
    await page.getByTestId("inspection-url").fill("   ");
    await page.getByTestId("inspection-submit").click();
    await expect.poll(() => page.getByText("Paste the address of a product page or a store.").isVisible()).toBe(true);
    await page.getByText("Nothing inspected yet").waitFor();
    await expect(page.getByTestId("inspection-decision").count()).resolves.toBe(0);

    expect(problems).toEqual([]);
    await context.close();
  });

  it("is usable at 375 px: nothing wider than the screen", async () => {
    const { page, context, problems } = await openPage("/help", { width: 375, height: 812 });
    await signUpThroughApi(context);
    await gotoSettled(page, `${baseURL()}/scraping-test`);
    await hydrated(page);
    await page.getByTestId("inspection-example-metadata").click();
    await page.getByTestId("inspection-submit").click();
    await page.getByTestId("inspection-decision-message").waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("shows an extraction field by field with sources, variants, thumbnails and requests (the answer made by the real extractor from a saved page)", async () => {
    // The browser's wrangler dev has no fake store to reach, so the API answer is built here by the
    // real extractor over the saved Shopify theme page, and handed to the page for its request.
    const url = "https://harbor-candle.example/pages/driftwood";
    const html = readFileSync(path.join(import.meta.dirname, "../fixtures/product-pages/shopify-theme.html"), "utf8");
    const fetcher: GuardedFetcher = async (target) => ({
      finalUrl: target, status: 200, contentType: "text/html", body: html, data: new Uint8Array(), bytes: html.length,
      hops: [{ url: target, status: 200 }], timings: { totalMs: 140 },
    });
    const extraction = await extractProduct(url, fetcher);
    const answer: UrlInspection = { url, decision: { allowed: true, url, hops: [{ url, status: 200 }] }, extraction, timings: { totalMs: 150 } };
    const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

    for (const width of [1440, 375]) {
      const { page, context, problems } = await openPage("/help", { width });
      await signUpThroughApi(context);
      await page.route("**/api/url-inspections?*", (route) => route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify(answer) }));
      await page.route("**/api/url-inspections/image?*", (route) => route.fulfill({ status: 200, contentType: "image/png", body: png }));
      await gotoSettled(page, `${baseURL()}/scraping-test`);
      await hydrated(page);
      await page.getByTestId("inspection-url").fill(url);
      await page.getByTestId("inspection-submit").click();
      const fields = page.getByTestId("inspection-fields");
      await fields.waitFor();
      const text = await fields.innerText();
      expect(text).toContain("Sea Salt & Driftwood Soy Candle");
      expect(text).toContain("$24.00");
      expect(text).toContain("$30.00");
      expect(text).toContain("JSON-LD");
      expect(text).toContain("8 of 8 fields");
      await expect.poll(() => page.getByTestId("inspection-variants").innerText()).toMatch(/16 oz[\s\S]*\$38\.00[\s\S]*Sold out/);
      await expect.poll(() => page.getByTestId("inspection-images").locator("img").count()).toBe(2);
      await expect.poll(() => page.getByTestId("inspection-sources").innerText()).toMatch(/The page[\s\S]*Read[\s\S]*HTTP 200/);
      if (width === 375) {
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      }
      await screenshotFor(page, `scraping-test-${width}`);
      expect(problems).toEqual([]);
      await context.close();
    }
  });
});
