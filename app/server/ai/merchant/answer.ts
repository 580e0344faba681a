/**
 * The built-in analyst's reading of a conversation: each question read for its task, subjects and
 * the merchant's own figures (read-question.ts), follow-ups resolved against what the analyst
 * remembers (analyst-memory.ts), then answered: merchant math with the arithmetic shown, writing
 * for any product, comparisons and verdicts that say how they decide. Catalog research (winning
 * products, niches, stores, ad angles) is answered by the catalog templates in analyst.ts.
 *
 * The merchant's figures win: a figure they typed is used and called theirs; a catalog figure is
 * named as the sample catalog's, never "your" anything.
 */
import { EMPTY_MEMORY, subjectKey, type AnalystMemory, type StatedFigure, type SubjectRef } from "~/domain/chat/analyst-memory";
import {
  getNiche,
  getProduct,
  getStore,
  listNiches,
  nameInSentence,
  nicheStats,
  productsInNiche,
  rankWinningProducts,
  writeHook,
  AD_ANGLES,
  type Niche,
  type Product,
} from "~/server/market/catalog";
import { formatCents, formatChange, formatCount, formatCountOf, formatPercent } from "~/server/market/format";
import {
  answerConversation,
  BASIS_NOTE,
  budgetAnswer,
  adsAnswer,
  compareAnswer,
  copyAnswer,
  FABRICATION,
  GREETING,
  helpAnswer,
  missingProductAnswer,
  nicheCitation,
  nicheVerdictAnswer,
  OUT_OF_SCOPE,
  outOfScopeAnswer,
  pricingAnswer,
  productCitation,
  productTable,
  readTurn,
  refusalAnswer,
  storeProfileAnswer,
  storesAnswer,
  tableRecordIds,
  uniqueCitations,
  verdictAnswer,
  winningProductsAnswer,
  withLeadNote,
  type AnalystAnswer,
  type TurnReading,
} from "../analyst";
import type { FileFigure } from "../project-answer";
import type { ChatTurn, Citation } from "../types";
import {
  landedCost,
  pricesFromCost,
  TEST_BUDGET_MULTIPLE,
  TEST_DAYS,
  testPlan,
  toCents,
  unitEconomicsOf,
  type Figure,
  type Step,
  type UnitInputs,
} from "./merchant-math";
import { readQuestion, type Criterion, type MerchantTask, type QuestionReading, type StatedAmount } from "./read-question";
import { OWN_IMPORT_SOURCE, ownProductCalled, ownProductNamed, type OwnProduct } from "./own-products";
import { adCopyFor, descriptionFor, gapsIn, hooksFor, type WritingSubject } from "./writing";

export interface MerchantAnswer extends AnalystAnswer {
  memory: AnalystMemory;
}

/** Default count of hooks when the merchant names none. */
const DEFAULT_HOOKS = 5;

/** Answers the last question of a conversation; earlier answers' memories (or a replay of the turns) give the context. */
export function answerMerchantConversation(
  messages: readonly ChatTurn[],
  options: { fileFigures?: readonly FileFigure[]; ownProducts?: readonly OwnProduct[] } = {},
): MerchantAnswer {
  const userIndexes = messages.flatMap((m, i) => (m.role === "user" ? [i] : []));
  const lastIndex = userIndexes.at(-1);
  if (lastIndex === undefined) return { ...helpAnswer(), memory: EMPTY_MEMORY };
  const own = options.ownProducts ?? [];
  const memory = withFileFigures(memoryBefore(messages, lastIndex, own), options.fileFigures ?? []);
  return answerTurn(messages.slice(0, lastIndex + 1), messages[lastIndex].content, memory, own);
}

/** The project's files state the merchant's figures too: used as theirs (a figure typed in the chat wins), quoted as the file writes them. */
function withFileFigures(memory: AnalystMemory, files: readonly FileFigure[]): AnalystMemory {
  const missing = files.filter((f) => !memory.figures.some((m) => m.role === f.role && !m.file));
  if (!missing.length) return memory;
  const kept = memory.figures.filter((m) => !m.file);
  return { ...memory, figures: [...kept, ...missing.map((f) => ({ role: f.role, value: f.value, kind: "money" as const, written: f.written, subject: null, file: f.fileName }))] };
}

/** The memory the branch left before `index`: the newest stored one, or rebuilt by reading the earlier questions again. */
function memoryBefore(messages: readonly ChatTurn[], index: number, own: readonly OwnProduct[]): AnalystMemory {
  for (let i = index - 1; i >= 0; i--) {
    const m = messages[i];
    if (m.role === "assistant" && m.memory) return m.memory;
    if (m.role === "assistant") break;
  }
  // Stored answers from before memories existed, or a conversation built in a test: replay it.
  let memory = EMPTY_MEMORY;
  for (let i = 0; i < index; i++) {
    if (messages[i].role !== "user") continue;
    memory = answerTurn(messages.slice(0, i + 1), messages[i].content, memory, own).memory;
  }
  return memory;
}

// ---------------------------------------------------------------------------------------------
// One turn
// ---------------------------------------------------------------------------------------------

interface Resolved {
  subjects: SubjectRef[];
  /** How the subjects were found: named in the question, pointed at ("it", "those two"), or carried on. */
  how: "named" | "reference" | "carried" | "none";
  /** The catalog reading of the subject words, when they were read. */
  catalog: TurnReading | null;
}

