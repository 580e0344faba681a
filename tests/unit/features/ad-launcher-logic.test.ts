import { describe, expect, it } from "vitest";
import type { AdAccount, LaunchProduct } from "~/domain/contracts/ad-launcher";
import { chargeSentence } from "~/features/ad-launcher/launch-objects";
import {
  budgetCents,
  budgetProblem,
  emptyDraft,
  fieldErrorsOf,
  firstOpenStep,
  launchBody,
  launchIdOf,
  reviewChecklist,
  stepProblems,
  type LaunchDraft,
  type StepContext,
} from "~/features/ad-launcher/launcher-logic";

const account: AdAccount = {
  adAccountId: "1234567890",
  pageId: "99887766",
  pageName: "Lamp Co",
  pixelId: null,
  name: "Lamp Co ads",
  currency: "USD",
  timeZone: "America/New_York",
  status: "active",
  isDev: true,
  connectedAt: "2026-11-28T10:00:00.000Z",
};
const product: LaunchProduct = {
  ref: "page:p1",
  source: "page",
  title: "Desk lamp",
  imageUrl: null,
  currency: "USD",
  priceCents: 3999,
  costCents: 1200,
  shippingCents: 400,
  destinations: [{ kind: "drop_page", url: "https://app.test/p/desk-lamp", label: "Drop page /p/desk-lamp" }],
};
const variant = { primaryText: "Meet the Desk lamp. Now $39.99.", headline: "Desk lamp", description: "Now $39.99", included: true };

function complete(): { draft: LaunchDraft; ctx: StepContext } {
  const draft: LaunchDraft = {
    ...emptyDraft("page:p1"),
    destinationUrl: "https://app.test/p/desk-lamp",
    creatives: { feed: "img-square" },
    copy: [variant, { ...variant, included: false }],
    dailyBudget: "25.5",
    name: "Desk lamp test",
  };
  const ctx: StepContext = {
    account,
    product,
    destination: { url: "https://app.test/p/desk-lamp", ok: true },
    images: new Map([
      ["img-square", { width: 1080, height: 1080 }],
      ["img-wide", { width: 1200, height: 628 }],
    ]),
  };
  return { draft, ctx };
}

describe("the budget field", () => {
  it("reads plain amounts with at most two decimals as cents", () => {
    expect(budgetCents("25")).toBe(2500);
    expect(budgetCents("25.5")).toBe(2550);
    expect(budgetCents(" 25,05 ")).toBe(2505);
    expect(budgetCents("25.555")).toBeNull();
    expect(budgetCents("$25")).toBeNull();
    expect(budgetCents("")).toBeNull();
  });

  it("names the problem: empty, not an amount, under Meta's minimum, over the cap", () => {
    expect(budgetProblem("", "USD")).toBe("Set a daily budget.");
    expect(budgetProblem("abc", "USD")).toMatch(/like 25 or 25.50/);
    expect(budgetProblem("0.50", "USD")).toBe("The daily budget must be at least $1.00.");
    expect(budgetProblem("10000.01", "USD")).toBe("The daily budget must be at most $10,000.00.");
    expect(budgetProblem("1", "USD")).toBeNull();
  });
});

describe("step validation", () => {
  it("passes every step of a complete draft", () => {
    const { draft, ctx } = complete();
    for (const step of ["account", "product", "creatives", "copy", "audience", "review"] as const) expect(stepProblems(step, draft, ctx), step).toEqual([]);
    expect(firstOpenStep(draft, ctx)).toBe("review");
  });

  it("holds the account step until an account is connected and active at Meta", () => {
    const { draft, ctx } = complete();
    expect(stepProblems("account", draft, { ...ctx, account: null })).toEqual(["Connect an ad account."]);
    expect(stepProblems("account", draft, { ...ctx, account: { ...account, status: "disabled" } })[0]).toMatch(/disabled at Meta/);
    expect(firstOpenStep(draft, { ...ctx, account: null })).toBe("account");
  });

  it("asks for a checked, answering destination: a URL typed after the check needs a new check", () => {
    const { draft, ctx } = complete();
    expect(stepProblems("product", { ...draft, destinationUrl: "" }, ctx)).toEqual(["Pick where the ad leads."]);
    expect(stepProblems("product", { ...draft, destinationUrl: "https://app.test/p/other" }, ctx)).toEqual(["Check that the destination answers."]);
    expect(stepProblems("product", draft, { ...ctx, destination: { url: draft.destinationUrl, ok: false } })).toEqual(["The destination does not answer: pick or fix another."]);
    expect(stepProblems("product", { ...draft, productRef: null }, ctx)).toContain("Pick a product to advertise.");
  });

  it("wants one image per placement it runs, in the placement's shape", () => {
    const { draft, ctx } = complete();
    expect(stepProblems("creatives", { ...draft, creatives: {} }, ctx)).toEqual(["Pick an image for at least one placement."]);
    expect(stepProblems("creatives", { ...draft, creatives: { feed: "img-wide" } }, ctx)).toEqual(["The image for Feed (1:1) does not fit that shape."]);
    expect(stepProblems("creatives", { ...draft, creatives: { feed: "img-square", link: "img-wide" } }, ctx)).toEqual([]);
  });

  it("keeps at least one filled copy variant within Meta's caps", () => {
    const { draft, ctx } = complete();
    expect(stepProblems("copy", { ...draft, copy: [] }, ctx)[0]).toMatch(/Write the copy/);
    expect(stepProblems("copy", { ...draft, copy: draft.copy.map((v) => ({ ...v, included: false })) }, ctx)).toEqual(["Keep at least one copy variant."]);
    expect(stepProblems("copy", { ...draft, copy: [{ ...variant, headline: " " }] }, ctx)).toEqual(["Variant 1: Headline is empty."]);
    expect(stepProblems("copy", { ...draft, copy: [{ ...variant, headline: "x".repeat(256) }] }, ctx)).toEqual(["Variant 1: Headline is over Meta's 255-character cap."]);
    // Past the recommended 40 characters is allowed: it may be cut off, and the counter says so.
    expect(stepProblems("copy", { ...draft, copy: [{ ...variant, headline: "x".repeat(60) }] }, ctx)).toEqual([]);
  });

  it("checks the audience and the budget", () => {
    const { draft, ctx } = complete();
    expect(stepProblems("audience", { ...draft, countries: [], ageMin: 40, ageMax: 30, dailyBudget: "" }, ctx)).toEqual([
      "Pick at least one country.",
      "The youngest age must not be above the oldest.",
      "Set a daily budget.",
    ]);
  });
});

