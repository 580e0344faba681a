/**
 * Page sections from the configured model (the OpenAI-compatible provider's `completeJson`), held
 * to the same rule as the built-in writer: nothing the data does not hold. The answer is validated
 * with zod, then every heading, sentence, item and button goes through `groundSections`, which
 * refuses any figure, rating, review, certification, guarantee, shipping promise, material or
 * quality claim that the product data and the canon do not state; what it removes is listed in
 * `missing` for the merchant. Kinds the model leaves out are written by the built-in writer.
 */
import { z } from "zod";
import { AppError } from "~/domain/errors";
import {
  PAGE_ITEMS_MAX,
  PAGE_SECTION_KINDS,
  PAGE_SECTIONS_MAX,
  SECTION_LABELS,
  type PageProduct,
  type PageSection,
  type PageSectionKind,
} from "~/domain/contracts/pages";
import type { ChatTurn } from "~/server/ai/types";
import type { JsonSchemaFormat } from "~/server/ai/openai-compatible";
import { writePageSections, type CanonFacts, type GeneratedSections } from "./generate-builtin";
import { formatMoney, offerOf } from "./offer";
import { cutAtWord, oneLine } from "./text";

/** What the adapter needs of a provider: `createOpenAiCompatibleProvider(...)` is one. */
export interface PageCompleter {
  /** Stored as the page's generatedBy ("openai:gpt-4o-mini"). */
  readonly id: string;
  completeJson(turns: ChatTurn[], format: JsonSchemaFormat, signal?: AbortSignal): Promise<string>;
}

// ── Grounding ───────────────────────────────────────────────────────────────────────────────

