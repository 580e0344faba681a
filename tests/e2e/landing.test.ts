import { describe, expect, it } from "vitest";
import { generateCatalog } from "~/server/market/catalog";
import { hydrated, setupBrowser } from "./helpers";

const { openPage } = setupBrowser();

const FOOTER_LINKS: [string, string][] = [
  ["Home", "/"],
  ["Affiliate Program", "/invite-earn"],
  ["Privacy", "/privacy"],
  ["Terms", "/terms"],
  ["Refund Policy", "/refund-policy"],
  ["Cookie Policy", "/cookie-policy"],
  ["Security Policy", "/security-policy"],
  ["Sign Up", "/signup"],
  ["Login", "/login"],
  ["Pricing", "/upgrade"],
];

describe("landing page at 1440 px", () => {
  it("renders the hero, stats, FAQ and every footer link", async () => {
    const { page, problems, context } = await openPage("/");
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1 }).count()).resolves.toBe(1);
    await expect(page.getByRole("link", { name: "GET STARTED" }).getAttribute("href")).resolves.toBe("/signup");
    await expect(page.getByRole("link", { name: "TRY FREE NOW" }).getAttribute("href")).resolves.toBe("/signup");
    // The headline numbers are the library's own counts, as seeded (the seed writes the generated sample catalog).
    const sample = generateCatalog();
    const stats = await page.locator("section[aria-labelledby=stats-title]").innerText();
    const figure = (label: string) => new RegExp(`${label}\\n[^\\n]*\\n([\\d,]+)`).exec(stats)?.[1];
    expect(figure("Products tracked")).toBe(sample.products.length.toLocaleString("en-US"));
    expect(figure("Ads in the library")).toBe(sample.ads.length.toLocaleString("en-US"));
    expect(figure("Niches scored")).toBe(sample.niches.length.toLocaleString("en-US"));
    // Nothing invented about the product: no rating, no made-up customer count; samples say they are samples.
    const body = await page.locator("body").innerText();
    expect(body).not.toMatch(/\d(\.\d)?\/5|\d[\d,]*\+\s+(entrepreneurs|dropshippers|merchants)|million ads/);
    expect(body).toContain("Sample testimonials");
    expect(body).toContain("Sample brand names, for illustration");

    const footer = page.getByTestId("site-footer");
    for (const [name, href] of FOOTER_LINKS) {
      const link = footer.getByRole("link", { name, exact: true });
      await expect(link.getAttribute("href")).resolves.toBe(href);
    }
    await expect(footer.innerText()).resolves.toContain("© 2025");
    expect(problems.filter((p) => !p.includes("404"))).toEqual([]);
    await context.close();
  });

  it("makes the nav transparent at the top and dark past 10 px", async () => {
    const { page, context } = await openPage("/");
    await hydrated(page);
    const nav = page.locator("nav[data-scrolled]").first();
    await expect(nav.getAttribute("data-scrolled")).resolves.toBe("false");
    await page.mouse.wheel(0, 400);
    await page.waitForFunction(() => document.querySelector("nav[data-scrolled]")?.getAttribute("data-scrolled") === "true");
    await page.evaluate(() => window.scrollTo(0, 5));
    await page.waitForFunction(() => document.querySelector("nav[data-scrolled]")?.getAttribute("data-scrolled") === "false");
    await context.close();
  });

  it("expands an FAQ item", async () => {
    const { page, context } = await openPage("/");
    await hydrated(page);
    const first = page.getByTestId("faq-list").locator("details").first();
    await expect(first.evaluate((d) => (d as HTMLDetailsElement).open)).resolves.toBe(false);
    await first.locator("summary").click();
    await expect(first.evaluate((d) => (d as HTMLDetailsElement).open)).resolves.toBe(true);
    await context.close();
  });

  it("moves nothing for good without a way to stop it: 3 testimonials per view pause on hover and stop on interaction, the brand names have a pause button, the sales ping ends", async () => {
    const { page, context } = await openPage("/");
    await hydrated(page);
    // WCAG 2.2.2: of the page's CSS animations, only the brand names run past 5 s, and a button
    // pauses them (the hero image's loading spinner shows only until the image has loaded).
    await page.waitForFunction(() => document.querySelector('[data-testid="dashboard-preview"]')?.getAttribute("data-state") === "loaded");
    const endless = () =>
      page.evaluate(() =>
        document
          .getAnimations()
          .filter((a) => !(Number(a.effect!.getComputedTiming().endTime) <= 5_000))
          .map((a) => { const el = (a.effect as KeyframeEffect).target as HTMLElement; return `${el.dataset.testid ?? `${el.tagName} ${el.className}`} ${a.playState}`; }),
      );
    await expect(endless()).resolves.toEqual(["logo-marquee running"]);
    await expect(page.getByTestId("live-sales-ping").first().evaluate((el) => el.getAnimations()[0]?.effect?.getComputedTiming().iterations)).resolves.toBe(3);
    const pauseNames = page.getByRole("button", { name: "Pause the scrolling names" });
    await pauseNames.click();
    await expect(pauseNames.getAttribute("aria-pressed")).resolves.toBe("true");
    await expect(endless()).resolves.toEqual(["logo-marquee paused"]);
    await page.mouse.move(0, 0); // away, so the testimonials below are not hovered

    const slider = page.getByTestId("testimonial-slider");
    await slider.scrollIntoViewIfNeeded();
    await expect(slider.getAttribute("data-slides-per-view")).resolves.toBe("3");
    await expect(slider.getAttribute("data-autoplay")).resolves.toBe("running");
    await slider.hover();
    await page.waitForFunction(() => document.querySelector('[data-testid="testimonial-slider"]')?.getAttribute("data-autoplay") === "paused");
    await page.mouse.move(0, 0);
    await page.getByTestId("slider-next").click();
    await page.waitForFunction(() => document.querySelector('[data-testid="testimonial-slider"]')?.getAttribute("data-autoplay") === "stopped");
    await expect(slider.getAttribute("data-index")).resolves.toBe("1");
    await context.close();
  });

  it("draws repeated icons from the page's sprite: every <use> finds its icon and paints it", async () => {
    const { page, context } = await openPage("/");
    await hydrated(page);
    const uses = await page.evaluate(() =>
      [...document.querySelectorAll("use")].map((use) => {
        const href = use.getAttribute("href") ?? "";
        const shown = (use.ownerSVGElement?.getBoundingClientRect().width ?? 0) > 0;
        return { href, found: href.startsWith("#") && document.getElementById(href.slice(1)) !== null, shown, painted: use.getBBox().width > 0 };
      }),
    );
    expect(uses.length).toBeGreaterThan(50);
    expect(uses.filter((u) => !u.found)).toEqual([]);
    expect(uses.filter((u) => u.shown && !u.painted)).toEqual([]);
    await context.close();
  });

  it("toggles the theme, persists it and keeps the body class in step", async () => {
    const { page, context } = await openPage("/");
    await hydrated(page);
    expect(await page.evaluate(() => [document.documentElement.className, document.body.classList.contains("dark")])).toEqual([
      "dark",
      true,
    ]);
    await page.getByRole("button", { name: "Switch to light theme" }).click();
    await page.waitForFunction(() => document.body.classList.contains("light"));
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("light");
    await page.reload({ waitUntil: "domcontentloaded" });
    // No flash: the server renders the stored theme from its cookie before any script runs.
    expect(await page.evaluate(() => document.documentElement.classList.contains("light"))).toBe(true);
    await context.close();
  });
});

describe("landing page at 375 px", () => {
  it("opens the mobile menu and closes it after a link is chosen", async () => {
    const { page, problems, context } = await openPage("/", { width: 375, height: 812 });
    await hydrated(page);
    await expect(page.getByTestId("testimonial-slider").getAttribute("data-slides-per-view")).resolves.toBe("1.1");
    const toggle = page.getByRole("button", { name: "Open menu" });
    await toggle.click();
    const menu = page.locator("#landing-mobile-menu");
    await menu.waitFor({ state: "visible" });
    await expect(page.getByRole("button", { name: "Close menu" }).getAttribute("aria-expanded")).resolves.toBe("true");
    await menu.getByRole("link", { name: "Features" }).click();
    await page.waitForFunction(() => !document.querySelector("#landing-mobile-menu") || (document.querySelector("#landing-mobile-menu") as HTMLElement).offsetParent === null);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(problems.filter((p) => !p.includes("404"))).toEqual([]);
    await context.close();
  });
});