describe("the review checklist", () => {
  it("is all done when the destination answered, every image loaded, the copy fits and the budget is set", () => {
    const { draft, ctx } = complete();
    const items = reviewChecklist(draft, ctx, { "img-square": "loaded" });
    expect(items.map((i) => [i.id, i.ok])).toEqual([
      ["destination", true],
      ["images", true],
      ["copy", true],
      ["budget", true],
    ]);
    expect(items[3].detail).toBe("$25.50 a day.");
    expect(items[2].detail).toBe("1 variant within Meta's recommended lengths.");
  });

  it("waits for images to load and names the placement whose image failed", () => {
    const { draft, ctx } = complete();
    expect(reviewChecklist(draft, ctx, {})[1]).toMatchObject({ ok: false, detail: "Loading the previews…" });
    expect(reviewChecklist(draft, ctx, { "img-square": "failed" })[1]).toMatchObject({ ok: false, detail: "Did not load: Feed (1:1)." });
  });

  it("says copy past the recommended length may be cut off, and fails a destination that did not answer", () => {
    const { draft, ctx } = complete();
    const long = reviewChecklist({ ...draft, copy: [{ ...variant, primaryText: "y".repeat(130) }] }, ctx, { "img-square": "loaded" });
    expect(long[2]).toMatchObject({ ok: true, detail: expect.stringMatching(/1 field is past the recommended length/) });
    expect(reviewChecklist(draft, { ...ctx, destination: null }, {})[0].ok).toBe(false);
  });
});

describe("the launch body", () => {
  it("carries the placements filled, the kept copy trimmed, the audience and the budget in cents", () => {
    const { draft } = complete();
    const body = launchBody({ ...draft, copy: [{ ...variant, headline: "  Desk lamp  " }, { ...variant, included: false }], creatives: { link: "img-wide", feed: "img-square" } });
    expect(body).toEqual({
      name: "Desk lamp test",
      productRef: "page:p1",
      destinationUrl: "https://app.test/p/desk-lamp",
      creatives: [
        { placement: "feed", imageId: "img-square" },
        { placement: "link", imageId: "img-wide" },
      ],
      copy: [{ primaryText: variant.primaryText, headline: "Desk lamp", description: "Now $39.99" }],
      callToAction: "SHOP_NOW",
      audience: { countries: ["US"], ageMin: 18, ageMax: 65, gender: "all", advantageAudience: true },
      dailyBudgetCents: 2550,
    });
  });
});

describe("reading the server's answers", () => {
  it("maps a VALIDATION answer's fields and a failed launch's id", () => {
    const body = JSON.stringify({ type: "VALIDATION", details: { fields: [{ path: "pageId", message: "Facebook Page id must be digits" }], launchId: "l-1" } });
    expect(fieldErrorsOf(body)).toEqual({ pageId: "Facebook Page id must be digits" });
    expect(launchIdOf(body)).toBe("l-1");
    expect(fieldErrorsOf("not json")).toEqual({});
    expect(launchIdOf(undefined)).toBeNull();
  });

  it("says what a launch counted in the counter's words", () => {
    expect(chargeSentence({ counter: "launchers", count: 1, remaining: 19 })).toBe("1 ad launch counted, 19 launches left today.");
    expect(chargeSentence({ counter: "launchers", count: 1, remaining: 1 })).toBe("1 ad launch counted, 1 launch left today.");
  });
});

describe("where a visual made in the launcher belongs", () => {
  it("names a page by pageId and a catalog product or import by productId, keeping ids whole", async () => {
    const { visualTarget } = await import("~/features/ad-launcher/creatives-step");
    expect(visualTarget({ ...product, ref: "page:pg_123" })).toEqual({ pageId: "pg_123" });
    expect(visualTarget({ ...product, ref: "catalog:P-0001" })).toEqual({ productId: "P-0001" });
    expect(visualTarget({ ...product, ref: "import:I-AB:12" })).toEqual({ productId: "I-AB:12" });
  });
});