/** The words a claim may use only when the product data or the canon uses them too. */
const CLAIM_TERMS: { label: string; pattern: RegExp }[] = [
  { label: "a review", pattern: /\b(?:reviews?|reviewed|reviewers?|testimonials?)\b/gi },
  { label: "a rating", pattern: /\b(?:ratings?|rated|top[- ]rated|\d(?:\.\d)?[- ]?stars?|five[- ]stars?|stars?)\b|[★⭐]/gi },
  { label: "a popularity claim", pattern: /\b(?:best[- ]?sell(?:ing|ers?)|#\s?1|number one|customers (?:love|say|rave)|loved by|thousands of|millions of|as seen on|viral)\b/gi },
  { label: "a certification", pattern: /\b(?:certified|certifications?|certificates?|accredited|approved|endorsed|recommended by|UL[- ]listed|patent(?:ed)?|clinically|clinical(?:ly)?[- ]proven|proven|tested|dermatologists?|doctors?|veterinarians?|vets?|awards?|award[- ]winning)\b/gi },
  { label: "a certification", pattern: /\b(?:FDA|CE|ISO\s?\d+|FCC|RoHS|GOTS|OEKO[- ]TEX)\b/g },
  { label: "a guarantee", pattern: /\b(?:money[- ]back|refunds?|refundable|warrant(?:y|ies|ed)|lifetime|risk[- ]free|no[- ]questions[- ]asked)\b/gi },
  { label: "a shipping promise", pattern: /\b(?:free (?:shipping|delivery|returns)|fast (?:shipping|delivery)|express (?:shipping|delivery)|next[- ]day|same[- ]day|overnight|worldwide|ships? (?:today|free|fast)|tracked)\b/gi },
  { label: "a stock claim", pattern: /\b(?:in stock|limited (?:time|stock|edition)|selling fast|sold out|almost gone|only a few left|hurry)\b/gi },
  {
    label: "a material or quality claim",
    pattern:
      /\b(?:organic|vegan|cruelty[- ]free|recycled|recyclable|eco[- ]friendly|sustainabl[ey]|biodegradable|compostable|non[- ]toxic|toxin[- ]free|bpa[- ]free|hypoallergenic|waterproof|water[- ]resistant|shatterproof|unbreakable|hand[- ]?made|natural|premium|genuine|stainless steel|steel|aluminium|aluminum|leather|cotton|silk|wool|cashmere|linen|bamboo|silicone|titanium|ceramic|porcelain|glass|wooden|solid wood|oak|walnut|gold|silver|sterling|copper|medical[- ]grade|food[- ]grade)\b/gi,
  },
  { label: "a health claim", pattern: /\b(?:cures?|heals?|treats?|prevents?|relieves?|reduces? (?:pain|anxiety|stress)|safe for (?:kids|babies|children|pets))\b/gi },
];
const GUARANTEE_WORD = /\b(?:guarantee[ds]?|guaranteeing)\b/i;
const SHIPPING_WORD = /\b(?:ship(?:s|ped|ping)?|deliver(?:s|y|ed|ies)?|dispatch(?:es|ed)?|arriv(?:es|al))\b/i;
const NUMBER = /\d[\d,]*(?:\.\d+)?/g;

/** Lower case, words only (punctuation and dashes as spaces), padded: " 30 day money back " for phrase search. */
const normalize = (text: string) => ` ${text.toLowerCase().replace(/[^\p{L}\p{N}#★⭐]+/gu, " ").trim()} `;

export interface Sources {
  /** Everything the product data and the canon say, normalized for phrase search. */
  text: string;
  figures: number[];
  canon: CanonFacts;
}

export function sourcesOf(product: PageProduct, canon: CanonFacts): Sources {
  const texts = [
    product.title,
    product.description,
    product.vendor ?? "",
    product.productType ?? "",
    ...product.specs.flatMap((s) => [s.name, s.value]),
    ...product.options.flatMap((o) => [o.name, ...o.values]),
    ...product.variants.flatMap((v) => [v.title, ...v.optionValues, v.sku ?? ""]),
    ...product.inTheBox,
    canon.brandName ?? "",
    canon.voice ?? "",
    canon.audience ?? "",
    canon.shippingPromise ?? "",
    canon.guarantee ?? "",
  ];
  // A list's numbering ("2. Touch the base") is not a figure of the product.
  const figures = texts.map((t) => t.replace(/^\s*(?:step\s*)?\d{1,2}[.)]\s+/gim, "")).flatMap(numbersIn);
  const offer = offerOf(product);
  const prices = [product.priceCents, product.compareAtPriceCents, ...product.variants.flatMap((v) => [v.priceCents, v.compareAtPriceCents])];
  if (offer) prices.push(offer.priceCents, offer.compareAtCents, offer.savingCents);
  // A currency without minor units (JPY) is written whole, so its rounded amount is the price too.
  const whole = wholeCurrency(product.currency);
  for (const cents of prices) if (cents !== null) figures.push(cents / 100, ...(whole ? [Math.round(cents / 100)] : []));
  if (offer?.savingPercent != null) figures.push(offer.savingPercent);
  return { text: normalize(texts.join(" \n ")), figures, canon };
}

function wholeCurrency(currency: string): boolean {
  try {
    return new Intl.NumberFormat("en-US", { style: "currency", currency }).resolvedOptions().maximumFractionDigits === 0;
  } catch {
    return false;
  }
}

function numbersIn(text: string): number[] {
  return (text.match(NUMBER) ?? []).map((n) => Number(n.replace(/,/g, ""))).filter((n) => Number.isFinite(n));
}

/** Why `text` cannot be published, in words; empty when every figure and claim in it is backed. */
export function unbackedClaims(text: string, sources: Sources): string[] {
  const reasons: string[] = [];
  for (const written of text.match(NUMBER) ?? []) {
    const value = Number(written.replace(/,/g, ""));
    if (!sources.figures.some((f) => Math.abs(f - value) < 0.005)) reasons.push(`the figure "${written}"`);
  }
  for (const { label, pattern } of CLAIM_TERMS) {
    for (const match of text.matchAll(pattern)) {
      if (!sources.text.includes(normalize(match[0]))) reasons.push(`${label} ("${match[0]}")`);
    }
  }
  // Saying there is a guarantee, or anything about shipping, needs the canon (or the product) to say so.
  const named = (label: string) => reasons.some((r) => r.startsWith(label));
  if (GUARANTEE_WORD.test(text) && !sources.canon.guarantee && !/\bguarantee/.test(sources.text) && !named("a guarantee")) reasons.push("a guarantee");
  if (SHIPPING_WORD.test(text) && !sources.canon.shippingPromise && !/\b(?:ship|deliver|dispatch)/.test(sources.text) && !named("a shipping promise")) {
    reasons.push("a shipping promise");
  }
  return [...new Set(reasons)];
}

function removedNote(kind: PageSectionKind, text: string, reasons: string[]): string {
  return `Removed from ${SECTION_LABELS[kind]}: "${cutAtWord(text, 100)}": ${reasons.join(", ")} ${reasons.length > 1 ? "are" : "is"} not in the product data or the project canon. Add it there if it is true.`;
}

/**
 * Every section with what its data does not back removed (see the module comment): a heading
 * falls back to the section's label (the product title for the hero), a sentence of a text is
 * dropped, an item is dropped whole, a button falls back to the default words. A section left
 * with nothing to say is hidden. Backed text comes back exactly as it was.
 */
export function groundSections(sections: readonly PageSection[], product: PageProduct, canon: CanonFacts): { sections: PageSection[]; missing: string[] } {
  const sources = sourcesOf(product, canon);
  const missing: string[] = [];
  const grounded = sections.map((section) => {
    const next: PageSection = { ...section, items: [...section.items] };
    const { kind } = section;
    const fallbackHeading = kind === "hero" ? oneLine(product.title) : SECTION_LABELS[kind];
    if (oneLine(next.heading) !== fallbackHeading && oneLine(next.heading) !== SECTION_LABELS[kind]) {
      const reasons = unbackedClaims(next.heading, sources);
      if (reasons.length) {
        missing.push(removedNote(kind, next.heading, reasons));
        next.heading = fallbackHeading;
      }
    }
    next.body = section.body
      .split("\n")
      .map((line) => {
        const pieces = line.split(/(?<=[.!?])\s+/);
        const kept = pieces.filter((piece) => {
          const reasons = unbackedClaims(piece, sources);
          if (reasons.length) missing.push(removedNote(kind, piece, reasons));
          return reasons.length === 0;
        });
        if (kept.length === pieces.length) return line;
        return kept.length ? kept.join(" ") : null;
      })
      .filter((line): line is string => line !== null)
      .join("\n");
    next.items = section.items.filter((item) => {
      const reasons = [...unbackedClaims(item.title, sources), ...unbackedClaims(item.text, sources)];
      if (reasons.length) missing.push(removedNote(kind, item.text ? `${item.title}: ${item.text}` : item.title, [...new Set(reasons)]));
      return reasons.length === 0;
    });
    if (next.buttonLabel) {
      const reasons = unbackedClaims(next.buttonLabel, sources);
      if (reasons.length) {
        missing.push(removedNote(kind, next.buttonLabel, reasons));
        next.buttonLabel = null;
      }
    }
    const emptied = !next.body.trim() && next.items.length === 0 && (section.body.trim() || section.items.length > 0);
    if (emptied && !next.hidden && kind !== "hero" && kind !== "cta") {
      next.hidden = true;
      missing.push(`${SECTION_LABELS[kind]} is hidden: nothing the model wrote for it is backed by the product data or the canon.`);
    }
    return next;
  });
  return { sections: grounded, missing };
}

// ── The model call ──────────────────────────────────────────────────────────────────────────

const ModelSectionSchema = z.object({
  kind: z.enum(PAGE_SECTION_KINDS),
  hidden: z.boolean().default(false),
  heading: z.string().max(500),
  body: z.string().max(5000).default(""),
  items: z
    .array(z.object({ title: z.string().max(500), text: z.string().max(5000).default("") }))
    .max(PAGE_ITEMS_MAX)
    .default([]),
  buttonLabel: z.string().max(80).nullable().default(null),
});
const ModelAnswerSchema = z.object({
  sections: z.array(ModelSectionSchema).max(PAGE_SECTIONS_MAX),
  missing: z.array(z.string().max(500)).max(20).default([]),
});

/** The JSON Schema sent as the response format (strict: every field required). */
export const PAGE_SECTIONS_FORMAT: JsonSchemaFormat = {
  name: "page_sections",
  strict: true,
  schema: {
    type: "object",
    additionalProperties: false,
    required: ["sections", "missing"],
    properties: {
      sections: {
        type: "array",
        items: {
          type: "object",
          additionalProperties: false,
          required: ["kind", "hidden", "heading", "body", "items", "buttonLabel"],
          properties: {
            kind: { type: "string", enum: [...PAGE_SECTION_KINDS] },
            hidden: { type: "boolean" },
            heading: { type: "string" },
            body: { type: "string" },
            items: {
              type: "array",
              items: {
                type: "object",
                additionalProperties: false,
                required: ["title", "text"],
                properties: { title: { type: "string" }, text: { type: "string" } },
              },
            },
            buttonLabel: { type: ["string", "null"] },
          },
        },
      },
      missing: { type: "array", items: { type: "string" } },
    },
  },
};

const SECTION_GUIDE: Record<PageSectionKind, string> = {
  hero: "heading: a headline built from the product's name or its own first claim; body: one or two sentences from the description, then the offer exactly as given; buttonLabel: 2-3 words.",
  benefits: "items: the product's features from its description (title: the benefit in a few words, text: the supplier's detail). Problem-agitate-solution is fine only with facts given.",
  "how-it-works": "items: only steps the description states, in order. Hidden when there are none.",
  specs: "items: specs and options exactly as given (title: name, text: value).",
  "in-the-box": "items: exactly the inTheBox list. Hidden when it is empty.",
  faq: "items: questions whose answers are in the data (options, price, the canon's shipping promise and guarantee), answered with those facts only.",
  guarantee: "body: the canon's guarantee, in its words. Hidden when the canon has none.",
  cta: "AIDA: heading and body that ask for the order using only the facts given; buttonLabel: 2-3 words.",
};

function promptTurns(product: PageProduct, canon: CanonFacts, kinds: readonly PageSectionKind[]): ChatTurn[] {
  const offer = offerOf(product);
  const money = (cents: number | null) => (cents === null ? null : formatMoney(cents, product.currency));
  const facts = {
    product,
    offer: offer ? { price: money(offer.priceCents), compareAt: money(offer.compareAtCents), saving: money(offer.savingCents), savingPercent: offer.savingPercent } : null,
    canon: { brandName: canon.brandName, voice: canon.voice, audience: canon.audience, shippingPromise: canon.shippingPromise, guarantee: canon.guarantee },
  };
  const system = [
    "You write the sections of a one-product landing page as JSON.",
    "The rule that outranks every other: use ONLY facts in the data below. Never invent reviews, ratings, star counts, customer numbers, certifications (FDA, CE, clinically tested, dermatologist, awards), guarantees, returns, warranties, shipping or delivery promises, materials, dimensions, numbers, percentages or any product fact the data does not state. Shipping and guarantee words come only from the canon's shippingPromise and guarantee.",
    "When a section has nothing true to say, set hidden to true, leave its body and items empty, and add one sentence to missing telling the merchant what to add and where (Product → Description, Product → Specs, Product → What's in the box, Project → Canon).",
    "Write in the brand voice when the canon gives one. Plain text only: no markdown, no HTML, no emoji.",
    `Return one object per kind, in this order: ${kinds.join(", ")}.`,
    ...kinds.map((kind) => `- ${kind}: ${SECTION_GUIDE[kind]}`),
  ].join("\n");
  return [
    { role: "system", content: system },
    { role: "user", content: `The data, as JSON:\n${JSON.stringify(facts)}\n\nAnswer with the JSON object only.` },
  ];
}

/** The model's text as JSON: a bare object, or one inside a ```json fence. */
function parseAnswer(text: string): z.infer<typeof ModelAnswerSchema> {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(text)?.[1] ?? text;
  const start = fenced.indexOf("{");
  const end = fenced.lastIndexOf("}");
  let raw: unknown;
  try {
    raw = JSON.parse(start >= 0 && end > start ? fenced.slice(start, end + 1) : fenced);
  } catch {
    throw new AppError("UNAVAILABLE", "The AI model's page was not valid JSON.", { details: { provider: "page-writer" } });
  }
  const parsed = ModelAnswerSchema.safeParse(raw);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new AppError("UNAVAILABLE", `The AI model's page did not match the section format (${first.path.join(".") || "answer"}: ${first.message}).`, {
      details: { provider: "page-writer" },
    });
  }
  return parsed.data;
}