function answerTurn(turns: readonly ChatTurn[], text: string, memory: AnalystMemory, own: readonly OwnProduct[]): MerchantAnswer {
  const keep = (answer: AnalystAnswer): MerchantAnswer => ({ ...answer, memory });
  if (!text.trim()) return keep(helpAnswer());
  if (FABRICATION.test(text)) return keep(refusalAnswer());
  if (OUT_OF_SCOPE.test(text)) return keep(outOfScopeAnswer());

  const reading = readQuestion(text);
  let resolved = resolveSubjects(reading, memory);
  // A product the merchant imported, named in the question, is read from their import, never from a sample product of the same name.
  const namedImport = resolved.how === "reference" ? undefined : ownProductNamed(text, own);
  if (namedImport) resolved = { subjects: [{ kind: "named", name: namedImport.name }], how: "named", catalog: null };
  const ownProduct = resolved.subjects[0]?.kind === "named" ? ownProductCalled(resolved.subjects[0].name, own) : undefined;
  // "And for cycling?", "what about the second one?": the last task, asked of a new subject.
  const bareFollowUp = /^\s*(and|what about|how about|same for|and what about|ok and|now)\b/i.test(text) || text.trim().split(/\s+/).length <= 3;
  const carried = bareFollowUp && resolved.how !== "none" ? (memory.task as MerchantTask | null) : null;
  // "What about the second one?" after a pick or a comparison asks about that product, not for the list again.
  const task: MerchantTask | null =
    reading.tasks[0] ??
    (carried && ["pick", "compare", "research"].includes(carried) && resolved.how === "reference" ? "verdict" : (carried ?? (ownProduct ? "verdict" : null)));
  const subjectKeyNow = resolved.subjects[0] ? subjectKey(resolved.subjects[0]) : null;
  // "What ROAS do I need at $26.99?": the one unlabelled amount of a money question is the price.
  const unlabelled = reading.amounts.filter((a) => a.kind === "money" && a.role === null);
  const amounts =
    unlabelled.length === 1 && (task === "break-even" || task === "margin" || task === "budget") && !reading.amounts.some((a) => a.role === "price")
      ? reading.amounts.map((a) => (a === unlabelled[0] ? { ...a, role: "price" as const } : a))
      : reading.amounts;
  const figures = withImportFigures(mergeFigures(memory, amounts, subjectKeyNow), ownProduct, subjectKeyNow);
  const platform = reading.platform ?? (resolved.how === "named" ? null : (memory.platform as QuestionReading["platform"]));
  const next = (answer: AnalystAnswer, list: SubjectRef[] = [], focus: SubjectRef[] = resolved.subjects): MerchantAnswer => ({
    ...answer,
    memory: {
      focus: (focus.length ? focus : memory.focus).slice(0, 5),
      list: (list.length ? list : answer.unanswered ? memory.list : listFromAnswer(answer)).slice(0, 20),
      figures: figures.slice(-30),
      platform: platform ?? null,
      task: task ?? memory.task,
    },
  });

  // Nothing this reader knows how to do, and nothing named or pointed at: the catalog analyst
  // answers (greetings, stores, ad research), with the turns so far.
  if (!task && resolved.how === "none" && reading.amounts.length === 0) {
    if (GREETING.test(text) || !reading.subjectText) return next(answerConversation(turns));
    const catalogAnswer = answerConversation(turns);
    if (catalogAnswer.unanswered) return next(scopeAnswer(reading, resolved));
    return next(catalogAnswer);
  }

  // "Which niche is best?", "what niches should I look at?": the catalog analyst ranks niches.
  if (/\bniches?\b/i.test(text) && resolved.how !== "reference" && (!task || task === "pick" || task === "compare" || task === "research") && !resolved.subjects.some((s) => s.kind === "product")) {
    return next(answerConversation(turns));
  }

  let subject = resolved.subjects[0];
  // A product task asked of a store ("what budget for the first store?") is done for its best seller, and says so.
  const storeBestSeller = subject?.kind === "store" && task && PRODUCT_TASKS.has(task) ? getProduct(getStore(subject.id)!.topProductIds[0]) : undefined;
  if (storeBestSeller) subject = refOfProduct(storeBestSeller);
  const product = subject?.kind === "product" ? getProduct(subject.id) : undefined;
  const niche = nicheOf(subject, resolved.catalog);
  const stated = statedFor(figures, subjectKeyNow);

  const leadNote = (answer: AnalystAnswer) =>
    storeBestSeller
      ? withLeadNote(answer, `You named a store, not a product: this is for ${getStore(resolved.subjects[0].kind === "store" ? resolved.subjects[0].id : "")?.name ?? "its"}'s best seller, ${storeBestSeller.name} (${storeBestSeller.id}).`)
      : ownProduct
        ? fromImport(answer, ownProduct)
        : answer;
  const missing =
    subject?.kind === "named" && !isYourProduct(subject) && !ownProduct
      ? { name: subject.name, substitutes: substitutesFor(subject.name, resolved.catalog, niche) }
      : null;

  switch (task) {
    case "break-even":
    case "margin":
      if (!product && !missing && niche && !hasOwnFigures(stated)) return next(pricingAnswer(niche, undefined, []));
      if (missing && !hasOwnFigures(stated)) return next(missingWithFigures(missing, task === "margin" ? "pricing" : "budget", niche));
      return next(leadNote(mathAnswer(task, reading, stated, product, subject, platform)));
    case "price":
      if (missing && !hasOwnFigures(stated)) return next(missingWithFigures(missing, "pricing", niche));
      return next(leadNote(priceAnswer(stated, product, subject, niche)));
    case "budget":
      if (missing && !hasOwnFigures(stated)) return next(missingWithFigures(missing, "budget", niche));
      if (subject?.kind === "niche" && niche && !hasOwnFigures(stated)) {
        const top = rankWinningProducts(productsInNiche(niche.id))[0];
        return next(budgetAnswer(top, platform, `You named a niche, not a product: this is the arithmetic for its strongest product, ${top.name}. Name another by its id for its own.`), [], [refOfProduct(top)]);
      }
      return next(leadNote(budgetForSubject(stated, product, subject, niche, platform)));
    case "pick":
      return next(...pickAnswer(reading, stated, niche, memory));
    case "compare":
      return next(...compareFor(reading, resolved, memory, niche));
    case "saturation":
    case "competition":
    case "demand":
      // "Who are the competitors (in pet supplies)?": the stores, largest first.
      if (task === "competition" && !product && subject?.kind !== "named") return next(storesAnswer(niche, []));
      return next(marketVerdict(task, product, subject, niche, resolved));
    case "verdict":
      if (product) return next(leadNote(verdictAnswer(product)));
      // An import has no market figures (ads, orders) in the sample catalog: its verdict is its unit economics.
      if (ownProduct) return next(leadNote(mathAnswer("break-even", reading, stated, undefined, subject, platform)));
      if (subject?.kind === "store") return next(storeProfileAnswer(getStore(subject.id)!));
      if (niche && subject?.kind === "niche") return next(nicheVerdictAnswer(niche));
      if (missing) return next(missingWithFigures(missing, "verdict", niche));
      return next(needsRecord(subject, "give a verdict", niche));
    case "hooks":
    case "ad-copy":
    case "description":
      // A catalog product's page draft comes from its record, with what the record does not hold said.
      if (task === "description" && product) return next(leadNote(copyAnswer(product)));
      // Hooks or ads for a niche: the hooks its real ads use, by angle.
      if (!product && subject?.kind === "niche" && niche) return next(adsAnswer(niche, undefined, []));
      return next(leadNote(writeFor(task, reading, product, subject, niche, stated, ownProduct)));
    case "research":
      if (subject?.kind === "named" && !niche) return next(scopeAnswer(reading, resolved));
      return next(winningProductsAnswer(niche, product, []));
    default:
      // No task this reader names (ad angles, a store, "and for cycling?"): the catalog analyst reads the turns.
      if (resolved.how !== "reference") return next(answerConversation(turns));
      if (product) return next(verdictAnswer(product));
      if (subject?.kind === "store") return next(storeProfileAnswer(getStore(subject.id)!));
      if (niche) return next(winningProductsAnswer(niche, undefined, []));
      return next(scopeAnswer(reading, resolved));
  }
}

// ---------------------------------------------------------------------------------------------
// Subjects
// ---------------------------------------------------------------------------------------------

function refOfProduct(p: Product): SubjectRef {
  return { kind: "product", id: p.id, name: p.name };
}

function refOfNiche(n: Niche): SubjectRef {
  return { kind: "niche", id: n.id, name: n.name };
}

