import { describe, expect, it } from "vitest";
import { ANALYST_ID, ANALYST_LABEL, answerConversation, detectIntent, PRODUCT_TABLE_HEADER } from "~/server/ai/analyst";
import { createAnalyst, splitIntoChunks } from "~/server/ai/built-in-analyst";
import { checkGrounding } from "~/server/ai/grounding";
import type { ChatTurn, Citation, ReplyEvent } from "~/server/ai/types";
import {
  adsForProduct,
  adsInNiche,
  generateCatalog,
  getCatalog,
  getNiche,
  getProduct,
  installCatalog,
  listNiches,
  nicheStats,
  productsInNiche,
  type Product,
} from "~/server/market/catalog";
import { NICHE_SEEDS } from "~/server/market/niche-seeds";

// The analyst is tested alone here, on the generated catalog D1 is seeded from
// (tests/integration/shared-catalog.test.ts proves the catalog read back from D1 equals it).
const generated = generateCatalog();
installCatalog(generated);

// ---------------------------------------------------------------------------------------------
// Helpers: talk to the provider and read its markdown back
// ---------------------------------------------------------------------------------------------

function conversation(...userTurns: string[]): ChatTurn[] {
  // Earlier answers are filler: the analyst must take context from the user's turns.
  return userTurns.flatMap((content, i) =>
    i < userTurns.length - 1
      ? [
          { role: "user" as const, content },
          { role: "assistant" as const, content: "(earlier answer)" },
        ]
      : [{ role: "user" as const, content }],
  );
}

async function collect(events: AsyncIterable<ReplyEvent>): Promise<ReplyEvent[]> {
  const out: ReplyEvent[] = [];
  for await (const event of events) out.push(event);
  return out;
}

async function ask(...userTurns: string[]) {
  const events = await collect(createAnalyst().reply({ messages: conversation(...userTurns) }));
  const markdown = events.flatMap((e) => (e.type === "delta" ? [e.text] : [])).join("");
  const summary = events.find((e) => e.type === "summary") as { text: string } | undefined;
  const citations =
    (events.find((e) => e.type === "citations") as { citations: Citation[] } | undefined)?.citations ?? [];
  return { events, markdown, summary: summary?.text, citations };
}

interface Table {
  header: string[];
  rows: string[][];
}

function tablesIn(markdown: string): Table[] {
  const tables: Table[] = [];
  let block: string[] = [];
  for (const line of [...markdown.split("\n"), ""]) {
    if (line.startsWith("|")) {
      block.push(line);
      continue;
    }
    if (block.length >= 2) {
      const [head, , ...rows] = block.map((l) =>
        l
          .slice(1, -1)
          .split(" | ")
          .map((c) => c.trim()),
      );
      tables.push({ header: head, rows });
    }
    block = [];
  }
  return tables;
}

function productTables(markdown: string): Table[] {
  return tablesIn(markdown).filter((t) => t.header.join("|") === PRODUCT_TABLE_HEADER.join("|"));
}

/** Numbers written in text, with catalog ids, "4-week" / "the last 4 weeks" and "YYYY-MM" months taken out. */
function numbersIn(text: string): number[] {
  const cleaned = text
    .replace(/\b[PAS]-\d{3,5}\b/g, " ")
    .replace(/\b4-week\b|\blast 4 weeks\b|\bthe 4 (weeks )?before\b/g, " ")
    .replace(/\b\d{4}-\d{2}\b/g, " ");
  return (cleaned.match(/-?\d[\d,]*(?:\.\d+)?/g) ?? []).map((n) => Number(n.replace(/,/g, "")));
}

const money = (cents: number) => Math.round(cents) / 100;
const usd = (cents: number) => `$${(cents / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ",")}`;
const count = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/** Every figure a product row may show, computed here from the stored fields. */
function productFigures(p: Product): number[] {
  const margin = p.priceCents - p.costCents;
  return [
    money(p.priceCents),
    money(p.costCents),
    money(margin),
    Math.round((margin / p.priceCents) * 100),
    p.monthlyOrders,
    p.trendPct,
    p.adCount,
  ];
}