/**
 * Writes the sections with the model, validated and grounded (see the module comment). `kinds`
 * limits the answer to some sections (a "rewrite this section"); all eight when absent. Images
 * are placed as the built-in writer places them. Throws AppError("UNAVAILABLE") when the model
 * cannot answer or answers outside the format, so the caller can fall back to the built-in.
 */
export async function writePageSectionsWithModel(
  completer: PageCompleter,
  product: PageProduct,
  canon: CanonFacts,
  options: { kinds?: readonly PageSectionKind[]; signal?: AbortSignal } = {},
): Promise<GeneratedSections & { generatedBy: string }> {
  const kinds = PAGE_SECTION_KINDS.filter((k) => !options.kinds || options.kinds.includes(k));
  const text = await completer.completeJson(promptTurns(product, canon, kinds), PAGE_SECTIONS_FORMAT, options.signal);
  const answer = parseAnswer(text);
  const builtin = writePageSections(product, canon);
  const fromModel: PageSection[] = [];
  const fallback: PageSection[] = [];
  for (const kind of kinds) {
    const base = builtin.sections.find((s) => s.kind === kind)!;
    const written = answer.sections.find((s) => s.kind === kind);
    if (!written) {
      fallback.push(base);
      continue;
    }
    fromModel.push({
      id: base.id,
      kind,
      hidden: written.hidden,
      heading: oneLine(written.heading) || base.heading,
      body: written.body.trim(),
      items: written.items.map((i) => ({ title: oneLine(i.title), text: i.text.trim() })).filter((i) => i.title || i.text),
      imageUrl: base.imageUrl,
      buttonLabel: kind === "hero" || kind === "cta" ? oneLine(written.buttonLabel ?? "") || base.buttonLabel : null,
    });
  }
  const grounded = groundSections(fromModel, product, canon);
  const byKind = new Map([...grounded.sections, ...fallback].map((s) => [s.kind, s]));
  const modelMissing = answer.missing.map(oneLine).filter(Boolean);
  return {
    sections: kinds.map((k) => byKind.get(k)!),
    missing: [...new Set([...modelMissing, ...grounded.missing])],
    ...(builtin.theme ? { theme: builtin.theme } : {}),
    generatedBy: completer.id,
  };
}