/** The subjects a turn's own words name, read against the catalog. */
function namedSubjects(reading: QuestionReading): { subjects: SubjectRef[]; catalog: TurnReading | null } {
  const byId = /\b[PS]-\d{3,4}\b/i.test(reading.text);
  if (!reading.subjectText && !byId) return { subjects: [], catalog: null };
  let catalog = byId ? readTurn(reading.text) : readTurn(reading.subjectText);
  // The whole question may name an edition the subject words lost ("the pro yoga mat XL").
  const found = catalog.subject?.product;
  if (found && !byId) {
    const whole = readTurn(reading.text);
    const refined = whole.subject?.product;
    if (refined && refined !== found && refined.name.toLowerCase().startsWith(nameInSentence(found.name).toLowerCase())) catalog = whole;
  }
  const store = catalog.subject?.store;
  if (store) return { subjects: [{ kind: "store", id: store.id, name: store.name }], catalog };
  const product = catalog.subject?.product;
  if (product) return { subjects: [refOfProduct(product)], catalog };
  if (catalog.askedProduct) {
    // The merchant's whole phrase ("portable blender"), when the catalog's reading kept only part of it.
    const own = reading.subjectText.split(" ");
    const asked = catalog.askedProduct.toLowerCase().split(" ");
    const name = asked.every((w) => own.includes(w)) && own.length > asked.length ? reading.subjectText : catalog.askedProduct;
    const nicheId = catalog.subject?.niches[0]?.id;
    return { subjects: [{ kind: "named", name, ...(nicheId ? { nicheId } : {}) }], catalog };
  }
  const niches = catalog.subject?.niches ?? [];
  // Words beyond the niche's own ("unicorn saddle" in equestrian): a product the catalog does not hold.
  if (niches.length && catalog.unknownWords.length && !reading.tasks.includes("research")) return { subjects: [{ kind: "named", name: reading.subjectText, nicheId: niches[0].id }], catalog };
  if (niches.length) return { subjects: niches.map(refOfNiche), catalog };
  // Words no record knows: a product the merchant has in mind, kept in their words.
  if (catalog.unknownWords.length) return { subjects: [{ kind: "named", name: reading.subjectText }], catalog };
  return { subjects: [], catalog };
}

function resolveSubjects(reading: QuestionReading, memory: AnalystMemory): Resolved {
  const named = namedSubjects(reading);
  const pointed = resolveReference(reading, memory);
  // "Which of those two ..." points even when it also names words; a plain "it" loses to a named subject.
  if (pointed.length && (reading.reference?.kind !== "it" || !named.subjects.length)) return { subjects: pointed, how: "reference", catalog: named.catalog };
  if (named.subjects.length) return { subjects: named.subjects, how: "named", catalog: named.catalog };
  // A question that brings its own price and cost ("a $39 product with $12 cost") is about those figures, not the last subject.
  const ownUnitFigures = reading.amounts.filter((a) => a.kind === "money" && a.role && a.role !== "budget" && a.role !== "dailyBudget").length >= 2;
  if (ownUnitFigures && !pointed.length) return { subjects: [YOUR_PRODUCT], how: "named", catalog: named.catalog };
  if (memory.focus.length && !ownUnitFigures && (reading.tasks.length > 0 || reading.amounts.length > 0)) {
    // A follow-up with a task and nothing named ("what budget?") continues the subject, unless the task ranges over a market.
    const market = reading.tasks[0] === "research" || reading.tasks[0] === "pick";
    if (!market) return { subjects: memory.focus, how: "carried", catalog: null };
  }
  return { subjects: [], how: "none", catalog: named.catalog };
}

/** The product a merchant describes by its figures alone. */
const YOUR_PRODUCT: SubjectRef = { kind: "named", name: "your product" };
/** By value: a memory read back from storage holds a copy. */
const isYourProduct = (subject: SubjectRef) => subject.kind === "named" && subject.name === YOUR_PRODUCT.name;

const CRITERION_VALUE: Record<Criterion, (p: Product) => number> = {
  margin: (p) => p.marginPct,
  price: (p) => p.priceCents,
  competition: (p) => p.adCount,
  orders: (p) => p.monthlyOrders,
  trend: (p) => p.trendPct,
};

function resolveReference(reading: QuestionReading, memory: AnalystMemory): SubjectRef[] {
  const ref = reading.reference;
  if (!ref) return [];
  switch (ref.kind) {
    case "it":
      return memory.focus.slice(0, 1);
    case "those":
      return (memory.list.length ? memory.list : memory.focus).slice(0, ref.count ?? Math.max(2, Math.min(memory.list.length, 5)));
    case "ordinal": {
      const item = ref.index === -1 ? memory.list.at(-1) : memory.list[ref.index - 1];
      return item ? [item] : [];
    }
    case "extreme": {
      const products = memory.list.flatMap((s) => (s.kind === "product" ? [getProduct(s.id)!] : []));
      if (!products.length) return [];
      const value = CRITERION_VALUE[ref.criterion];
      const best = products.slice().sort((a, b) => (ref.direction === "min" ? value(a) - value(b) : value(b) - value(a)))[0];
      return [refOfProduct(best)];
    }
  }
}

function nicheOf(subject: SubjectRef | undefined, catalog: TurnReading | null): Niche | null {
  if (!subject) return null;
  if (subject.kind === "niche") return getNiche(subject.id) ?? null;
  if (subject.kind === "product") return getNiche(getProduct(subject.id)!.nicheId) ?? null;
  if (subject.kind === "store") return getNiche(getStore(subject.id)!.nicheId) ?? null;
  return catalog?.subject?.niches[0] ?? (subject.nicheId ? (getNiche(subject.nicheId) ?? null) : null);
}

/** The products an answer listed, in its order (its first table, else its cited products). */
function listFromAnswer(answer: AnalystAnswer): SubjectRef[] {
  const ids = tableRecordIds(answer.markdown);
  const fromTable = ids.flatMap((id) => {
    const p = id.startsWith("P-") ? getProduct(id) : undefined;
    const s = id.startsWith("S-") ? getStore(id) : undefined;
    return p ? [refOfProduct(p)] : s ? [{ kind: "store" as const, id: s.id, name: s.name }] : [];
  });
  if (fromTable.length) return fromTable;
  return (answer.citations ?? []).flatMap((c) => (c.record?.kind === "product" && getProduct(c.record.id) ? [refOfProduct(getProduct(c.record.id)!)] : []));
}

// ---------------------------------------------------------------------------------------------
// The merchant's figures
// ---------------------------------------------------------------------------------------------

/** Figures stated so far: a new statement of a role for the same subject replaces the old one. */
function mergeFigures(memory: AnalystMemory, amounts: readonly StatedAmount[], subject: string | null): StatedFigure[] {
  const figures = memory.figures.slice();
  for (const a of amounts) {
    if (!a.role) continue;
    const key = a.role === "budget" || a.role === "dailyBudget" ? null : subject;
    const i = figures.findIndex((f) => f.role === a.role && f.subject === key);
    const figure: StatedFigure = { role: a.role, value: a.value, kind: a.kind, written: a.written, subject: key };
    if (i >= 0) figures[i] = figure;
    else figures.push(figure);
  }
  return figures;
}

/** An imported product's own price, cost and shipping, as the merchant's figures for it; one they typed in the chat wins. */
function withImportFigures(figures: readonly StatedFigure[], product: OwnProduct | undefined, subject: string | null): StatedFigure[] {
  const kept = figures.filter((f) => !f.imported);
  if (!product || !subject) return kept;
  const own: [StatedFigure["role"], number | null][] = [
    ["price", product.priceCents],
    ["cost", product.costCents],
    ["shipping", product.shippingCostCents],
  ];
  const typed = (role: StatedFigure["role"]) => kept.some((f) => f.subject === subject && (f.role === role || (role !== "price" && f.role === "landedCost")));
  const added = own.flatMap(([role, cents]): StatedFigure[] =>
    cents === null || typed(role) ? [] : [{ role, value: cents / 100, kind: "money", written: formatCents(cents), subject, imported: product.id }],
  );
  return [...kept, ...added];
}

