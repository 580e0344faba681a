/**
 * The built-in page writer: works offline, is deterministic (the same product and canon always
 * give the same sections), and writes only what the data holds. Copy frameworks give the shape
 * (PAS for the hero, whose Solution beat is the product's own first sentence and the offer — the
 * Problem and Agitate beats would need facts about the shopper the data does not hold, so they
 * are never written; AIDA for the call to action: audience, shipping promise, the button); the
 * brand voice only chooses between fixed phrasings of headings and buttons, none of which states
 * a fact. A section with nothing true to say is hidden and named in `missing` with what to add.
 *
 * Canon paths read (`canonFactsFrom`), first one set wins:
 * - brand name: brand.name, business.name, store.name
 * - voice: brand.voice (what the auto-rules write), brand.tone (what project answers also read)
 * - audience: audience.primary (auto-rules), with audience.primary.age appended when set
 * - shipping promise: shipping.promise (auto-rules), shipping.policy, policies.shipping
 * - guarantee: guarantee, guarantee.policy, guarantee.promise, returns.policy, returns.promise,
 *   returns, policies.returns, policies.guarantee, brand.guarantee (no auto-rule writes these:
 *   only what the merchant or research set)
 * - colours: brand.colors.primary / brand.colours.primary, .main, brand.color, brand.colour,
 *   brand.primaryColor, brand.colors / brand.colours (a list or "#111, #eee"), brand.palette.*,
 *   then any other brand.colors.* / brand.colours.* path; only #hex values are read.
 */
import { PAGE_ITEMS_MAX, PAGE_SECTION_KINDS, SECTION_LABELS, type PageProduct, type PageSection, type PageSectionKind, type PageTheme } from "~/domain/contracts/pages";
import { stripHtml } from "~/server/web/html";
import { formatMoney, offerOf } from "./offer";
import { oneLine, sentencesOf } from "./text";
import { normalizeHex, themeFor } from "./theme";

export interface CanonFacts {
  brandName: string | null;
  voice: string | null;
  audience: string | null;
  shippingPromise: string | null;
  guarantee: string | null;
  /** Brand colours as #rrggbb, the primary first. */
  colours: string[];
}

export interface GeneratedSections {
  sections: PageSection[];
  missing: string[];
  /** Set only when the canon holds brand colours (otherwise the page keeps the theme it has). */
  theme?: PageTheme;
}

const BRAND_NAME_PATHS = ["brand.name", "business.name", "store.name"];
const VOICE_PATHS = ["brand.voice", "brand.tone"];
const SHIPPING_PATHS = ["shipping.promise", "shipping.policy", "policies.shipping"];
const GUARANTEE_PATHS = [
  "guarantee",
  "guarantee.policy",
  "guarantee.promise",
  "returns.policy",
  "returns.promise",
  "returns",
  "policies.returns",
  "policies.guarantee",
  "brand.guarantee",
];
const COLOUR_PATHS = [
  "brand.colors.primary",
  "brand.colours.primary",
  "brand.colors.main",
  "brand.colours.main",
  "brand.color",
  "brand.colour",
  "brand.primaryColor",
  "brand.colors",
  "brand.colours",
  "brand.palette.primary",
  "brand.palette.main",
  "brand.palette",
];
const COLOUR_GROUPS = ["brand.colors.", "brand.colours.", "brand.palette."];

function valueText(value: unknown): string | null {
  if (typeof value === "string") return oneLine(value) || null;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (Array.isArray(value)) {
    const parts = value.filter((v): v is string => typeof v === "string").map(oneLine).filter(Boolean);
    return parts.length ? parts.join(", ") : null;
  }
  return null;
}