function nicheFigures(nicheId: string): number[] {
  const s = nicheStats(nicheId)!;
  return [
    s.productCount,
    money(s.minPriceCents),
    money(s.medianPriceCents),
    money(s.maxPriceCents),
    s.avgMarginPct,
    s.totalMonthlyOrders,
    s.medianTrendPct,
    s.lowCompetitionCount,
    s.avgShippingDays,
    s.adCount,
    s.storeCount,
  ];
}

function citedProducts(citations: Citation[]): Product[] {
  return citations.flatMap((c) => {
    const id = /· (P-\d{4}) /.exec(c.title)?.[1];
    return id ? [getProduct(id)!] : [];
  });
}

/** Checks every product row against the catalog entry it names; returns the products shown. */
function expectProductRowsFromCatalog(markdown: string, citations: Citation[]): Product[] {
  const tables = productTables(markdown);
  expect(tables.length).toBeGreaterThan(0);
  const cited = new Set(citedProducts(citations).map((p) => p.id));
  const shown: Product[] = [];
  for (const table of tables) {
    for (const row of table.rows) {
      const [id, name, price, cost, margin, orders, trend, competition] = row;
      const p = getProduct(id);
      expect(p, `row ${row.join(" | ")}`).toBeDefined();
      shown.push(p!);
      expect(cited.has(id), `${id} is cited`).toBe(true);
      expect(name).toBe(p!.name);
      expect(price).toBe(usd(p!.priceCents));
      expect(cost).toBe(usd(p!.costCents));
      expect(margin).toBe(
        `${usd(p!.priceCents - p!.costCents)} (${Math.round(((p!.priceCents - p!.costCents) / p!.priceCents) * 100)}%)`,
      );
      expect(orders).toBe(count(p!.monthlyOrders));
      expect(trend).toBe(`${p!.trendPct > 0 ? "+" : ""}${p!.trendPct}%`);
      expect(competition).toBe(`${p!.competition} (${p!.adCount} ${p!.adCount === 1 ? "active ad" : "active ads"})`);
      // And, whatever the format: no figure in the row that the product does not hold.
      const allowed = new Set(productFigures(p!));
      for (const n of numbersIn(row.slice(2).join(" "))) expect(allowed.has(n), `${n} in row ${id}`).toBe(true);
    }
  }
  return shown;
}

// ---------------------------------------------------------------------------------------------

describe("the analyst provider", () => {
  it("says what it is", () => {
    const analyst = createAnalyst();
    expect(analyst.id).toBe(ANALYST_ID);
    expect(analyst.id).toBe("analyst");
    expect(analyst.label).toBe("Built-in analyst (offline, sample data)");
    expect(ANALYST_LABEL).toMatch(/offline/);
  });

  it("streams the summary first (as the answer card shows it), then several deltas, then the citations, then its memory", async () => {
    const { events, markdown } = await ask("Find winning products in pet supplies");
    const types = events.map((e) => e.type);
    expect(types[0]).toBe("summary");
    const deltas = types.slice(1, -2);
    expect(deltas.length).toBeGreaterThan(5);
    expect(deltas.every((t) => t === "delta")).toBe(true);
    expect(types.at(-2)).toBe("citations");
    // The memory is last: what the answer listed, for "the second one" next.
    const memory = events.at(-1);
    expect(memory?.type).toBe("memory");
    const listed = memory?.type === "memory" ? memory.memory.list.map((s) => (s.kind === "product" ? s.id : "")) : [];
    expect(listed.length).toBeGreaterThanOrEqual(5);
    expect(markdown).toContain(`| ${listed[0]} |`);
    expect(
      events
        .filter((e) => e.type === "delta")
        .every((e) => e.type === "delta" && e.text.length <= 40 && e.text.length > 0),
    ).toBe(true);
    expect(markdown).toBe(answerConversation(conversation("Find winning products in pet supplies")).markdown);
  });

  it("splits text into pieces that join back exactly", () => {
    const text =
      "## Heading\n\nA fairly long line of text that needs to be split into pieces.\n| a | b |\nverylongwordwithoutanyspacesatallthatgoesonandon\n";
    const pieces = splitIntoChunks(text, 20);
    expect(pieces.join("")).toBe(text);
    expect(pieces.every((p) => p.length <= 20)).toBe(true);
    expect(splitIntoChunks("")).toEqual([]);
  });
});