/** An answer about an imported product says where its figures come from and cites the import, which opens like any record. */
function fromImport(answer: AnalystAnswer, product: OwnProduct): AnalystAnswer {
  const held = [product.costCents !== null && "cost", product.shippingCostCents !== null && "shipping"].filter(Boolean);
  const note = `This is your imported product ${product.name} (${product.id}): its price${held.length ? ` and ${held.join(" and ")} come` : " comes"} from your import.`;
  const citation: Citation = { title: `Your import · ${product.id} ${product.name}`, source: OWN_IMPORT_SOURCE, record: { kind: "product", id: product.id } };
  const noted = withLeadNote(answer, note);
  return { ...noted, citations: uniqueCitations([citation, ...(noted.citations ?? [])]) };
}

/** The merchant's figures for this subject (and the ones stated for no subject), by role. */
function statedFor(figures: readonly StatedFigure[], subject: string | null): Partial<Record<StatedFigure["role"], StatedFigure>> {
  const out: Partial<Record<StatedFigure["role"], StatedFigure>> = {};
  for (const f of figures) if (f.subject === subject || f.subject === null) out[f.role] = f;
  return out;
}

/** Tasks done for one product: asked of a store, they are done for its best seller. */
const PRODUCT_TASKS: ReadonlySet<MerchantTask> = new Set<MerchantTask>(["price", "margin", "break-even", "budget", "verdict", "hooks", "ad-copy", "description"]);

/** The nearest records to a product no record holds: from this turn's reading, else its name read again. */
function substitutesFor(name: string, catalog: TurnReading | null, niche: Niche | null): readonly Product[] {
  if (catalog?.substitutes.length) return catalog.substitutes;
  const again = readTurn(name).substitutes;
  return again.length ? again : comparables(undefined, { kind: "named", name }, niche).slice(0, 3);
}

function hasOwnFigures(stated: ReturnType<typeof statedFor>): boolean {
  return Boolean(stated.price || stated.cost || stated.landedCost || stated.shipping);
}

/**
 * A product no record holds, asked for something that needs its figures: said first, the nearest
 * records named as substitutes, and the way forward: the merchant's own figures.
 */
function missingWithFigures(missing: { name: string; substitutes: readonly Product[] }, intent: "pricing" | "budget" | "verdict", niche: Niche | null): AnalystAnswer {
  const answer = missingProductAnswer(missing.name, intent, missing.substitutes, niche);
  const [heading, blank, first, ...rest] = answer.markdown.split("\n");
  const ask =
    intent === "verdict"
      ? `Tell me its price, your cost and shipping, and I'll work out what it leaves per sale and its break-even ROAS.`
      : `Tell me your figures (for example _"I pay [cost] plus [shipping] and sell at [price]"_) and I'll work it out from them.`;
  return { ...answer, markdown: [heading, blank, first, "", ask, ...rest].join("\n") };
}

const yours = (f: StatedFigure | undefined): Figure | undefined =>
  f && f.kind === "money"
    ? { cents: toCents(f.value), source: "yours", ...(f.file ? { from: `your file ${f.file} (${f.written})` } : f.imported ? { from: `your import ${f.imported}` } : {}) }
    : undefined;

/** Unit inputs: the merchant's figures first, the catalog record's for what they did not say. */
function unitInputs(stated: ReturnType<typeof statedFor>, product: Product | undefined): UnitInputs {
  const inputs: UnitInputs = {
    price: yours(stated.price),
    cost: yours(stated.cost),
    shipping: yours(stated.shipping),
    landed: yours(stated.landedCost),
  };
  if (product) {
    const hasOwnCost = inputs.cost || inputs.landed;
    inputs.price ??= { cents: product.priceCents, source: "catalog" };
    if (!hasOwnCost) {
      inputs.cost = { cents: product.costCents, source: "catalog" };
      inputs.shipping ??= { cents: product.shippingCostCents, source: "catalog" };
    }
  }
  return inputs;
}


function stepLines(steps: readonly Step[]): string[] {
  return steps.map((s) => `- **${s.label}:** ${s.arithmetic}`);
}

function givenLines(inputs: UnitInputs, product: Product | undefined): string[] {
  const lines: string[] = [];
  const row = (label: string, f: Figure | undefined) => {
    if (!f) return;
    lines.push(`| ${label} | ${formatCents(f.cents)} | ${f.source === "yours" ? (f.from ?? "you said") : `sample catalog, ${product?.id ?? "record"}`} |`);
  };
  row("Selling price", inputs.price);
  row("Landed cost (product and shipping)", inputs.landed);
  row("Product cost", inputs.cost);
  row("Shipping", inputs.shipping);
  return lines.length ? ["| Figure | Amount | Source |", "|---|---|---|", ...lines] : [];
}

/** The opening every answer on the merchant's figures shares: heading, whose figures, the figures, the arithmetic. */
function figuresHead(heading: string, inputs: UnitInputs, product: Product | undefined, steps: readonly Step[]): string[] {
  return [heading, "", MERCHANT_NOTE, "", ...givenLines(inputs, product), "", "### The arithmetic", ...stepLines(steps)];
}

const MERCHANT_NOTE =
  "_Built-in analyst, running offline. The figures you gave are used as yours; any sample-catalog figure is named as one._";

function subjectName(subject: SubjectRef | undefined, fallback = "this product"): string {
  if (!subject || isYourProduct(subject)) return fallback;
  return subject.kind === "product" ? `${subject.name} (${subject.id})` : subject.kind === "named" ? subject.name : subject.name;
}

function citeProduct(product: Product | undefined, inputs?: UnitInputs): Citation[] {
  if (!product) return [];
  const usesCatalog = !inputs || Object.values(inputs).some((f) => f?.source === "catalog");
  return usesCatalog ? [productCitation(product)] : [];
}

// ---------------------------------------------------------------------------------------------
// Merchant math: margin, break-even, price, budget
// ---------------------------------------------------------------------------------------------

