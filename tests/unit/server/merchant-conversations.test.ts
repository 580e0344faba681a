/**
 * Everyday merchant questions, single and in conversations, in varied wording with typos, against
 * the built-in analyst as the product runs it (memory carried from answer to answer). Each case
 * says what a useful answer must hold (the computed figure, the right products, the kept subject,
 * the written ad's parts), never the exact text. The share answered usefully is printed; the goal
 * is 95% or more, and every figure must be grounded whatever the share.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { checkGrounding } from "~/server/ai/grounding";
import { answerMerchantConversation, type MerchantAnswer } from "~/server/ai/merchant/answer";
import { loadLanguageModel } from "~/server/ai/merchant/read-question";
import type { ChatTurn } from "~/server/ai/types";
import { generateCatalog, getCatalog, getProduct, installCatalog, productsInNiche, type Product } from "~/server/market/catalog";

installCatalog(generateCatalog());
beforeAll(() => loadLanguageModel());

/** What a useful answer to the last question holds; each check returns a reason when it fails. */
type Check = (answer: MerchantAnswer, all: MerchantAnswer[]) => string | null;

interface Case {
  name: string;
  ask: string[];
  checks: Check[];
}

const money = (dollars: number) => `$${dollars.toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ",")}`;
const has =
  (...patterns: (string | RegExp)[]): Check =>
  (a) => {
    const text = `${a.markdown}\n${a.summary ?? ""}`;
    const missing = patterns.filter((p) => (typeof p === "string" ? !text.includes(p) : !p.test(text)));
    return missing.length ? `missing ${missing.map(String).join(", ")}` : null;
  };
const lacks =
  (...patterns: RegExp[]): Check =>
  (a) => {
    const found = patterns.filter((p) => p.test(a.markdown));
    return found.length ? `should not say ${found.map(String).join(", ")}` : null;
  };
const counted: Check = (a) => (a.unanswered ? `not counted (${a.unanswered}) but it answered the question` : null);
const notCounted: Check = (a) => (a.unanswered ? null : "counted, but it could not answer");
const grounded =
  (...stated: string[]): Check =>
  (a) => {
    const report = checkGrounding(`${a.markdown}\n${a.summary ?? ""}`, a.citations ?? [], stated);
    return report.ungrounded.length ? `ungrounded figures ${report.ungrounded.join(", ")}` : null;
  };
const focusIs =
  (test: (name: string) => boolean, label: string): Check =>
  (a) =>
    a.memory.focus[0] && test(a.memory.focus[0].name) ? null : `focus should be ${label}, is ${a.memory.focus[0]?.name ?? "nothing"}`;
const short: Check = (a) => (a.markdown.split("\n").filter((l) => l.trim()).length <= 12 ? null : "a refusal should be short");
const numberedItems =
  (n: number): Check =>
  (a) => {
    const items = a.markdown.split("\n").filter((l) => /^\d+\. /.test(l));
    return items.length === n ? null : `expected ${n} numbered items, got ${items.length}`;
  };

// ---------------------------------------------------------------------------------------------
// Merchant math with the merchant's own figures
// ---------------------------------------------------------------------------------------------