/** The canon facts a page is written with, from canon entries (see the module comment for the paths). */
export function canonFactsFrom(entries: readonly { path: string; value: unknown }[]): CanonFacts {
  const byPath = new Map<string, unknown>();
  for (const { path, value } of entries) if (!byPath.has(path)) byPath.set(path, value);
  const first = (paths: readonly string[]) => {
    for (const path of paths) {
      const text = valueText(byPath.get(path));
      if (text) return text;
    }
    return null;
  };
  const audience = first(["audience.primary"]);
  const age = first(["audience.primary.age"]);

  const grouped = [...byPath.keys()].filter((p) => COLOUR_GROUPS.some((g) => p.startsWith(g)) && !COLOUR_PATHS.includes(p)).sort();
  const colours: string[] = [];
  for (const path of [...COLOUR_PATHS, ...grouped]) {
    const value = byPath.get(path);
    const texts = Array.isArray(value) ? value : [value];
    for (const text of texts) {
      if (typeof text !== "string") continue;
      for (const token of text.match(/#[0-9a-f]{6}\b|#[0-9a-f]{3}\b/gi) ?? []) {
        const hex = normalizeHex(token);
        if (hex && !colours.includes(hex)) colours.push(hex);
      }
    }
  }
  return {
    brandName: first(BRAND_NAME_PATHS),
    voice: first(VOICE_PATHS),
    audience: audience ? (age ? `${audience} (${age})` : audience) : null,
    shippingPromise: first(SHIPPING_PATHS),
    guarantee: first(GUARANTEE_PATHS),
    colours,
  };
}

// ── Tone ────────────────────────────────────────────────────────────────────────────────────

type Tone = "plain" | "warm" | "playful" | "premium" | "expert";

interface Phrasing {
  heroButton: string;
  benefits: string;
  howItWorks: string;
  specs: string;
  inTheBox: string;
  faq: string;
  guarantee: string;
  ctaHeading: string;
  ctaButton: string;
}

/** Fixed phrasings per tone: words about the page, never about the product. */
const PHRASINGS: Record<Tone, Phrasing> = {
  plain: {
    heroButton: "Buy now",
    benefits: "Why you'll like it",
    howItWorks: "How it works",
    specs: "Specs",
    inTheBox: "What's in the box",
    faq: "Questions and answers",
    guarantee: "Our promise",
    ctaHeading: "Ready to order?",
    ctaButton: "Order now",
  },
  warm: {
    heroButton: "Get yours",
    benefits: "What you'll love",
    howItWorks: "How it works",
    specs: "The details",
    inTheBox: "What's in the box",
    faq: "Good to know",
    guarantee: "Our promise to you",
    ctaHeading: "Ready when you are",
    ctaButton: "Get yours",
  },
  playful: {
    heroButton: "I want one",
    benefits: "The good stuff",
    howItWorks: "How it works",
    specs: "The nitty-gritty",
    inTheBox: "What's in the box",
    faq: "You asked",
    guarantee: "Our promise",
    ctaHeading: "Go on, you know you want to",
    ctaButton: "I want one",
  },
  premium: {
    heroButton: "Order now",
    benefits: "The details that matter",
    howItWorks: "How it works",
    specs: "Specifications",
    inTheBox: "In the box",
    faq: "Questions",
    guarantee: "Our commitment",
    ctaHeading: "Make it yours",
    ctaButton: "Order now",
  },
  expert: {
    heroButton: "Buy now",
    benefits: "Key features",
    howItWorks: "How to use it",
    specs: "Technical specifications",
    inTheBox: "Package contents",
    faq: "Frequently asked questions",
    guarantee: "Guarantee",
    ctaHeading: "Order yours",
    ctaButton: "Buy now",
  },
};

const TONE_WORDS: [Tone, RegExp][] = [
  ["playful", /\b(?:playful|fun|funny|cheeky|witty|quirky|bold|irreverent|humou?r(?:ous)?|energetic|upbeat)\b/i],
  ["premium", /\b(?:premium|luxur(?:y|ious)|elegant|sophisticated|refined|minimal(?:ist)?|understated|high-end|classy)\b/i],
  ["expert", /\b(?:expert|professional|technical|authoritative|scientific|precise|clinical|informative|knowledgeable|no-nonsense)\b/i],
  ["warm", /\b(?:warm|friendly|caring|gentle|calm|empathetic|kind|reassuring|cosy|cozy|approachable|conversational)\b/i],
];

export function toneOf(voice: string | null): Tone {
  if (!voice) return "plain";
  return TONE_WORDS.find(([, words]) => words.test(voice))?.[0] ?? "plain";
}

// ── Reading the description ─────────────────────────────────────────────────────────────────

interface DescriptionParts {
  /** Sentences of running text, in order. */
  prose: string[];
  /** Feature lines: list items outside the steps, specs and box blocks. */
  bullets: string[];
  /** Steps: lines under a "How to use" heading, or "Step 1: …" lines. */
  steps: string[];
  /** "Name: value" lines under a specs heading. */
  specs: { name: string; value: string }[];
}

const LIST_MARKER = /^(?:[-*•·✓✔►▪◦–]\s*|\d{1,2}[.)]\s+|step\s*\d{1,2}\s*[:.)–-]?\s*)/i;
const STEP_LINE = /^step\s*\d{1,2}\s*[:.)–-]?\s*/i;
const BLOCKS: [Exclude<Block, "text">, RegExp][] = [
  ["steps", /\b(?:how (?:to use|it works|to)|instructions?|directions|usage|getting started|set ?up|use it)\b/i],
  ["box", /\b(?:in the box|package (?:includes|contents)|what'?s included|box contents|includes|package)\b/i],
  ["specs", /\b(?:spec(?:ification)?s?|technical|dimensions|details|size chart)\b/i],
  ["features", /\b(?:features?|benefits?|highlights?|why)\b/i],
];
type Block = "text" | "steps" | "box" | "specs" | "features";

/** A heading line: "Features:", "HOW TO USE", "## Specs" (short, no sentence inside). */
function headingOf(line: string): string | null {
  const md = /^#{1,6}\s+(.+)$/.exec(line);
  if (md) return md[1].replace(/:$/, "");
  if (line.length <= 40 && /:$/.test(line) && !/:\s*\S/.test(line.slice(0, -1))) return line.slice(0, -1);
  if (line.length <= 40 && /[A-Z]/.test(line) && line === line.toUpperCase() && !/[.!?]$/.test(line)) return line;
  return null;
}

/** The description as lines of text; HTML list items keep a "- " and headings a "## " so their roles survive. */
function plainDescription(description: string): string {
  if (!/<[A-Za-z!/]/.test(description)) return description.replace(/\r\n?/g, "\n");
  return stripHtml(description.replace(/<li\b[^>]*>/gi, "$&- ").replace(/<h[1-6]\b[^>]*>/gi, "$&## "));
}

/** Attribute names a supplier's spec lines start with ("Size 45x25cm", "Material: cotton"). */
const SPEC_NAMES =
  /^(size|dimensions?|measurements?|weight|net weight|materials?|fabric|colou?rs?|capacity|battery(?: life)?|power|voltage|wattage|length|width|height|depth|thickness|diameter|volume|charging(?: time)?|input|output|compatib(?:le with|ility)|care|packaging|quantity|model|warranty)\b/i;

/**
 * A description line that states an attribute rather than a benefit: "Size 45x25cm.",
 * "Material: 100% cotton", "Weight - 200 g". Answers it as a spec, or null.
 */
export function specFromLine(line: string): { name: string; value: string } | null {
  const text = oneLine(line).replace(/[.;]$/, "");
  if (text.length > 90) return null;
  const pair = /^([^:]{1,30}):\s*(.+)$/.exec(text);
  if (pair && pair[1].trim().split(/\s+/).length <= 4 && !/[.!?]/.test(pair[1]) && pair[2].trim().split(/\s+/).length <= 6 && (/\d/.test(pair[2]) || SPEC_NAMES.test(pair[1].trim()))) {
    return { name: upperFirst(pair[1].trim()), value: pair[2].trim() };
  }
  const named = SPEC_NAMES.exec(text);
  if (named) {
    const value = text.slice(named[0].length).replace(/^\s*(?:is|are|of|[-–—:])?\s*/i, "").trim();
    // "Size matters when you travel" is prose: a spec's value holds a figure or is a few words.
    if (value && (/\d/.test(value) || value.split(/\s+/).length <= 3)) return { name: upperFirst(named[0].toLowerCase()), value };
  }
  // A line of figures and units alone ("45 x 25 cm", "2 x AA") is a measurement, never a benefit.
  if (/\d/.test(text) && text.replace(/[\d\s.,x×*/%+-]|\b(?:mm|cm|m|in|inch(?:es)?|ft|g|kg|lbs?|oz|ml|l|mah|w|v|pcs?|pack)\b/gi, "").trim().length === 0) return { name: "Size", value: text };
  return null;
}

/** A sentence a shopper would read as a benefit: whole (five words or more), not an attribute line. */
const isBenefitSentence = (sentence: string) => sentence.split(/\s+/).length >= 5 && !specFromLine(sentence);

export function readDescription(description: string): DescriptionParts {
  const parts: DescriptionParts = { prose: [], bullets: [], steps: [], specs: [] };
  let block: Block = "text";
  let sawItem = false;
  let blankAfterItem = false;
  for (const raw of plainDescription(description).split("\n")) {
    const line = oneLine(raw);
    if (!line) {
      if (sawItem) blankAfterItem = true;
      continue;
    }
    const heading = headingOf(line);
    if (heading) {
      block = BLOCKS.find(([, words]) => words.test(heading))?.[0] ?? "text";
      sawItem = blankAfterItem = false;
      continue;
    }
    const listed = LIST_MARKER.test(line);
    // Running text after a blank line ends a block's list ("How to use:" … then a paragraph).
    if (!listed && blankAfterItem && block !== "text" && block !== "features") block = "text";
    const item = line.replace(LIST_MARKER, "").trim();
    if (!item) continue;
    if (STEP_LINE.test(line)) {
      parts.steps.push(item);
      continue;
    }
    switch (block) {
      case "steps":
        parts.steps.push(item);
        break;
      case "box":
        break; // the box contents come from the product's own list
      case "specs": {
        const pair = /^([^:]{1,60}):\s*(.+)$/.exec(item);
        if (pair) parts.specs.push({ name: pair[1].trim(), value: pair[2].trim() });
        else parts.bullets.push(item);
        break;
      }
      case "features": {
        const spec = specFromLine(item);
        if (spec) parts.specs.push(spec);
        else parts.bullets.push(item);
        break;
      }
      default:
        if (listed) {
          const spec = specFromLine(item);
          if (spec) parts.specs.push(spec);
          else parts.bullets.push(item);
        } else {
          for (const sentence of sentencesOf(item)) {
            const spec = specFromLine(sentence);
            if (spec) parts.specs.push(spec);
            else parts.prose.push(sentence);
          }
        }
    }
    sawItem = true;
    blankAfterItem = false;
  }
  return parts;
}

/** "Touch dimmer: slide a finger…" as a title and a text; a line without a lead is all title. */
function benefitItem(line: string): { title: string; text: string } {
  const split = /^(.{2,60}?)\s*(?::|\s[–—-]\s)\s*(.+)$/.exec(line);
  if (split && !/[.!?]$/.test(split[1])) return { title: split[1].trim(), text: upperFirst(split[2].trim()) };
  return { title: line, text: "" };
}

function upperFirst(text: string): string {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

function ensureStop(text: string): string {
  return /[.!?…)"”]$/.test(text) ? text : `${text}.`;
}

// ── The sections ────────────────────────────────────────────────────────────────────────────

const MAX_BENEFITS = 6;
const MAX_PROSE_BENEFITS = 4;
const MAX_FAQ = 8;
const HERO_SENTENCE_MAX = 240;

function blank(kind: PageSectionKind, counters: Map<PageSectionKind, number>): PageSection {
  const n = (counters.get(kind) ?? 0) + 1;
  counters.set(kind, n);
  return { id: `${kind}-${n}`, kind, hidden: false, heading: SECTION_LABELS[kind], body: "", items: [], imageUrl: null, buttonLabel: null };
}

/** The offer in words: "$39.99", "From $19.99", "Now $39.99, was $59.99: you save $20.00 (33%)." */
export function offerSentence(product: PageProduct): string | null {
  const offer = offerOf(product);
  if (!offer) return null;
  const money = (cents: number) => formatMoney(cents, product.currency);
  if (offer.compareAtCents !== null && offer.savingCents !== null) {
    return `${offer.from ? "From" : "Now"} ${money(offer.priceCents)}, was ${money(offer.compareAtCents)}: you save ${money(offer.savingCents)} (${offer.savingPercent}%).`;
  }
  return `${offer.from ? "From " : ""}${money(offer.priceCents)}.`;
}

function optionQuestion(name: string): string {
  if (/\bsizes?\b/i.test(name)) return "What sizes are there?";
  if (/\bcolou?rs?\b/i.test(name)) return "Which colours can I choose?";
  return `Which ${name.toLowerCase()} options are there?`;
}

const RETURNS_WORDS = /\b(?:return|returns|refund|money[- ]back|send it back|exchange)\b/i;

const specNamed = (specs: readonly { name: string; value: string }[], words: RegExp) => specs.filter((s) => words.test(s.name) && oneLine(s.value));
const MATERIAL = /^(?:materials?|fabric|made of)$/i;
const SIZE = /^(?:size|dimensions?|measurements?|length|width|height|depth|diameter|thickness|volume|capacity)$/i;
const WEIGHT = /^(?:weight|net weight)$/i;
const POWER = /^(?:battery(?: life)?|charging(?: time)?|power|input|voltage|wattage)$/i;
const CARE = /^(?:care|washing|cleaning)(?: instructions)?$/i;
const COMPATIBLE = /^compatib(?:le with|ility)$/i;

/** "a, b and c" */
function listOf(values: readonly string[]): string {
  const clean = values.map(oneLine).filter(Boolean);
  return clean.length <= 1 ? (clean[0] ?? "") : `${clean.slice(0, -1).join(", ")} and ${clean[clean.length - 1]}`;
}

/** Benefit statements from the record's attributes, each a whole statement of a fact it holds. */
function attributeBenefits(product: PageProduct, specs: readonly { name: string; value: string }[]): { title: string; text: string }[] {
  const out: { title: string; text: string }[] = [];
  const material = specNamed(specs, MATERIAL)[0];
  if (material) out.push({ title: `Made of ${oneLine(material.value).replace(/\.$/, "")}`, text: "" });
  for (const option of product.options.filter((o) => o.values.length > 1).slice(0, 2)) {
    out.push({ title: `Available in ${listOf(option.values)}`, text: `Choose your ${oneLine(option.name).toLowerCase()} at checkout.` });
  }
  const colour = specNamed(specs, /^colou?rs?$/i)[0];
  if (colour && !product.options.some((o) => /colou?r/i.test(o.name))) out.push({ title: `Available in ${oneLine(colour.value).replace(/\.$/, "").toLowerCase()}`, text: "" });
  const box = product.inTheBox.map(oneLine).filter(Boolean);
  if (box.length > 1) out.push({ title: `Comes with ${listOf(box.map((b) => b.charAt(0).toLowerCase() + b.slice(1)))}`, text: "Everything listed in the box below." });
  return out;
}

/** Questions the record answers: options, size, materials, weight, power, care, box, delivery, returns, how to use, price. */
function faqItems(product: PageProduct, canon: CanonFacts, specs: readonly { name: string; value: string }[], steps: readonly string[], offer: string | null): { title: string; text: string }[] {
  const say = (items: readonly { name: string; value: string }[]) => ensureStop(items.map((s) => `${upperFirst(oneLine(s.name))}: ${oneLine(s.value).replace(/\.$/, "")}`).join("; "));
  const items: { title: string; text: string }[] = [];
  const size = specNamed(specs, SIZE);
  if (size.length) items.push({ title: "How big is it?", text: say(size) });
  const material = specNamed(specs, MATERIAL);
  if (material.length) items.push({ title: "What is it made of?", text: say(material) });
  const weight = specNamed(specs, WEIGHT);
  if (weight.length) items.push({ title: "How much does it weigh?", text: say(weight) });
  const power = specNamed(specs, POWER);
  if (power.length) items.push({ title: "How is it powered?", text: say(power) });
  const compatible = specNamed(specs, COMPATIBLE);
  if (compatible.length) items.push({ title: "What does it work with?", text: say(compatible) });
  const care = specNamed(specs, CARE);
  if (care.length) items.push({ title: "How do I look after it?", text: say(care) });
  items.push(...product.options.map((o) => ({ title: optionQuestion(o.name), text: ensureStop(listOf(o.values)) })));
  const box = product.inTheBox.map(oneLine).filter(Boolean);
  if (box.length) items.push({ title: "What's in the box?", text: ensureStop(upperFirst(listOf(box))) });
  if (steps.length) items.push({ title: "How do I use it?", text: `${ensureStop(upperFirst(steps[0]))}${steps.length > 1 ? " The steps are under How it works." : ""}` });
  if (canon.shippingPromise) items.push({ title: "What are the shipping terms?", text: canon.shippingPromise });
  else if (product.shippingDays) items.push({ title: "How long does delivery take?", text: `The supplier ships in about ${product.shippingDays} days.` });
  if (canon.guarantee) items.push({ title: RETURNS_WORDS.test(canon.guarantee) ? "Can I send it back?" : "Is there a guarantee?", text: canon.guarantee });
  // The price is on the page already; it is a question only when little else is answered.
  if (offer && items.length < 3) items.push({ title: "How much is it?", text: offer });
  return items;
}

/** Writes every section kind in PAGE_SECTION_KINDS order (see the module comment). */
export function writePageSections(product: PageProduct, canon: CanonFacts): GeneratedSections {
  const phrasing = PHRASINGS[toneOf(canon.voice)];
  const parts = readDescription(product.description);
  const counters = new Map<PageSectionKind, number>();
  const missing: string[] = [];
  const title = oneLine(product.title);
  const offer = offerSentence(product);
  const sections = new Map<PageSectionKind, PageSection>();
  const hide = (section: PageSection, why: string) => {
    section.hidden = true;
    missing.push(why);
  };

  // Hero (PAS: the Solution beat only — the product's own first sentence — then the offer).
  const hero = blank("hero", counters);
  // Headline: the product's name. Subhead: its own first whole sentence, else the record's type and brand.
  const lead = parts.prose.find((p) => p.length <= HERO_SENTENCE_MAX && isBenefitSentence(p)) ?? null;
  const typeLine = product.productType ? `${upperFirst(oneLine(product.productType))}${product.vendor ? ` by ${oneLine(product.vendor)}` : ""}.` : null;
  hero.heading = title;
  const firstFeature = parts.bullets[0] ? ensureStop(upperFirst(benefitItem(parts.bullets[0]).title)) : null;
  hero.body = [lead ?? firstFeature ?? typeLine, offer].filter(Boolean).join(" ");
  hero.buttonLabel = phrasing.heroButton;
  hero.imageUrl = product.images[0] ?? null;
  sections.set("hero", hero);
  if (!offer) missing.push("No price in the product data: add the price in Product → Price so the page can show the offer.");
  if (product.images.length === 0) missing.push("No product images: add at least one in Product → Images (pages without an image show no picture when shared).");
  if (!oneLine(plainDescription(product.description))) missing.push("No product description: add the supplier's description in Product → Description so the page can list benefits.");

  // Benefits: the description's feature lines, then its whole sentences, then statements built
  // from the record's own attributes (materials, options, box contents); never a spec line, never a benefit of our own.
  const benefits = blank("benefits", counters);
  benefits.heading = phrasing.benefits;
  const fromBullets = parts.bullets.slice(0, MAX_BENEFITS).map(benefitItem);
  const fromProse = fromBullets.length >= 3 ? [] : parts.prose.filter((s) => s !== lead && isBenefitSentence(s)).slice(0, MAX_PROSE_BENEFITS).map((s) => ({ title: s, text: "" }));
  const allSpecs = [...product.specs, ...parts.specs];
  benefits.items = [...fromBullets, ...fromProse, ...(fromBullets.length + fromProse.length >= 3 ? [] : attributeBenefits(product, allSpecs))].slice(0, MAX_BENEFITS);
  if (benefits.items.length === 0) hide(benefits, "No feature list or description sentences to write benefits from: add the product's features in Product → Description, one per line.");
  sections.set("benefits", benefits);

  // How it works: only steps the description spells out.
  const how = blank("how-it-works", counters);
  how.heading = phrasing.howItWorks;
  how.items = parts.steps.slice(0, PAGE_ITEMS_MAX).map((step) => ({ title: ensureStop(upperFirst(step)), text: "" }));
  if (how.items.length === 0) hide(how, "No steps in the product description: add them under a 'How to use:' line in Product → Description, one step per line, to show How it works.");
  sections.set("how-it-works", how);

  // Specs: the product's specs, the description's spec lines, then the options.
  const specs = blank("specs", counters);
  specs.heading = phrasing.specs;
  const specItems = [...product.specs, ...parts.specs].map((s) => ({ title: oneLine(s.name), text: oneLine(s.value) })).filter((s) => s.title && s.text);
  const uniqueSpecs = specItems.filter((s, i) => specItems.findIndex((o) => o.title.toLowerCase() === s.title.toLowerCase()) === i);
  const optionItems = product.options
    .filter((o) => !uniqueSpecs.some((s) => s.title.toLowerCase() === o.name.toLowerCase()))
    .map((o) => ({ title: oneLine(o.name), text: o.values.map(oneLine).join(", ") }));
  specs.items = [...uniqueSpecs, ...optionItems].slice(0, PAGE_ITEMS_MAX);
  if (specs.items.length === 0) hide(specs, "No specs or options in the product data: add them in Product → Specs (size, weight, materials as the supplier states them).");
  sections.set("specs", specs);

  // What's in the box: the product's own list.
  const box = blank("in-the-box", counters);
  box.heading = phrasing.inTheBox;
  box.items = product.inTheBox.map(oneLine).filter(Boolean).slice(0, PAGE_ITEMS_MAX).map((item) => ({ title: item, text: "" }));
  if (box.items.length === 0) hide(box, "No 'what's in the box' list in the product data: add the box contents in Product → What's in the box.");
  sections.set("in-the-box", box);

  // FAQ: only questions the record answers, each answer in its own words.
  const faq = blank("faq", counters);
  faq.heading = phrasing.faq;
  faq.items = faqItems(product, canon, allSpecs, how.items.length > 0 ? parts.steps : [], offer).slice(0, MAX_FAQ);
  if (faq.items.length === 0) hide(faq, "Nothing in the data answers a shopper's questions: add the options, the price, or a shipping promise and guarantee in the project canon.");
  if (!canon.shippingPromise && !product.shippingDays) missing.push("No shipping promise in the project canon: add shipping.promise in Project → Canon to answer delivery questions.");
  sections.set("faq", faq);

  // Guarantee: the canon's words, verbatim, or nothing.
  const guarantee = blank("guarantee", counters);
  if (canon.guarantee) {
    guarantee.heading = phrasing.guarantee;
    guarantee.body = canon.guarantee;
  } else {
    hide(guarantee, "No guarantee or returns policy in the project canon: add it as guarantee in Project → Canon, in the words you stand behind.");
  }
  sections.set("guarantee", guarantee);

  // Call to action (AIDA: the heading's attention, who it is for, the shipping promise, the button).
  const cta = blank("cta", counters);
  cta.heading = phrasing.ctaHeading;
  cta.body = [canon.audience ? `${title}, for ${canon.audience}.` : null, canon.shippingPromise ? `Shipping: ${canon.shippingPromise}` : null]
    .filter(Boolean)
    .map((line) => ensureStop(line!))
    .join("\n");
  cta.buttonLabel = phrasing.ctaButton;
  sections.set("cta", cta);

  // Pictures beyond the hero's go to the visible benefits and steps, in order; none is repeated.
  let nextImage = 1;
  for (const kind of ["benefits", "how-it-works"] as const) {
    const section = sections.get(kind)!;
    if (!section.hidden && product.images[nextImage]) section.imageUrl = product.images[nextImage++];
  }

  return {
    sections: PAGE_SECTION_KINDS.map((kind) => sections.get(kind)!),
    missing,
    ...(canon.colours.length ? { theme: themeFor(canon.colours) } : {}),
  };
}