function mathAnswer(
  task: "break-even" | "margin",
  reading: QuestionReading,
  stated: ReturnType<typeof statedFor>,
  product: Product | undefined,
  subject: SubjectRef | undefined,
  platform: QuestionReading["platform"],
): AnalystAnswer {
  if (product && !hasOwnFigures(stated)) {
    return task === "break-even" ? budgetAnswer(product, platform, null) : pricingAnswer(getNiche(product.nicheId)!, product, []);
  }
  const inputs = unitInputs(stated, product);
  const landed = landedCost(inputs);
  if (!inputs.price || !landed) {
    if (landed && !inputs.price) return priceAnswer(stated, product, subject, product ? getNiche(product.nicheId)! : null);
    // Only what is missing: an import that holds its price is not asked for it again.
    const needed = [...(inputs.price ? [] : ["selling price"]), ...(landed ? [] : ["product cost", "shipping cost"])];
    return askForFigures(task === "margin" ? "work out the margin" : "work out the break-even ROAS", subject, needed);
  }
  const e = unitEconomicsOf(inputs.price.cents, landed);
  const name = subjectName(subject, "your product");
  const lines = [
    ...figuresHead(task === "margin" ? `## Margin on ${name}` : `## Break-even ROAS for ${name}${platform ? ` on ${platform}` : ""}`, inputs, product, e.steps),
    ...e.notes.map((n) => `- _${n}_`),
    "",
  ];
  let summary: string;
  if (e.breakEvenRoas === null) {
    lines.push(`**At ${formatCents(inputs.price.cents)} each sale loses money before any ad spend**: the landed cost is ${formatCents(e.landedCents)}. Raise the price or lower the cost before advertising.`);
    summary = `At ${formatCents(inputs.price.cents)} with a landed cost of ${formatCents(e.landedCents)}, each sale loses ${formatCents(-e.marginCents)} before ads.`;
  } else {
    const plan = testPlan(e.marginCents, stated.budget ? toCents(stated.budget.value) : null);
    lines.push(
      task === "margin"
        ? `**You keep ${formatCents(e.marginCents)} per sale (${formatPercent(e.marginPct)} of the price)** before ads and payment fees.`
        : `**You need a ROAS of at least ${e.breakEvenRoas.toFixed(2)} to break even**: every $1 of ads must bring back $${e.breakEvenRoas.toFixed(2)} in sales, or one sale may cost at most ${formatCents(e.marginCents)} in ads.`,
      "",
      "### What to do with it",
      `- Payment fees (often a few percent of the price) come out of the same ${formatCents(e.marginCents)}: aim above break-even, not at it.`,
      ...stepLines(plan.steps.slice(0, 1)).map((l) => `${l} a day per ad set, enough for a few sales at break-even while a test learns.`),
    );
    summary =
      task === "margin"
        ? `At ${formatCents(inputs.price.cents)} with a landed cost of ${formatCents(e.landedCents)}, you keep ${formatCents(e.marginCents)} per sale (${formatPercent(e.marginPct)}); break-even ROAS ${e.breakEvenRoas.toFixed(2)}.`
        : `Break-even ROAS is ${formatCents(inputs.price.cents)} ÷ ${formatCents(e.marginCents)} = ${e.breakEvenRoas.toFixed(2)}: one sale may cost at most ${formatCents(e.marginCents)} in ads.`;
  }
  return { intent: task === "margin" ? "pricing" : "budget", markdown: lines.join("\n"), summary, citations: citeProduct(product, inputs) };
}

/** Catalog products that sell what the merchant sells: the named record's own type, else the niche's. */
function comparables(product: Product | undefined, subject: SubjectRef | undefined, niche: Niche | null): Product[] {
  if (product) {
    const sameType = productsInNiche(product.nicheId).filter((p) => p.productType === product.productType);
    return rankWinningProducts(sameType).slice(0, 4);
  }
  if (subject?.kind === "named" && niche) {
    const words = subject.name.toLowerCase().split(/\s+/);
    const close = productsInNiche(niche.id).filter((p) => words.some((w) => w.length > 3 && p.name.toLowerCase().includes(w)));
    return rankWinningProducts(close).slice(0, 4);
  }
  return [];
}

function priceAnswer(
  stated: ReturnType<typeof statedFor>,
  product: Product | undefined,
  subject: SubjectRef | undefined,
  niche: Niche | null,
): AnalystAnswer {
  const own: UnitInputs = { cost: yours(stated.cost), shipping: yours(stated.shipping), landed: yours(stated.landedCost) };
  const landed = landedCost(own);
  if (!landed) {
    if (product && niche) return pricingAnswer(niche, product, []);
    return askForFigures("suggest a price", subject, ["landed cost (product plus shipping), or the product cost and the shipping"], comparables(product, subject, niche));
  }
  const name = subjectName(subject, "your product");
  const options = pricesFromCost(landed);
  const similar = comparables(product, subject, niche);
  const [floor, target] = options;
  const lines = [
    `## A selling price for ${name}`,
    "",
    MERCHANT_NOTE,
    "",
    `Starting from ${own.landed ? `your landed cost of ${formatCents(landed.cents)} (shipping already in it${own.landed.from ? `; ${own.landed.from}` : ""})` : landed.step ? `your cost of ${formatCents(own.cost!.cents)}${own.cost!.from ? ` (${own.cost!.from})` : ""} and shipping of ${formatCents(own.shipping!.cents)}${own.shipping!.from ? ` (${own.shipping!.from})` : ""}` : `your cost of ${formatCents(landed.cents)}`}:`,
    "",
    ...(landed.step ? stepLines([landed.step]) : []),
    ...landed.note ? [`- _${landed.note}_`] : [],
    "",
    "| Price | How | Unit margin | Margin | Break-even ROAS |",
    "|---|---|---|---|---|",
    ...options.map((o) => `| ${formatCents(o.priceCents)} | ${o.steps[0].arithmetic} | ${formatCents(o.priceCents)} − ${formatCents(landed.cents)} = ${formatCents(o.economics.marginCents)} | ${formatCents(o.economics.marginCents)} ÷ ${formatCents(o.priceCents)} = ${formatPercent(o.economics.marginPct)} | ${o.economics.breakEvenRoas === null ? "none" : `${formatCents(o.priceCents)} ÷ ${formatCents(o.economics.marginCents)} = ${o.economics.breakEvenRoas.toFixed(2)}`} |`),
    "",
    `**Suggested: ${formatCents(target.priceCents)}** (3× landed cost), the usual dropshipping target: it leaves ${formatCents(target.economics.marginCents)} per sale for ads and profit. ${formatCents(floor.priceCents)} (2×) is the floor; below it, paid ads rarely pay back. Round it to the price ending your store uses.`,
    "",
  ];
  if (similar.length) {
    lines.push(
      `### Sample-catalog comparables (not your costs)`,
      "",
      "Products of the same kind in Dropcraft's sample catalog, to check the price against what shoppers see:",
      "",
      productTable(similar),
      "",
      `- Their prices run from ${formatCents(Math.min(...similar.map((p) => p.priceCents)))} to ${formatCents(Math.max(...similar.map((p) => p.priceCents)))}. If yours sits far above them, lead with what makes it different.`,
    );
  } else {
    lines.push("_The sample catalog holds no product of this kind to compare prices with, so the suggestion rests on your cost alone._");
  }
  return {
    intent: "pricing",
    markdown: lines.join("\n"),
    summary: `From a landed cost of ${formatCents(landed.cents)}: sell at ${formatCents(target.priceCents)} (3×), keeping ${formatCents(target.economics.marginCents)} per sale; ${formatCents(floor.priceCents)} (2×) is the floor.`,
    citations: uniqueCitations(similar.map(productCitation)),
  };
}