describe("winning-product answers", () => {
  it("shows only figures the catalog holds for the cited products", async () => {
    for (const question of [
      "Find winning products in pet supplies",
      "what are the best yoga mat products?",
      "trending phone case ideas",
    ]) {
      const { markdown, citations } = await ask(question);
      const shown = expectProductRowsFromCatalog(markdown, citations);
      expect(shown.length).toBeGreaterThanOrEqual(5);
    }
  });

  it("answers about the right niche, from its own products, ranked as it says", async () => {
    const { markdown, citations } = await ask("find winning products in pet supplies");
    expect(markdown).toMatch(/^## Winning products in Pet supplies/);
    expect(markdown).toMatch(/sample catalog/i);
    expect(markdown).toMatch(/not live market data/i);
    const shown = expectProductRowsFromCatalog(markdown, citations);
    expect(shown.every((p) => p.nicheId === "pet-supplies")).toBe(true);
    const best = productsInNiche("pet-supplies")
      .filter((p) => p.competition !== "saturated" && p.trendPct >= 0)
      .sort((a, b) => b.monthlyOrders * b.marginCents - a.monthlyOrders * a.marginCents)[0];
    expect(shown[0].id).toBe(best.id);
    expect(markdown).toMatch(/### Next steps/);
    expect(
      citations.every(
        (c) => c.source === "sample-catalog" && c.url === undefined && c.title.startsWith("Sample catalog · "),
      ),
    ).toBe(true);
  });

  it("writes no number anywhere that the cited products and their niche do not hold", async () => {
    const { markdown, summary, citations } = await ask("Find winning products in kitchen gadgets");
    // The one rule for every answer (app/server/ai/grounding.ts): cited records' figures, counts up to 10, shown arithmetic.
    expect(checkGrounding(`${markdown}\n${summary}`, citations).ungrounded).toEqual([]);
    expect(citations.some((c) => c.record?.kind === "niche" && c.record.id === "kitchen-gadgets")).toBe(true);
    expect(summary).toMatch(/Kitchen gadgets/);
  });
});

describe("intent routing", () => {
  it.each([
    ["Find winning products in home fitness", "products"],
    ["Compare pet supplies vs jewelry", "compare"],
    ["Which niche is best?", "compare"],
    ["What margins do kitchen gadgets have?", "pricing"],
    ["How much should I charge for the lick mat?", "pricing"],
    ["Give me ad hooks for the yoga mat", "ads"],
    ["Which TikTok angles work for skincare?", "ads"],
    ["Who are the competitors in jewelry?", "stores"],
    ["Write a product page for the pet brush", "copy"],
    ["Write a description for a phone case", "copy"],
    ["hello", "help"],
    ["what can you do?", "help"],
    ["find winning products in vintage tractors", "no-match"],
  ])("routes %j to %s", (question, intent) => {
    expect(answerConversation(conversation(question)).intent).toBe(intent);
  });

  it("detects task words without a subject", () => {
    expect(detectIntent("write ad hooks")).toBe("ads");
    expect(detectIntent("what about their stores")).toBe("stores");
    expect(detectIntent("thanks")).toBeNull();
  });
});

describe("comparisons", () => {
  it("compares the named niches with their own statistics", async () => {
    const { markdown, summary, citations } = await ask("compare pet supplies and kitchen gadgets");
    const table = tablesIn(markdown).find((t) => t.header[0] === "Niche")!;
    expect(table.rows.map((r) => r[0]).sort()).toEqual(["Kitchen gadgets", "Pet supplies"]);
    for (const row of table.rows) {
      const niche = listNiches().find((n) => n.name === row[0])!;
      const s = nicheStats(niche.id)!;
      expect(row[1]).toBe(String(s.productCount));
      expect(row[2]).toBe(usd(s.medianPriceCents));
      expect(row[3]).toBe(`${s.avgMarginPct}%`);
      expect(row[4]).toBe(count(s.totalMonthlyOrders));
    }
    const allowed = new Set([
      ...nicheFigures("pet-supplies"),
      ...nicheFigures("kitchen-gadgets"),
      ...citedProducts(citations).flatMap(productFigures),
    ]);
    // Small counts ("leads on 3 of them") are the only numbers not taken from the catalog.
    for (const n of numbersIn(`${markdown}\n${summary}`))
      expect(allowed.has(n) || (Number.isInteger(n) && n >= 0 && n <= 4), `${n}`).toBe(true);
    expectProductRowsFromCatalog(markdown, citations);
  });
});

describe("pricing answers", () => {
  it("works out margins at each price point from the product's cost", async () => {
    const { markdown, citations } = await ask("How should I price the lick mat?");
    const [product] = expectProductRowsFromCatalog(markdown, citations);
    expect(product.productType).toBe("lick mat");
    const points = tablesIn(markdown).find((t) => t.header[0] === "Price point")!;
    expect(points.rows.length).toBe(4);
    for (const [, price, margin, pct] of points.rows) {
      const priceCents = Math.round(Number(price.replace(/[$,]/g, "")) * 100);
      const marginCents = priceCents - product.costCents;
      // Worked out, so the cell shows its arithmetic (a loss is a negative margin).
      const shown = marginCents >= 0 ? usd(marginCents) : `-${usd(-marginCents)}`;
      expect(margin).toBe(`${price} − ${usd(product.costCents)} = ${shown}`);
      expect(pct).toBe(`${shown} ÷ ${price} = ${Math.round((marginCents / priceCents) * 100)}%`);
    }
    const s = nicheStats(product.nicheId)!;
    const prices = points.rows.map((r) => r[1]);
    expect(prices).toEqual(
      expect.arrayContaining([
        usd(s.minPriceCents),
        usd(s.medianPriceCents),
        usd(s.maxPriceCents),
        usd(product.priceCents),
      ]),
    );
  });
});

describe("ad answers", () => {
  it("lists real catalog ads of the niche with their own figures", async () => {
    const { markdown, summary, citations } = await ask("ad angles for skincare");
    const ads = tablesIn(markdown).find((t) => t.header[0] === "Ad")!;
    const skincareAds = new Map(adsInNiche("skincare").map((a) => [a.id, a]));
    expect(ads.rows.length).toBeGreaterThan(0);
    for (const [id, , platform, , hook, running, views, engagement] of ads.rows) {
      const ad = skincareAds.get(id);
      expect(ad, id).toBeDefined();
      expect(platform).toBe(ad!.platform);
      expect(hook).toBe(`"${ad!.hook}"`);
      expect(running).toBe(`${ad!.daysRunning} days`);
      expect(views).toBe(count(ad!.views));
      expect(engagement).toBe(`${ad!.engagementRatePct}%`);
      expect(citations.map((c) => c.title)).toContainEqual(expect.stringContaining(id));
    }
    expectProductRowsFromCatalog(markdown, citations);
    expect(summary).toMatch(/sample/i);
    // The niche's ad count comes from the niche's record; the leading platform is named, not counted.
    expect(markdown).toContain(`The sample catalog holds ${count(adsInNiche("skincare").length)} ads for skincare. The most engaging first:`);
    expect(citations.some((c) => c.record?.kind === "niche" && c.record.id === "skincare")).toBe(true);
    const perPlatform = new Map<string, number>();
    for (const ad of adsInNiche("skincare")) perPlatform.set(ad.platform, (perPlatform.get(ad.platform) ?? 0) + 1);
    const most = Math.max(...perPlatform.values());
    const leaders = [...perPlatform].filter(([, n]) => n === most).map(([platform]) => platform);
    expect(markdown).toMatch(new RegExp(`\\*\\*Where they run:\\*\\* ${leaders.sort().join(" and ")} carr`));
    expect(checkGrounding(`${markdown}\n${summary}`, citations).ungrounded).toEqual([]);
  });

  it("counts a product's own ads from its record, however many it has", () => {
    const busiest = getCatalog()
      .products.slice()
      .sort((a, b) => adsForProduct(b.id).length - adsForProduct(a.id).length || a.id.localeCompare(b.id))[0];
    expect(adsForProduct(busiest.id).length).toBeGreaterThan(10);
    const answer = answerConversation(conversation(`ad hooks for ${busiest.id}`));
    expect(answer.markdown).toMatch(new RegExp(`^## Ad angles for ${busiest.name}`));
    expect(answer.markdown).toContain(`holds ${adsForProduct(busiest.id).length} ads for the`);
    // Its active ones are the record's active-ads figure, the one the Explorer shows.
    expect(answer.markdown).toContain(`${busiest.adCount} of them still active`);
    expect(checkGrounding(`${answer.markdown}\n${answer.summary}`, answer.citations ?? []).ungrounded).toEqual([]);
  });
});

describe("store answers", () => {
  it("lists the niche's sample stores with their catalog figures", async () => {
    const { markdown, citations } = await ask("who are the competitors in jewelry?");
    const stores = tablesIn(markdown).find((t) => t.header[0] === "Store")!;
    const catalogStores = getCatalog().stores.filter((s) => s.nicheId === "jewelry");
    expect(stores.rows).toHaveLength(catalogStores.length);
    for (const row of stores.rows) {
      const store = catalogStores.find((s) => row[0] === `${s.id} ${s.name}`)!;
      expect(store).toBeDefined();
      expect(row[3]).toBe(count(store.productCount));
      expect(row[4]).toBe(`$${count(store.estMonthlyRevenueUsd)}`);
      expect(row[5]).toBe(store.launchMonth);
    }
    expect(markdown).toMatch(/sample stores, not real shops/);
    // The count it states is the niche's, from the niche's record it cites.
    expect(markdown).toContain(`The sample catalog lists ${catalogStores.length} competitor stores for jewelry.`);
    expect(citations.some((c) => c.record?.kind === "niche" && c.record.id === "jewelry")).toBe(true);
    expect(checkGrounding(markdown, citations).ungrounded).toEqual([]);
    expectProductRowsFromCatalog(markdown, citations);
  });

  it("shows the largest stores of the whole catalog without claiming a count no record holds", async () => {
    const { markdown, summary, citations } = await ask("who are the competitors?");
    const rows = tablesIn(markdown).find((t) => t.header[0] === "Store")!.rows;
    const largest = getCatalog()
      .stores.slice()
      .sort((a, b) => b.estMonthlyRevenueUsd - a.estMonthlyRevenueUsd || a.id.localeCompare(b.id))
      .slice(0, rows.length);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(getCatalog().stores.length);
    expect(rows.map((r) => r[0])).toEqual(largest.map((s) => `${s.id} ${s.name}`));
    expect(`${markdown}\n${summary}`).not.toMatch(new RegExp(`\\b${getCatalog().stores.length} (competitor )?stores`));
    expect(summary).toMatch(/newest of those shown/);
    expect(checkGrounding(`${markdown}\n${summary}`, citations).ungrounded).toEqual([]);
  });
});

describe("the trend's window", () => {
  it("names the trend for what it is, the last 4 weeks against the 4 before, in every answer that shows one", () => {
    expect(PRODUCT_TABLE_HEADER).toContain("4-week trend");
    for (const question of [
      "Find winning products in pet supplies",
      "Compare pet supplies vs jewelry",
      "Is pet supplies a good niche?",
      "Is the yoga mat a good product to sell?",
      "How should I price the yoga mat?",
      "What margins do kitchen gadgets have?",
    ]) {
      const answer = answerConversation(conversation(question));
      const text = `${answer.markdown}\n${answer.summary ?? ""}`;
      expect(text, question).toMatch(/4-week trend|over the last 4 weeks/);
      expect(text, question).not.toMatch(/30-day|30 days|last month/i);
    }
    const verdict = answerConversation(conversation("Is the yoga mat a good product to sell?"));
    const yogaMat = getCatalog().products.find((p) => p.name === "Yoga mat")!;
    expect(verdict.markdown).toContain(`${yogaMat.monthlyOrders.toLocaleString("en-US")} orders in the last 4 weeks, ${yogaMat.trendPct > 0 ? "+" : ""}${yogaMat.trendPct}% on the 4 weeks before`);
    expect(verdict.summary).toMatch(/over the last 4 weeks \(against the 4 before\)/);
  });
});

describe("product page copy", () => {
  it("writes a title, bullets and description from the product's own record, with gaps marked for what it does not state", async () => {
    const { markdown, summary, citations, events } = await ask("Write a product page for the pet brush");
    const [product] = expectProductRowsFromCatalog(markdown, citations);
    expect(product.productType).toBe("pet brush");
    expect(markdown).toMatch(/### Title\n.*pet brush/i);
    expect(markdown).toMatch(/### Bullet points\n- /);
    expect(markdown).toMatch(/### Description/);
    expect(markdown).toContain(usd(product.priceCents));
    expect(markdown).toMatch(/What I could not fill/);
    expect(markdown).toMatch(/\[Main benefit/);
    // No niche-level benefit or pain strings dressed up as this product's claims.
    const niche = getNiche(product.nicheId)!;
    // The niche's benefit phrases stay in its seed data (the catalog does not carry them).
    const benefits = NICHE_SEEDS.find((s) => s.id === niche.id)!.benefits;
    for (const claim of [...benefits, niche.pain]) expect(markdown.toLowerCase()).not.toContain(claim.toLowerCase());
    expect(summary).toBeUndefined();
    expect(events[events.length - 2].type).toBe("citations");
  });
});

describe("conversation context", () => {
  it("answers a follow-up about the niche of the previous question", async () => {
    const { markdown, citations } = await ask("Find winning products in kitchen gadgets", "what about their ads?");
    expect(markdown).toMatch(/^## Ad angles for Kitchen gadgets/);
    const adIds = tablesIn(markdown)
      .find((t) => t.header[0] === "Ad")!
      .rows.map((r) => r[0]);
    const kitchenAds = new Set(adsInNiche("kitchen-gadgets").map((a) => a.id));
    expect(adIds.length).toBeGreaterThan(0);
    expect(adIds.every((id) => kitchenAds.has(id))).toBe(true);
    expect(citations.length).toBeGreaterThan(0);
  });

  it("keeps the earlier task when only the subject changes", () => {
    const answer = answerConversation(conversation("ad hooks for fishing", "and for cycling?"));
    expect(answer.intent).toBe("ads");
    expect(answer.markdown).toMatch(/^## Ad angles for Cycling/);
  });

  it("compares a new niche with the one discussed before", () => {
    const answer = answerConversation(conversation("best dog products", "compare it with jewelry"));
    expect(answer.intent).toBe("compare");
    expect(answer.markdown.split("\n")[0]).toMatch(/Jewelry/);
    expect(answer.markdown.split("\n")[0]).toMatch(/Pet supplies/);
  });

  it("ranks the whole catalog when a platform question asks what to sell, without naming a niche", () => {
    const answer = answerConversation(conversation("What should I sell on TikTok this month?"));
    expect(answer.intent).toBe("products");
    expect(answer.markdown.split("\n")[0]).toBe("## Winning products in the whole sample catalog");
    expect(answer.markdown).toContain("Name a niche or product from the list below for ad angles");
    expect(answer.markdown).not.toContain("products in the sample catalog. They");
  });

  it("asks which niche when a follow-up has nothing to follow", () => {
    const answer = answerConversation(conversation("what about their ads?"));
    expect(answer.intent).toBe("no-match");
    expect(answer.markdown).toMatch(/Which niche or product/);
  });

  it("does not carry an old subject into a question about something unknown", () => {
    const answer = answerConversation(conversation("Find winning products in pet supplies", "and vintage tractors?"));
    expect(answer.intent).toBe("no-match");
    expect(answer.markdown).toContain("vintage tractors");
  });
});

describe("honesty", () => {
  it("says so in one short paragraph with two or three things it can do instead, shows no figures and is not counted", async () => {
    const { markdown, summary, citations, events } = await ask("Find winning products in vintage tractors");
    expect(markdown).toMatch(/couldn't find "vintage tractors"/);
    expect(events.at(-2)).toEqual({ type: "unanswered", reason: "no-match" });
    // Never a dump of every niche: at most the two an example names.
    expect(listNiches().filter((n) => markdown.includes(n.name) || markdown.includes(n.name.toLowerCase())).length).toBeLessThanOrEqual(2);
    const suggestions = markdown.split("\n").filter((l) => l.startsWith("- "));
    expect(suggestions.length).toBeGreaterThanOrEqual(2);
    expect(suggestions.length).toBeLessThanOrEqual(3);
    expect(markdown).not.toMatch(/\$\d/);
    expect(numbersIn(markdown)).toEqual([]);
    expect(summary).toBeUndefined();
    expect(citations).toEqual([]);
  });

  it("flags a named product type the catalog does not stock", () => {
    const missing = getNiche("beauty-tools")!.productTypes.find(
      (t) => !productsInNiche("beauty-tools").some((p) => p.productType === t),
    );
    if (!missing) return;
    const answer = answerConversation(conversation(`ad hooks for the ${missing}`));
    // Said in the first sentence, and not counted.
    expect(answer.markdown.split("\n\n")[1]).toContain(`The sample catalog has no ${missing}`);
    expect(answer.unanswered).toBe("no-match");
  });

  it("explains itself on a greeting with example questions, never with operator settings, and is not counted", async () => {
    const { markdown, summary, citations, events } = await ask("hi");
    expect(markdown).toMatch(/offline/);
    expect(markdown).toMatch(/sample/);
    for (const variable of ["AI_BASE_URL", "AI_API_KEY", "AI_MODEL", "configure"]) expect(markdown).not.toContain(variable);
    expect(events.at(-2)).toEqual({ type: "unanswered", reason: "empty" });
    expect(summary).toBeUndefined();
    expect(citations).toEqual([]);
    expect(answerConversation([]).intent).toBe("help");
  });
});

describe("cancellation", () => {
  it("throws the signal's reason when already aborted", async () => {
    const controller = new AbortController();
    const reason = new Error("user left");
    controller.abort(reason);
    await expect(
      collect(createAnalyst().reply({ messages: conversation("hi"), signal: controller.signal })),
    ).rejects.toBe(reason);
  });

  it("stops mid-stream when aborted and yields nothing more", async () => {
    const controller = new AbortController();
    const reason = new Error("stop");
    const seen: ReplyEvent[] = [];
    const run = async () => {
      for await (const event of createAnalyst().reply({
        messages: conversation("Find winning products in pet supplies"),
        signal: controller.signal,
      })) {
        seen.push(event);
        if (seen.length === 3) controller.abort(reason);
      }
    };
    await expect(run()).rejects.toBe(reason);
    expect(seen).toHaveLength(3);
    expect(seen.map((e) => e.type)).toEqual(["summary", "delta", "delta"]);
  });

  it("stops during a demo pause between pieces", async () => {
    const controller = new AbortController();
    const reason = new Error("closed tab");
    const started = Date.now();
    setTimeout(() => controller.abort(reason), 20);
    const stream = createAnalyst({ chunkDelayMs: 10_000 }).reply({
      messages: conversation("hi"),
      signal: controller.signal,
    });
    const iterator = stream[Symbol.asyncIterator]();
    await expect(iterator.next()).rejects.toBe(reason);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("paces pieces when asked to", async () => {
    const started = Date.now();
    const events = await collect(
      createAnalyst({ chunkDelayMs: 5, chunkSize: 400 }).reply({ messages: conversation("hi") }),
    );
    expect(events.length).toBeGreaterThan(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(events.length * 4);
  });
});

describe("an unseeded database", () => {
  it("fails the answer with a plain reason (so its query is refunded) when the loaded catalog holds nothing", async () => {
    installCatalog({ ...generated, niches: [], products: [], ads: [], stores: [] });
    try {
      await expect(collect(createAnalyst().reply({ messages: conversation("What should I sell on TikTok?") }))).rejects.toMatchObject({
        type: "UNAVAILABLE",
        message: "The built-in analyst has no market catalog to answer from yet.",
      });
    } finally {
      installCatalog(generated);
    }
    expect((await ask("What should I sell on TikTok?")).markdown).toMatch(/\| P-\d{4} \|/);
  });
});