const roas = (price: number, cost: number, ship: number) => (price / (price - cost - ship)).toFixed(2);
const MATH: [string, number, number, number][] = [
  ["What ROAS do I need to break even on a ${p} product with ${c} cost and ${s} shipping?", 39, 12, 5],
  ["break even roas if I sell at ${p}, pay ${c} for it and ${s} shipping", 45, 15, 6],
  ["My product sells for ${p}, costs me ${c} plus ${s} shipping. What's my breakeven ROAS?", 29.99, 8, 4],
  ["whats the break-even roas? price ${p}, cost ${c}, shipping ${s}", 60, 20, 7],
  ["brek even roas for a ${p} product, ${c} cost, ${s} shiping", 50, 18, 6],
  ["What's my break even CPA on a ${p} item that costs ${c} + ${s} shipping?", 35, 10, 5],
  ["I sell it for ${p}. Supplier charges ${c} and shipping is ${s}. What ROAS do I need?", 24.99, 6.5, 3.2],
  ["ROAS to break even: ${p} price, ${c} unit cost, ${s} delivery", 42, 14, 4.5],
  ["If I price it at ${p} and it costs ${c} with ${s} shipping, what roas breaks even?", 33, 9, 4],
  ["calculate break even roas: sell ${p}, cost ${c}, ship ${s}", 27, 7, 3],
  ["what roas do i need if i sell at ${p}, my cost is ${c} and shipping ${s}", 55, 16, 8],
  ["break-even ROAS for a ${p} product with ${c} COGS and ${s} shipping?", 48, 13, 5],
];
const dollars = (n: number, style: number) => (style % 3 === 0 ? money(n).replace(/\.00$/, "") : style % 3 === 1 ? `$${n}` : `${n} dollars`);
const mathCases: Case[] = MATH.flatMap(([template, p, c, s], i) => {
  const text = template.replace("${p}", dollars(p, i)).replace("${c}", dollars(c, i + 1)).replace("${s}", dollars(s, i + 2));
  const cpa = money(p - c - s);
  return [
    {
      name: text,
      ask: [text],
      checks: [
        /cpa/i.test(text) ? has(cpa) : has(roas(p, c, s)),
        has(money(c + s), /you said/),
        lacks(/your supplier cost/i, /sample catalog's (supplier cost|price)/),
        counted,
        grounded(text),
      ],
    },
  ];
});

const MARGIN: [string, number, number, number | null][] = [
  ["I pay ${c} and sell at ${p}, what's my margin?", 25, 9, null],
  ["whats my profit margin if it costs ${c} and i sell for ${p}", 30, 11, null],
  ["Cost ${c}, shipping ${s}, price ${p}: what's my margin?", 24.99, 6.4, 2.1],
  ["margin on a ${p} product that costs ${c} plus ${s} shipping?", 40, 12, 6],
  ["How much profit per sale if I sell at ${p} with a landed cost of ${c}?", 35, 14, null],
  ["my landed cost is ${c} and I charge ${p}. margin?", 19.99, 7, null],
  ["what margin do i make selling at ${p} when i pay ${c} and ${s} to ship", 29, 8, 4],
  ["profit margin: price ${p}, cost ${c}", 45, 15, null],
];
const marginCases: Case[] = MARGIN.map(([template, p, c, s], i) => {
  const text = template.replace("${p}", dollars(p, i)).replace("${c}", dollars(c, i + 1)).replace("${s}", s === null ? "" : dollars(s, i + 2));
  const landed = c + (s ?? 0);
  const margin = p - landed;
  return {
    name: text,
    ask: [text],
    checks: [has(money(margin), `${Math.round((margin / p) * 100)}%`), counted, lacks(/your supplier cost/i), grounded(text)],
  };
});

// The uploaded-price-sheet case in words: 6.40 and 2.10 make a landed cost of 8.50, quoted exactly.
const landedCases: Case[] = [
  { name: "landed cost from cost and shipping with decimals", ask: ["My supplier charges $6.40 and shipping is $2.10. I sell at $24.99. What's my margin?"], checks: [has("$8.50", "$6.40", "$2.10", "$16.49"), counted, grounded("$6.40 $2.10 $24.99")] },
  { name: "landed cost, written as USD", ask: ["cost 6.40 USD, shipping 2.10 USD, price 24.99 USD. margin?"], checks: [has("$8.50"), counted, grounded("6.40 2.10 24.99")] },
];

// ---------------------------------------------------------------------------------------------
// Prices from the merchant's cost, with catalog comparables named as such
// ---------------------------------------------------------------------------------------------

const PRICE: [string, string, number][] = [
  ["What's a good selling price for a posture corrector if my landed cost is ${c}?", "posture corrector", 9],
  ["what should I charge for a neck pillow? it costs me ${c} landed", "neck pillow", 7.5],
  ["How much should I sell a pet hair remover for if I pay ${c} including shipping?", "pet hair remover", 6],
  ["Good price for a yoga mat when my landed cost is ${c}?", "yoga mat", 11],
  ["what price for a portable blender, landed cost ${c}", "portable blender", 14],
  ["whats a gud price for a posture correcter if my landed cost is ${c}", "posture correct", 9],
  ["I can get LED strip lights for ${c} landed. What should I price them at?", "led strip light", 8],
  ["What should I sell a phone tripod for if my landed cost is ${c}?", "phone tripod", 5],
  ["price suggestion: dog sweater, landed cost ${c}", "dog sweater", 6.5],
  ["What is the right price for a magnetic phone mount with a ${c} landed cost?", "magnetic phone mount", 4.2],
];
const priceCases: Case[] = PRICE.map(([template, subject, c], i) => {
  const text = template.replace("${c}", dollars(c, i));
  const suggested = Math.round(c * 300) / 100;
  return {
    name: text,
    ask: [text],
    checks: [
      has(money(c), money(suggested), /landed cost/i),
      lacks(/your supplier cost/i),
      (a) => (a.markdown.toLowerCase().includes(subject.split(" ")[0]) ? null : `does not name the ${subject}`),
      counted,
      grounded(text),
    ],
  };
});

// ---------------------------------------------------------------------------------------------
// Writing for any product
// ---------------------------------------------------------------------------------------------

const PRODUCTS_NAMED = ["portable blender", "bamboo cutting board", "neck pillow", "posture corrector", "yoga mat", "dog sweater", "heated eye mask", "cat water fountain", "waterproof phone pouch", "mini projector"];
const HOOK_TEMPLATES = [
  "Give me ${n} TikTok hooks for a ${x}",
  "${n} hooks for my ${x} ads on Facebook",
  "write ${n} tiktok hooks for a ${x} pls",
  "Can you come up with ${n} ad hooks for the ${x}?",
  "need ${n} hooks for a ${x}",
];
const hookCases: Case[] = PRODUCTS_NAMED.flatMap((x, i) => {
  const template = HOOK_TEMPLATES[i % HOOK_TEMPLATES.length];
  const n = 3 + (i % 5);
  const text = template.replace("${n}", String(n)).replace("${x}", x);
  return [{ name: text, ask: [text], checks: [numberedItems(n), has(new RegExp(x.split(" ").at(-1)!, "i")), counted, lacks(/\d+(,\d{3})* (customers|reviews|sold)/i, /\d(\.\d)? stars?/i), grounded(text)] }];
});
const WORD_COUNTS: [string, number][] = [["five", 5], ["three", 3], ["ten", 10]];
const hookWordCases: Case[] = WORD_COUNTS.map(([word, n], i) => ({
  name: `${word} hooks`,
  ask: [`Give me ${word} hooks for a ${PRODUCTS_NAMED[i + 3]}`],
  checks: [numberedItems(n), counted],
}));

const AD_TEMPLATES: [string, RegExp][] = [
  ["Write a Facebook ad for a ${x}", /Facebook/],
  ["write me an instagram ad for the ${x}", /Instagram/],
  ["TikTok ad copy for a ${x}", /TikTok/],
  ["Can you write an ad for my ${x}?", /Facebook and Instagram/],
  ["draft a Pinterest ad for a ${x}", /Pinterest/],
];
const adCases: Case[] = PRODUCTS_NAMED.map((x, i) => {
  const [template, platform] = AD_TEMPLATES[i % AD_TEMPLATES.length];
  const text = template.replace("${x}", x);
  return {
    name: text,
    ask: [text],
    checks: [
      has(/\*\*Primary text\*\*/, /\*\*Headline\*\*/, /\*\*Call to action:\*\*/, platform, new RegExp(x.split(" ").at(-1)!, "i")),
      (a) => {
        const m = a.markdown.match(/\((\d+)\/(\d+) characters/);
        return m && Number(m[1]) <= Number(m[2]) ? null : "primary text longer than the platform shows";
      },
      counted,
      lacks(/clinically|guaranteed|#1|best-selling|\d+ (customers|reviews)/i),
    ],
  };
});

const DESC_TEMPLATES = ["Write a product description for a ${x}", "product description for my ${x} please", "write a listing for a ${x}", "Can you draft a product page for the ${x}?"];
const descriptionCases: Case[] = PRODUCTS_NAMED.map((x, i) => {
  const text = DESC_TEMPLATES[i % DESC_TEMPLATES.length].replace("${x}", x);
  return { name: text, ask: [text], checks: [has(new RegExp(x.split(" ").at(-1)!, "i"), /\[[^\]]+\]/), counted, lacks(/\d(\.\d)? stars?|\d+ reviews/i)] };
});

// ---------------------------------------------------------------------------------------------
// Picks, comparisons and verdicts over the catalog
// ---------------------------------------------------------------------------------------------

const nicheProductIds = (nicheId: string) => new Set(productsInNiche(nicheId).map((p) => p.id));
const NICHES: [string, string][] = [
  ["pet", "pet-supplies"],
  ["kitchen", "kitchen-gadgets"],
  ["fitness", "home-fitness"],
  ["skincare", "skincare"],
  ["phone accessory", "phone-accessories"],
  ["camping", "outdoor-camping"],
  ["car accessory", "car-accessories"],
  ["baby", "baby-toddler"],
];
const nicheIdOf = (id: string) => getCatalog().niches.find((n) => n.id === id || n.id.startsWith(id.split("-")[0]))?.id ?? id;
const pickTemplates = [
  "I have ${b} to start. Which ${w} product should I test first, and why?",
  "With a ${b} budget, what ${w} product should I start with?",
  "which ${w} product should i test first? i have ${b}",
  "I've got ${b}. What ${w} item would you recommend testing?",
];
const pickCases: Case[] = NICHES.flatMap(([word, id], i) =>
  [300, 500].map((budget, j) => {
    const text = pickTemplates[(i + j) % pickTemplates.length].replace("${b}", `$${budget}`).replace("${w}", word);
    const nicheId = nicheIdOf(id);
    return {
      name: text,
      ask: [text],
      checks: [
        (a) => (a.memory.focus[0]?.kind === "product" && nicheProductIds(nicheId).has((a.memory.focus[0] as { id: string }).id) ? null : `should pick a ${word} product`),
        has(money(budget)),
        counted,
        grounded(text),
      ],
    };
  }),
);

const CRITERIA: [string, (p: Product) => number, "max" | "min"][] = [
  ["by margin", (p) => p.marginPct, "max"],
  ["with the fewest competitors", (p) => p.adCount, "min"],
  ["by orders", (p) => p.monthlyOrders, "max"],
  ["cheapest", (p) => p.priceCents, "min"],
];
const compareCases: Case[] = NICHES.slice(0, 6).flatMap(([word, id], i) =>
  CRITERIA.slice(0, 3).map(([phrase, value, dir], j) => {
    const nicheId = nicheIdOf(id);
    const n = (i + j) % 2 === 0 ? "two" : "three";
    const text = `Compare the top ${n} ${word} products ${phrase}`;
    const count = n === "two" ? 2 : 3;
    const ranked = productsInNiche(nicheId).slice().sort((a, b) => (dir === "max" ? value(b) - value(a) : value(a) - value(b)) || a.id.localeCompare(b.id));
    const best = value(ranked[0]);
    return {
      name: text,
      ask: [text],
      checks: [
        (a) => (a.memory.list.length === count && a.memory.list.every((s) => s.kind === "product" && nicheProductIds(nicheId).has(s.id)) ? null : `should compare ${count} ${word} products`),
        (a) => (a.memory.list.some((s) => s.kind === "product" && value(getProduct(s.id)!) === best) ? null : "the best by the figure asked is missing"),
        counted,
        grounded(text),
      ],
    };
  }),
);

const SATURATION = [
  "Is the LED strip light market saturated?",
  "is the posture corrector market too crowded?",
  "How saturated is the yoga mat market?",
  "is pet supplies saturated",
  "Is the phone tripod niche oversaturated?",
  "how competitive is the resistance band market?",
  "Are kitchen gadgets saturated?",
  "is the neck massager market saturatd?",
];
const saturationCases: Case[] = SATURATION.map((text) => ({
  name: text,
  ask: [text],
  checks: [has(/\*\*Verdict: (Saturated|Crowded but open|Room to enter)\.\*\*/, /active ads/), has(/_The measure:/), counted, grounded(text)],
}));

const DEMAND = ["Is there demand for posture correctors?", "Is the yoga mat trending?", "is demand growing for LED strip lights"];
const demandCases: Case[] = DEMAND.map((text) => ({ name: text, ask: [text], checks: [has(/\*\*Verdict: (Growing|Cooling|Steady)\.\*\*/, /orders/), counted, grounded(text)] }));

// ---------------------------------------------------------------------------------------------
// Conversations: follow-ups resolve against what was said
// ---------------------------------------------------------------------------------------------

const conversations: Case[] = [
  {
    name: "compare → which of those two → ad for that one",
    ask: ["Compare the top two kitchen gadgets by margin", "Which of those two has fewer competitors?", "Write a Facebook ad for that one"],
    checks: [
      (a, all) => {
        const [first] = all;
        const [x, y] = first.memory.list.map((s) => getProduct((s as { id: string }).id)!);
        const second = all[1];
        if (second.memory.list.length !== 2) return "the second answer should keep the two";
        if (x.adCount === y.adCount) return /tie/i.test(second.markdown) ? null : "a tie should be called a tie";
        const fewer = x.adCount < y.adCount ? x : y;
        if (!second.markdown.includes(`**${fewer.name} (${fewer.id}) has fewer competitors.**`)) return `should name ${fewer.name} as having fewer competitors`;
        return a.markdown.toLowerCase().includes(fewer.name.toLowerCase().split(",")[0]) ? null : `the ad should be for ${fewer.name}`;
      },
      has(/\*\*Primary text\*\*/),
      counted,
    ],
  },
  {
    name: "hooks for a product not in the catalog → daily test budget for it",
    ask: ["Give me 5 TikTok hooks for a portable blender", "What daily test budget would you suggest for it on TikTok?"],
    checks: [focusIs((n) => n === "portable blender", "portable blender"), has(/portable blender/i, /your figures|selling price/), notCounted, lacks(/"suggest"/i)],
  },
  {
    name: "figures stated → budget for it → on TikTok",
    ask: ["I sell a heated eye mask for $34, it costs me $9 plus $5 shipping", "What daily test budget should I use for it on TikTok?"],
    checks: [has("$20.00", "$60.00", /TikTok/), counted, grounded("$34 $9 $5")],
  },
  {
    name: "price from cost → what ROAS do I need then",
    ask: ["What's a good selling price for a posture corrector if my landed cost is $9?", "what roas do i need at $26.99?"],
    checks: [has("$17.99", "1.50"), counted, grounded("$9 $26.99")],
  },
  {
    name: "pick → budget for it",
    ask: ["I have $300 to start. Which pet product should I test first, and why?", "What daily budget would you suggest for it?"],
    checks: [
      (a, all) => (all[0].memory.focus[0] && a.markdown.includes((all[0].memory.focus[0] as { id: string }).id) ? null : "the budget should be for the picked product"),
      has(/per ad set per day|a day/),
      counted,
      grounded("$300"),
    ],
  },
  {
    name: "compare → the cheaper one → verdict",
    ask: ["Compare the top two skincare products by margin", "is the cheaper one a good product to sell?"],
    checks: [
      (a, all) => {
        const [x, y] = all[0].memory.list.map((s) => getProduct((s as { id: string }).id)!);
        const cheaper = x.priceCents <= y.priceCents ? x : y;
        return a.markdown.includes(cheaper.id) ? null : `should judge ${cheaper.name}`;
      },
      has(/Verdict: (Sell|Test carefully|Avoid)/),
      counted,
    ],
  },
  {
    name: "compare → the second one → hooks",
    ask: ["compare the top three fitness products by orders", "give me 3 hooks for the second one"],
    checks: [(a, all) => (a.markdown.toLowerCase().includes(all[0].memory.list[1].name.toLowerCase().split(",")[0]) ? null : "hooks should be for the second product"), numberedItems(3), counted],
  },
  {
    name: "saturation → write an ad for it",
    ask: ["Is the yoga mat market saturated?", "write a facebook ad for it"],
    checks: [has(/yoga mat/i, /\*\*Headline\*\*/), counted],
  },
  {
    name: "ROAS with figures → what about with $7 shipping",
    ask: ["What ROAS do I need to break even on a $39 product with $12 cost and $5 shipping?", "and with $7 shipping?"],
    checks: [has("$20.00", "1.95"), counted, grounded("$39 $12 $7")],
  },
  {
    name: "price a named product → a description for it",
    ask: ["What should I charge for a bamboo cutting board? It costs me $6 landed", "now write a product description for it"],
    checks: [has(/bamboo cutting board/i, /\[[^\]]+\]/), counted],
  },
];

// Longer conversations: a merchant working one product through, with their own figures.
conversations.push(
  {
    name: "a product from idea to ad, with the merchant's figures",
    ask: [
      "I'm thinking about selling a cat water fountain",
      "It costs me $11 and shipping is $4. What should I charge?",
      "What ROAS do I need at $45?",
      "Give me 4 hooks for it",
      "and a tiktok ad",
    ],
    checks: [has(/TikTok/, /cat water fountain/i, /\*\*Primary text\*\*/), counted],
  },
  {
    name: "the merchant's figures stay with their product across turns",
    ask: ["My neck pillow costs $5 plus $3 shipping and sells for $29", "what's my margin?", "and the break even roas?", "daily test budget for it?"],
    checks: [has("$21.00", "$63.00"), counted, grounded("$5 $3 $29")],
  },
  {
    name: "a comparison, then the second of them, then its budget",
    ask: ["compare the top three baby products by margin", "tell me about the second one", "what budget should I set for it on Meta?"],
    checks: [
      (a, all) => (a.markdown.includes((all[0].memory.list[1] as { id: string }).id) ? null : "the budget should be for the second product"),
      has(/on Meta/),
      counted,
    ],
  },
  {
    name: "a pick, then the runner-up",
    ask: ["I have $400. Which kitchen product should I test first?", "what about the second one?", "is it saturated?"],
    checks: [
      has(/Verdict: (Saturated|Crowded but open|Room to enter)/),
      (a, all) => {
        const second = getProduct((all[0].memory.list[1] as { id: string }).id)!;
        return a.markdown.includes(`the ${second.productType} market`) ? null : `should judge the ${second.productType} market`;
      },
      counted,
    ],
  },
);

// ---------------------------------------------------------------------------------------------
// Honest scope: short, not counted, two or three things it can do
// ---------------------------------------------------------------------------------------------

const scopeCases: Case[] = [
  "What's the weather in Paris?",
  "asdf qwerty",
  "Write me five fake 5-star reviews for the pet brush",
  "Find winning products in vintage tractors",
  "Say the posture corrector is FDA approved",
  "Generate an image of the yoga mat",
  "Is a unicorn saddle a good product to sell?",
].map((text) => ({ name: text, ask: [text], checks: [notCounted, lacks(/^- Pet supplies$/m)] }));
scopeCases.push(
  { name: "out of scope is short", ask: ["What's the stock price of Shopify?"], checks: [notCounted, short] },
  { name: "nonsense is short", ask: ["blorp zibble frang"], checks: [notCounted, short] },
);

// Questions about catalog products, asked in everyday words: the record's own figures, cited.
const CATALOG_PRODUCTS = ["yoga mat", "posture corrector", "portable pet brush", "magnetic car phone mount", "electric neck massager", "clear phone case", "video doorbell", "LED strip lights"];
const CATALOG_TEMPLATES: [string, RegExp][] = [
  ["Is the ${x} a good product to sell?", /Verdict: (Sell|Test carefully|Avoid)/],
  ["should i sell the ${x}?", /Verdict: (Sell|Test carefully|Avoid)/],
  // A product whose shipping eats its margin gets "don't advertise at this price", which answers it too.
  ["What ad budget should I set for the ${x}?", /Break-even CPA|Don't set an ad budget/],
  ["what roas do i need for the ${x}", /Break-even ROAS|Don't set an ad budget/],
  ["How should I price the ${x}?", /Pricing|price/i],
  ["hooks for the ${x}", /^\d+\. /m],
];
const byName = (name: string) => getCatalog().products.find((p) => p.name.toLowerCase() === name.toLowerCase());
const catalogCases: Case[] = CATALOG_PRODUCTS.flatMap((x) =>
  CATALOG_TEMPLATES.map(([template, pattern]) => {
    const text = template.replace("${x}", x);
    const product = byName(x);
    return {
      name: text,
      ask: [text],
      checks: [
        has(pattern),
        (a) => (product && (a.citations ?? []).some((c) => c.record?.kind === "product" && c.record.id === product.id) ? null : `should cite ${x}`),
        lacks(/your supplier cost/i),
        counted,
        grounded(text),
      ],
    };
  }),
);

const CASES: Case[] = [
  ...catalogCases,
  ...mathCases,
  ...marginCases,
  ...landedCases,
  ...priceCases,
  ...hookCases,
  ...hookWordCases,
  ...adCases,
  ...descriptionCases,
  ...pickCases,
  ...compareCases,
  ...saturationCases,
  ...demandCases,
  ...conversations,
  ...scopeCases,
];

function converse(turns: string[]): MerchantAnswer[] {
  const messages: ChatTurn[] = [];
  const answers: MerchantAnswer[] = [];
  for (const turn of turns) {
    messages.push({ role: "user", content: turn });
    const answer = answerMerchantConversation(messages);
    answers.push(answer);
    // The memory goes through JSON, as it does when stored with the answer and read back.
    messages.push({ role: "assistant", content: answer.markdown, memory: JSON.parse(JSON.stringify(answer.memory)) });
  }
  return answers;
}

/** The share of questions answered usefully: the issue's goal. */
const USEFUL_SHARE_GOAL = 0.95;

describe("merchant conversations", () => {
  it("asks at least 200 questions", () => {
    expect(CASES.reduce((sum, c) => sum + c.ask.length, 0)).toBeGreaterThanOrEqual(200);
  });

  it(`answers at least ${USEFUL_SHARE_GOAL * 100}% of them usefully`, () => {
    const misses: string[] = [];
    for (const c of CASES) {
      const answers = converse(c.ask);
      const last = answers.at(-1)!;
      const reasons = c.checks.map((check) => check(last, answers)).filter((r): r is string => r !== null);
      if (reasons.length) misses.push(`${c.ask.join(" → ")}\n    ${reasons.join("; ")}`);
    }
    const share = (CASES.length - misses.length) / CASES.length;
    console.info(`Merchant conversations: ${CASES.length - misses.length} of ${CASES.length} answered usefully (${(share * 100).toFixed(1)}%).${misses.length ? `\n  ${misses.join("\n  ")}` : ""}`);
    expect(share, misses.join("\n")).toBeGreaterThanOrEqual(USEFUL_SHARE_GOAL);
  }, 60_000);
});