function budgetForSubject(
  stated: ReturnType<typeof statedFor>,
  product: Product | undefined,
  subject: SubjectRef | undefined,
  niche: Niche | null,
  platform: QuestionReading["platform"],
): AnalystAnswer {
  const hasOwn = stated.price || stated.cost || stated.landedCost;
  if (product && !hasOwn && !stated.budget && !stated.dailyBudget) return budgetAnswer(product, platform, null);
  const inputs = unitInputs(stated, product);
  const landed = landedCost(inputs);
  if (!inputs.price || !landed) {
    if (!subject && niche) return budgetAnswer(rankWinningProducts(productsInNiche(niche.id))[0], platform, "You named a niche, not a product: this is for its strongest product.");
    return askForFigures("set a test budget", subject, ["selling price", "product cost", "shipping cost"], [], [
      `How I will work it out: the break-even CPA is your price minus product and shipping costs, and a first test spends ${TEST_BUDGET_MULTIPLE} times that a day per ad set for ${TEST_DAYS} days.`,
    ]);
  }
  const e = unitEconomicsOf(inputs.price.cents, landed);
  const name = subjectName(subject, "your product");
  const where = platform ? ` on ${platform}` : "";
  if (e.breakEvenCpaCents === null) {
    return {
      intent: "budget",
      markdown: [`## Ad budget for ${name}${where}`, "", MERCHANT_NOTE, "", ...givenLines(inputs, product), "", ...stepLines(e.steps), "", "**Don't set an ad budget at this price:** each sale already loses money before ads."].join("\n"),
      citations: citeProduct(product, inputs),
    };
  }
  const budgetCents = stated.budget ? toCents(stated.budget.value) : null;
  const plan = testPlan(e.breakEvenCpaCents, budgetCents);
  const lines = [
    ...figuresHead(`## Daily test budget for ${name}${where}`, inputs, product, [...e.steps, ...plan.steps]),
    "",
    `**Spend ${formatCents(plan.dailyCents)} a day${where}** (per ad set) for ${plan.days} days, then keep what sells at a ROAS above ${e.breakEvenRoas!.toFixed(2)} and cut what has spent ${formatCents(plan.dailyCents)} without a sale.`,
  ];
  if (stated.dailyBudget) {
    const daily = toCents(stated.dailyBudget.value);
    lines.push("", daily >= plan.dailyCents ? `Your ${formatCents(daily)} a day covers it.` : `Your ${formatCents(daily)} a day is under that: run one ad set, or expect a slower read.`);
  }
  if (budgetCents !== null && !plan.fitsBudget) {
    lines.push("", `Your ${formatCents(budgetCents)} pays for ${plan.affordableDays} full days at that pace: test fewer ads at once rather than spreading it thin.`);
  }
  return {
    intent: "budget",
    markdown: lines.join("\n"),
    summary: `Break-even CPA ${formatCents(e.breakEvenCpaCents)} (ROAS ${e.breakEvenRoas!.toFixed(2)}); test with ${formatCents(plan.dailyCents)} a day${where} for ${plan.days} days.`,
    citations: citeProduct(product, inputs),
  };
}

function askForFigures(what: string, subject: SubjectRef | undefined, needed: string[], similar: Product[] = [], method: string[] = []): AnalystAnswer {
  const lines = [
    `## To ${what}${subject ? ` for ${subjectName(subject)}` : ""}, I need your figures`,
    "",
    `Tell me your ${needed.join(", ")}, for example: _"I sell it at [price] and pay [cost] plus [shipping]"_. I won't guess them from sample data${subject?.kind === "product" ? "" : ", and the sample catalog has no record of this product"}.`,
    ...method.flatMap((m) => ["", m]),
  ];
  if (similar.length) lines.push("", "Sample-catalog products of the same kind, for reference (their figures, not yours):", "", productTable(similar));
  lines.push("", "This answer was not counted against your daily queries.");
  return { intent: "pricing", markdown: lines.join("\n"), citations: similar.map(productCitation), unanswered: "empty" };
}

// ---------------------------------------------------------------------------------------------
// Picking and comparing
// ---------------------------------------------------------------------------------------------

/** What a first test needs from a product: room for ads, demand that is not falling, and few rivals. */
function testScore(p: Product): number {
  const netMargin = p.marginCents - p.shippingCostCents;
  const competitionPenalty = { low: 0, medium: 1, high: 3, saturated: 6 }[p.competition];
  return netMargin / 100 + p.trendPct / 10 - competitionPenalty * 2 + Math.log10(Math.max(1, p.monthlyOrders));
}

function pickAnswer(reading: QuestionReading, stated: ReturnType<typeof statedFor>, niche: Niche | null, memory: AnalystMemory): [AnalystAnswer, SubjectRef[], SubjectRef[]] {
  const pool = (niche ? productsInNiche(niche.id) : rankWinningProducts(listNiches().flatMap((n) => productsInNiche(n.id))).slice(0, 300)).filter(
    (p) => p.marginCents - p.shippingCostCents > 0,
  );
  const budgetCents = stated.budget ? toCents(stated.budget.value) : null;
  const affordable = budgetCents === null ? pool : pool.filter((p) => 3 * (p.marginCents - p.shippingCostCents) * 3 <= budgetCents);
  const ranked = (affordable.length ? affordable : pool).slice().sort((a, b) => testScore(b) - testScore(a) || a.id.localeCompare(b.id));
  const shown = ranked.slice(0, Math.min(Math.max(reading.count ?? 3, 2), 8));
  const pick = shown[0];
  if (!pick) return [scopeAnswer(reading, { subjects: [], how: "none", catalog: null }), [], memory.focus];
  const cpa = pick.marginCents - pick.shippingCostCents;
  const plan = testPlan(cpa, budgetCents);
  const scope = niche ? niche.name.toLowerCase() : "the sample catalog";
  const lines = [
    `## Test first: ${pick.name} (${pick.id})`,
    "",
    BASIS_NOTE,
    "",
    `Of the ${scope} products that leave money after shipping${budgetCents !== null ? ` and can be tested for three days within your ${formatCents(budgetCents)}` : ""}, these are the best first tests:`,
    "",
    productTable(shown),
    "",
    `### Why ${nameInSentence(pick.name)}`,
    `- **Room for ads:** ${formatCents(pick.priceCents)} − ${formatCents(pick.costCents)} = ${formatCents(pick.marginCents)}, less ${formatCents(pick.shippingCostCents)} shipping: ${formatCents(pick.marginCents)} − ${formatCents(pick.shippingCostCents)} = ${formatCents(cpa)} a sale.`,
    `- **Demand:** ${formatCount(pick.monthlyOrders)} orders in the last 4 weeks, ${formatChange(pick.trendPct)} on the 4 before.`,
    `- **Rivals:** ${pick.competition} competition, ${formatCountOf(pick.adCount, "active ad")}.`,
    "",
    `### The plan${budgetCents !== null ? ` for your ${formatCents(budgetCents)}` : ""}`,
    `- Order one sample first, to check the product and take your own photos and video.`,
    ...stepLines(plan.steps),
    plan.fitsBudget
      ? `- Keep the rest for a second product or for scaling what works.`
      : `- Your budget pays for ${plan.affordableDays} full days at that pace: run one ad set with your best two creatives.`,
    "",
    "_How I ranked them: margin after shipping, the 4-week trend, orders and competition; products whose three-day test costs more than your budget are left out._",
  ];
  return [
    {
      intent: "products",
      markdown: lines.join("\n"),
      summary: `Test ${pick.name} (${pick.id}) first: it leaves ${formatCents(cpa)} a sale after shipping, orders are ${formatChange(pick.trendPct)}, and competition is ${pick.competition}. Sample-catalog figures.`,
      citations: uniqueCitations([...shown.map(productCitation), ...(niche ? [nicheCitation(niche)] : [])]),
    },
    shown.map(refOfProduct),
    [refOfProduct(pick)],
  ];
}

const CRITERION_LABEL: Record<Criterion, string> = {
  margin: "margin",
  price: "price",
  competition: "active ads (fewer means fewer competitors)",
  orders: "orders in the last 4 weeks",
  trend: "4-week trend",
};

function criterionFigure(p: Product, c: Criterion): string {
  switch (c) {
    case "margin":
      return `${formatPercent(p.marginPct)} (${formatCents(p.marginCents)})`;
    case "price":
      return formatCents(p.priceCents);
    case "competition":
      return `${formatCountOf(p.adCount, "active ad")}, ${p.competition}`;
    case "orders":
      return formatCount(p.monthlyOrders);
    case "trend":
      return formatChange(p.trendPct);
  }
}

function compareFor(reading: QuestionReading, resolved: Resolved, memory: AnalystMemory, niche: Niche | null): [AnalystAnswer, SubjectRef[], SubjectRef[]] {
  const criterion = reading.criterion ?? { criterion: "margin" as Criterion, direction: "max" as const };
  let products = resolved.subjects.flatMap((s) => (s.kind === "product" ? [getProduct(s.id)!] : []));
  const niches = resolved.subjects.flatMap((s) => (s.kind === "niche" ? [getNiche(s.id)!] : []));
  if (products.length < 2 && niches.length >= 2) return [compareAnswer(niches, []), [], resolved.subjects];
  if (products.length < 2 && niche) {
    // "the top two kitchen gadgets by margin": the niche's products ranked by the figure asked.
    const value = CRITERION_VALUE[criterion.criterion];
    const count = Math.min(Math.max(reading.count ?? 2, 2), 8);
    products = productsInNiche(niche.id)
      .slice()
      .sort((a, b) => (criterion.direction === "min" ? value(a) - value(b) : value(b) - value(a)) || a.id.localeCompare(b.id))
      .slice(0, count);
  }
  if (products.length < 2) {
    if (niches.length === 1 && memory.focus.length) return [compareAnswer([...niches, ...memory.focus.flatMap((s) => (s.kind === "niche" ? [getNiche(s.id)!] : []))], []), [], resolved.subjects];
    return [scopeAnswer(reading, resolved, "compare two things, name both (two products, or two niches)"), [], memory.focus];
  }
  const value = CRITERION_VALUE[criterion.criterion];
  const values = products.map(value);
  const bestValue = criterion.direction === "min" ? Math.min(...values) : Math.max(...values);
  const winners = products.filter((p) => value(p) === bestValue);
  const tie = winners.length > 1;
  const label = CRITERION_LABEL[criterion.criterion];
  const lines = [
    `## ${products.map((p) => p.name).join(" vs ")}: ${criterion.direction === "min" ? "lowest" : "highest"} ${criterion.criterion === "competition" ? "competition" : label}`,
    "",
    BASIS_NOTE,
    "",
    productTable(products),
    "",
    `### By ${label}`,
    ...products.map((p) => `- **${p.name} (${p.id}):** ${criterionFigure(p, criterion.criterion)}`),
    "",
    tie
      ? `**It's a tie:** ${winners.map((p) => p.name).join(" and ")} have the same ${criterion.criterion === "competition" ? "number of active ads" : label}. Look at the other columns to choose.`
      : `**${winners[0].name} (${winners[0].id}) ${criterion.criterion === "competition" ? (criterion.direction === "min" ? "has fewer competitors" : "has more competitors") : criterion.direction === "min" ? `has the lower ${label}` : `has the higher ${label}`}.**`,
  ];
  return [
    {
      intent: "compare",
      markdown: lines.join("\n"),
      summary: tie ? `A tie on ${label}: ${winners.map((p) => p.name).join(" and ")}.` : `${winners[0].name} comes first on ${label}: ${criterionFigure(winners[0], criterion.criterion)}.`,
      citations: products.map(productCitation),
    },
    products.map(refOfProduct),
    tie ? products.map(refOfProduct) : [refOfProduct(winners[0]), ...products.filter((p) => p !== winners[0]).map(refOfProduct)],
  ];
}

// ---------------------------------------------------------------------------------------------
// Saturation, competition and demand: the measure that decides, and its figures
// ---------------------------------------------------------------------------------------------

const SATURATION_RULE =
  "Competition follows the active ads seen for a product: 0 to 1 is low, 2 to 3 medium, 4 to 6 high, more than 6 saturated.";

function marketVerdict(task: "saturation" | "competition" | "demand", product: Product | undefined, subject: SubjectRef | undefined, niche: Niche | null, resolved: Resolved): AnalystAnswer {
  const type = resolved.catalog?.missingProductTypes[0];
  // A product names its kind ("LED strip lights" → every LED strip light product); a niche is read from its own figures.
  const products = product ? productsInNiche(product.nicheId).filter((p) => p.productType === product.productType) : [];
  if (!products.length && !niche) return needsRecord(subject, task === "demand" ? "judge its demand" : "judge how crowded it is", niche);
  const title = product ? `the ${product.productType} market` : niche!.name;
  const lines = [`## ${task === "demand" ? "Demand for" : "How crowded is"} ${title}?`, "", BASIS_NOTE, ""];
  if (type && !product) lines.push(`_The sample catalog holds no ${type} product, so this reads its niche, ${niche!.name.toLowerCase()}._`, "");
  let verdict: string;
  const citations: Citation[] = [];
  if (products.length) {
    const shown = rankWinningProducts(products).slice(0, 10);
    const n = shown.length;
    const crowded = shown.filter((p) => p.competition === "saturated" || p.competition === "high").length;
    const rising = shown.filter((p) => p.trendPct > 0).length;
    if (task === "demand") {
      verdict = rising * 2 > n ? "Growing" : rising * 4 < n ? "Cooling" : "Steady";
      lines.push(
        `**Verdict: ${verdict}.** ${rising} of the ${n} ${product!.productType} products below have more orders in the last 4 weeks than in the 4 before.`,
        "",
        "_The rule: growing when more than half have rising orders, cooling when fewer than a quarter do, steady in between._",
      );
    } else {
      const share = Math.round((crowded / n) * 100);
      verdict = share >= 50 ? "Saturated" : share >= 25 ? "Crowded but open" : "Room to enter";
      lines.push(
        `**Verdict: ${verdict}.** ${crowded} of the ${n} ${product!.productType} products below face high or saturated competition: ${crowded} ÷ ${n} = ${share}%.`,
        "",
        `_The measure: ${SATURATION_RULE} The verdict: saturated when half or more of the products are high or saturated, crowded but open from a quarter, room to enter below._`,
      );
    }
    lines.push("", productTable(shown));
    citations.push(...shown.map(productCitation));
  } else {
    const stats = nicheStats(niche!.id)!;
    const low = stats.lowCompetitionCount;
    const all = stats.productCount;
    if (task === "demand") {
      verdict = stats.medianTrendPct >= 5 ? "Growing" : stats.medianTrendPct <= -5 ? "Cooling" : "Steady";
      lines.push(
        `**Verdict: ${verdict}.** The median product in ${niche!.name.toLowerCase()} has ${formatChange(stats.medianTrendPct)} orders over the last 4 weeks against the 4 before.`,
        "",
        "_The rule: growing from a median trend of +5%, cooling from -5%, steady in between._",
      );
    } else {
      const share = Math.round((low / all) * 100);
      verdict = share < 20 ? "Saturated" : share < 40 ? "Crowded but open" : "Room to enter";
      lines.push(
        `**Verdict: ${verdict}.** ${formatCount(low)} of ${formatCount(all)} products in ${niche!.name.toLowerCase()} face low competition: ${formatCount(low)} ÷ ${formatCount(all)} = ${share}%.`,
        "",
        `_The measure: ${SATURATION_RULE} The verdict: saturated when under a fifth of the niche's products face low competition, crowded but open under two fifths, room to enter from there._`,
      );
    }
    const least = productsInNiche(niche!.id).slice().sort((a, b) => a.adCount - b.adCount || b.monthlyOrders - a.monthlyOrders).slice(0, 5);
    lines.push("", "### Its least crowded products", "", productTable(least));
    citations.push(nicheCitation(niche!), ...least.map(productCitation));
  }
  return { intent: "verdict", markdown: lines.join("\n"), summary: `${title}: ${verdict} (sample-catalog figures).`, citations: uniqueCitations(citations) };
}

function needsRecord(subject: SubjectRef | undefined, what: string, niche: Niche | null): AnalystAnswer {
  const name = subject ? subjectName(subject) : "that";
  const lines = [
    `## I have no record of ${name} to ${what} from`,
    "",
    `The sample catalog holds no figures for ${name}, and I don't make them up. I can still:`,
    `- **write for it** from what you tell me: "5 TikTok hooks for the ${subject?.name ?? "product"}" or "a product description for it";`,
    `- **price it** from your cost: "what should I charge if my landed cost is $9?";`,
    ...(niche ? [`- **show what sells in ${niche.name.toLowerCase()}**: "winning products in ${niche.name.toLowerCase()}".`] : []),
    "",
    "This answer was not counted against your daily queries.",
  ];
  return { intent: "no-match", markdown: lines.join("\n"), unanswered: "no-match" };
}

/** One short paragraph on what was not understood, with two or three things to ask instead. */
function scopeAnswer(reading: QuestionReading, resolved: Resolved, hint?: string): AnalystAnswer {
  const words = reading.subjectText || resolved.catalog?.unknownWords.join(" ");
  const [a, b] = listNiches();
  const lines = [
    words ? `## I couldn't find "${words}" in what I know` : "## What would you like to know?",
    "",
    `${hint ? `To ${hint}. ` : ""}I answer from Dropcraft's sample catalog and from the figures you give me. You could ask:`,
    `- "What should I charge if I pay [your cost] with shipping?"`,
    `- "Find winning products in ${a.name.toLowerCase()}" or "compare ${a.name.toLowerCase()} vs ${b.name.toLowerCase()}"`,
    `- "Give me TikTok hooks for ${words ? `a ${words}` : "a portable blender"}"`,
    "",
    "This answer was not counted against your daily queries.",
  ];
  return { intent: "no-match", markdown: lines.join("\n"), unanswered: "no-match" };
}

// ---------------------------------------------------------------------------------------------
// Writing for any product
// ---------------------------------------------------------------------------------------------

function writingSubject(product: Product | undefined, subject: SubjectRef | undefined, niche: Niche | null, stated: ReturnType<typeof statedFor>): WritingSubject | null {
  const price = stated.price
    ? { text: formatCents(toCents(stated.price.value)), source: "yours" as const }
    : product
      ? { text: formatCents(product.priceCents), source: "catalog" as const }
      : undefined;
  if (product) {
    const n = getNiche(product.nicheId)!;
    return { name: nameInSentence(product.name), shortName: product.productType, audience: n.audience, pain: n.pain, price };
  }
  if (subject?.kind === "named") return { name: subject.name.toLowerCase(), price };
  if (subject?.kind === "store") {
    const best = getProduct(getStore(subject.id)!.topProductIds[0]);
    return best ? writingSubject(best, refOfProduct(best), niche, stated) : null;
  }
  return null;
}

function writeFor(
  task: "hooks" | "ad-copy" | "description",
  reading: QuestionReading,
  product: Product | undefined,
  subject: SubjectRef | undefined,
  niche: Niche | null,
  stated: ReturnType<typeof statedFor>,
  own?: OwnProduct,
): AnalystAnswer {
  const s = writingSubject(product, subject, niche, stated);
  if (!s) {
    if (niche) {
      const top = rankWinningProducts(productsInNiche(niche.id)).slice(0, 5);
      return {
        intent: "copy",
        markdown: [
          `## Which ${niche.name.toLowerCase()} product should I write for?`,
          "",
          "Copy is written for one product: name it (it does not have to be in the catalog), or pick one of the strongest here:",
          "",
          productTable(top),
          "",
          "This answer was not counted against your daily queries.",
        ].join("\n"),
        citations: top.map(productCitation),
        unanswered: "empty",
      };
    }
    return scopeAnswer(reading, { subjects: [], how: "none", catalog: null }, "write copy, name the product");
  }
  const source = product
    ? `_Written from the **sample catalog** record ${product.id} (its name, niche, audience and price only). Facts it does not hold are left in [brackets] for you to fill; nothing is invented._`
    : own
      ? `_Written from your imported product ${own.id} (its name and price only). Fill the [brackets] with facts from your supplier or your own sample; I don't invent features, reviews or claims._`
      : `_The sample catalog has no record of this product, so this is written from your words only. Fill the [brackets] with facts from your supplier or your own sample; I don't invent features, reviews or claims._`;
  const lines: string[] = [];
  if (task === "hooks") {
    const count = reading.count ?? DEFAULT_HOOKS;
    const hooks = product ? catalogHooks(product, count) : hooksFor(s, count);
    lines.push(`## ${hooks.length} ${reading.platform ?? ""}${reading.platform ? " " : ""}hooks for the ${s.name}`, "", source, "", ...hooks.map((h, i) => `${i + 1}. ${h}`));
    if (reading.platform === "TikTok") lines.push("", "_On TikTok, say the hook in the first two seconds and put it on screen as text too._");
  } else if (task === "ad-copy") {
    const ad = adCopyFor(s, reading.platform);
    lines.push(
      `## ${ad.platform} ad for the ${s.name}`,
      "",
      source,
      "",
      `**Primary text** (${ad.primary.length}/${ad.limits.primary} characters shown before "See more"):`,
      `> ${ad.primary}`,
      "",
      `**Headline** (${ad.headline.length}/${ad.limits.headline}):`,
      `> ${ad.headline}`,
      "",
      ...(ad.description ? [`**Description** (${ad.description.length}/${ad.limits.description}):`, `> ${ad.description}`, ""] : []),
      `**Call to action:** ${ad.cta}`,
    );
    if (s.price) lines.push("", s.price.source === "yours" ? (own && stated.price?.imported ? `_The price is your import's._` : `_The price is the one you gave._`) : `_The price is the sample catalog's suggested price for ${product!.id}: use yours._`);
  } else {
    const d = descriptionFor(s);
    lines.push(`## Product description: ${d.title}`, "", source, "", `### ${d.title}`, d.intro, "", ...d.bullets.map((b) => `- ${b}`));
  }
  const gaps = gapsIn(lines.filter((l) => l !== source).join("\n"));
  if (gaps.length) lines.push("", "### To fill before you publish", ...gaps.map((g) => `- ${g}`));
  return {
    intent: task === "description" ? "copy" : "ads",
    markdown: lines.join("\n"),
    citations: product ? [productCitation(product)] : [],
  };
}

/** Hooks for a catalog product: the catalog's own angles first (its audience and pain), then general ones. */
function catalogHooks(product: Product, count: number): string[] {
  const niche = getNiche(product.nicheId)!;
  const fromAngles = AD_ANGLES.filter((a) => a !== "social-proof").map((angle) => writeHook(angle, product, niche));
  const general = hooksFor({ name: nameInSentence(product.name), audience: niche.audience, pain: niche.pain }, count + fromAngles.length);
  return [...new Set([...fromAngles, ...general])].slice(0, count);
}
