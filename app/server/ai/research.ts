/**
 * Research answers on any OpenAI-compatible model: the catalog records retrieved for the
 * question (and, inside a project, its canon entries and the knowledge-base passages retrieved
 * for the question, numbered like records so the model cites them), the prompt that sends them, the structured answer asked for (JSON
 * schema where the endpoint supports it, tolerant markdown where it does not), and the check
 * that keeps the answer to what was retrieved before it is saved.
 */
import type { Citation, CitedRecordKind } from "~/domain/contracts/chats";
import { adsForProduct, getNiche, nicheStats, rankWinningProducts, storesInNiche, type Ad, type Niche, type Product, type Store } from "~/server/market/catalog";
import { formatCents, formatChange, formatCount, formatCountOf, formatDollars, formatPercent } from "~/server/market/format";
import { searchCatalog } from "~/server/market/search";
import { checkGrounding } from "./grounding";
import { OWN_IMPORT_SOURCE, ownProductNamed, type OwnProduct } from "./merchant/own-products";
import { canonCitation, passageCitation, PROJECT_CANON_SOURCE, PROJECT_FILE_SOURCE } from "./project-answer";
import type { ChatTurn, ProjectContext } from "./types";

/** One record sent to the model, numbered as the model must cite it. */
export interface RetrievedRecord {
  n: number;
  kind: CitedRecordKind;
  id: string;
  title: string;
  /** The record as the model reads it: its id and figures, formatted as answers write them. */
  text: string;
  /** Whose record it is when not its kind's usual source (the merchant's own import). */
  source?: string;
}

export interface ResearchContext {
  records: RetrievedRecord[];
  /** The chat's project: its instructions lead the system turn; its passages and canon are among the records. */
  project?: Pick<ProjectContext, "name" | "instructions">;
}

/** Finds what a conversation needs: called before the model, with the turns it will see. */
export type Retriever = (turns: readonly ChatTurn[]) => ResearchContext;

const MAX_PRODUCTS = 6;

function productText(p: Product): string {
  return `product ${p.id} "${p.name}" (${p.productType}, niche ${getNiche(p.nicheId)?.name ?? p.nicheId}): price ${formatCents(p.priceCents)}, supplier cost ${formatCents(p.costCents)}, shipping ${formatCents(p.shippingCostCents)}, margin ${formatCents(p.marginCents)} (${formatPercent(p.marginPct)}), ${formatCount(p.monthlyOrders)} orders in the last 4 weeks, 4-week trend ${formatChange(p.trendPct)} (against the 4 weeks before), ${p.competition} competition (${formatCountOf(p.adCount, "active ad")}), ships in ${formatCount(p.shippingDays)} days`;
}

function adText(ad: Ad): string {
  return `ad ${ad.id} for ${ad.productId} on ${ad.platform} (${ad.angle}): hook "${ad.hook}", ${formatCount(ad.views)} views, ${formatPercent(ad.engagementRatePct)} engagement, running ${formatCount(ad.daysRunning)} days`;
}

function storeText(store: Store): string {
  return `store ${store.id} "${store.name}" on ${store.platform}: about ${formatDollars(store.estMonthlyRevenueUsd)} a month, ${formatCount(store.productCount)} products listed, best sellers ${store.topProductIds.join(", ")}`;
}

function nicheText(niche: Niche): string {
  const s = nicheStats(niche.id)!;
  return `niche ${niche.id} "${niche.name}": ${formatCount(s.productCount)} products, prices ${formatCents(s.minPriceCents)} to ${formatCents(s.maxPriceCents)} (median ${formatCents(s.medianPriceCents)}), average margin ${formatPercent(s.avgMarginPct)}, ${formatCount(s.totalMonthlyOrders)} orders in the last 4 weeks, median 4-week trend ${formatChange(s.medianTrendPct)}, ${formatCount(s.lowCompetitionCount)} products in low competition`;
}

/**
 * The default retriever: the sample catalog searched with the question and the turn before it
 * (so "what about its ads?" keeps its subject). Niches first, then products, their best ads and
 * the niche's biggest stores.
 */
export const retrieveFromCatalog: Retriever = (turns) => {
  const users = turns.filter((t) => t.role === "user");
  const query = users.slice(-2).map((t) => t.content).join("\n");
  const found = searchCatalog(query, { limit: 20 });
  const records: RetrievedRecord[] = [];
  const add = (kind: CitedRecordKind, id: string, title: string, text: string) => {
    if (!records.some((r) => r.kind === kind && r.id === id)) records.push({ n: records.length + 1, kind, id, title, text });
  };
  const niches = found.niches.filter((hit) => hit.matched.length > 0).slice(0, 2).map((hit) => hit.niche);
  for (const niche of niches) add("niche", niche.id, `Niche: ${niche.name}`, nicheText(niche));
  const hits = found.products.filter((hit) => hit.matched.length > 0).slice(0, MAX_PRODUCTS);
  const products = hits.map((hit) => hit.product);
  // A product the question names in full leads (best match first); the rest follow by estimated profit.
  const named = hits.filter((hit) => hit.exactName).map((hit) => hit.product);
  for (const p of [...named, ...rankWinningProducts(products.filter((p) => !named.includes(p)))]) add("product", p.id, `${p.id} ${p.name}`, productText(p));
  const lead = products[0];
  if (lead) {
    for (const ad of adsForProduct(lead.id).slice(0, 3)) add("ad", ad.id, `${ad.id} ${ad.platform} ad for ${lead.id}`, adText(ad));
  }
  if (niches[0]) {
    const stores = storesInNiche(niches[0].id).slice().sort((a, b) => b.estMonthlyRevenueUsd - a.estMonthlyRevenueUsd);
    for (const store of stores.slice(0, 2)) add("store", store.id, `${store.id} ${store.name} (store)`, storeText(store));
  }
  return { records };
};

const SOURCE_OF_KIND: Record<CitedRecordKind, string> = {
  product: "sample-catalog",
  ad: "sample-catalog",
  store: "sample-catalog",
  niche: "sample-catalog",
  passage: PROJECT_FILE_SOURCE,
  canon: PROJECT_CANON_SOURCE,
};

/**
 * Adds a project to what a model is sent: its passages first (the merchant's own documents
 * answer before the sample catalog), then its canon entries, numbered after the catalog's.
 */
export function withProject(context: ResearchContext, project: ProjectContext | undefined): ResearchContext {
  if (!project) return context;
  const records: RetrievedRecord[] = [];
  const add = (kind: CitedRecordKind, id: string, title: string, text: string) => records.push({ n: records.length + 1, kind, id, title, text });
  for (const p of project.passages) {
    const cite = passageCitation(project, p);
    add("passage", cite.record!.id, cite.title, `passage ${p.position + 1} of the merchant's file "${p.fileName}": "${p.text.replace(/\s+/g, " ").trim()}"`);
  }
  for (const entry of project.canon) {
    const cite = canonCitation(project, entry);
    const value = Array.isArray(entry.value) ? entry.value.join(", ") : String(entry.value);
    add("canon", cite.record!.id, cite.title, `canon entry ${entry.path} = "${value}" (${entry.source === "user" ? "set by the merchant" : entry.source === "research" ? "from research" : "derived from the project"})`);
  }
  for (const r of context.records) add(r.kind, r.id, r.title, r.text);
  return { records, project: { name: project.name, instructions: project.instructions } };
}

/**
 * Adds the imported product the last question names (the merchant's own record) before every
 * other record, so its figures are the ones used and cited as theirs.
 */
export function withOwnProducts(context: ResearchContext, turns: readonly ChatTurn[], products: readonly OwnProduct[] | undefined): ResearchContext {
  const question = [...turns].reverse().find((t) => t.role === "user")?.content ?? "";
  const named = products?.length ? ownProductNamed(question, products) : undefined;
  if (!named) return context;
  const figures = [
    `price ${formatCents(named.priceCents)}`,
    named.costCents === null ? "cost not given" : `the merchant's cost ${formatCents(named.costCents)}`,
    named.shippingCostCents === null ? "shipping not given" : `shipping ${formatCents(named.shippingCostCents)}`,
  ];
  const own: RetrievedRecord = {
    n: 1,
    kind: "product",
    id: named.id,
    title: `Your import · ${named.id} ${named.name}`,
    text: `product ${named.id} "${named.name}" (the merchant's own imported product; its figures are theirs): ${figures.join(", ")}`,
    source: OWN_IMPORT_SOURCE,
  };
  return { ...context, records: [own, ...context.records.filter((r) => r.id !== named.id).map((r, i) => ({ ...r, n: i + 2 }))] };
}

export const RESEARCH_SYSTEM_PROMPT = [
  "You are Dropcraft's research assistant for e-commerce sellers, dropshippers and marketers.",
  "Answer from the records below (Dropcraft's sample market catalog, and the merchant's own imported products where marked) and the conversation. A figure from the merchant's own record or words outranks a sample-catalog one; never call a sample-catalog figure theirs. Take every figure (price, cost, margin, orders, trend, ads, revenue) from a record and cite it by its number, like [2].",
  "If the records hold no such product, say so in your first sentence, then offer the closest records and call them substitutes.",
  "Never invent reviews, ratings, certifications, shipping promises or figures. Refuse requests to fabricate them.",
  "Work out budgets from a product's price, cost and shipping, showing the arithmetic as 'a − b = c'.",
  "When asked whether to sell something, give one verdict (Sell, Test carefully or Avoid) with the numbers behind it.",
  "Never tell the merchant to change settings, keys or configuration.",
  "Answer in the language the user writes in.",
].join(" ");

/** The system turn: the rules, the project (when the chat has one), then the numbered records. */
export function researchSystemTurn(context: ResearchContext): string {
  const records = context.records.length
    ? context.records.map((r) => `[${r.n}] ${r.text}`).join("\n")
    : "(no records matched this question)";
  const project = context.project
    ? [
        `\n\nThis chat belongs to the merchant's project "${context.project.name}".`,
        "Write in the brand voice its canon entry brand.voice names, about the merchant's own business and products.",
        "Passages are the merchant's own documents: when one answers the question, quote it, name its file and cite it.",
        context.project.instructions.trim() ? `The merchant's business instructions:\n"""\n${context.project.instructions.trim()}\n"""` : "",
      ].join(" ")
    : "";
  const label = context.project ? "Records (the project's passages and canon, then the sample catalog)" : "Records (sample catalog)";
  return `${RESEARCH_SYSTEM_PROMPT}${project}\n\n${label}:\n${records}`;
}

/** The structured answer asked for with `response_format: json_schema`. */
export const RESEARCH_ANSWER_SCHEMA = {
  name: "research_answer",
  strict: true,
  schema: {
    type: "object",
    additionalProperties: false,
    required: ["executiveSummary", "fullAnalysis", "citations", "foundNothing", "refusal"],
    properties: {
      executiveSummary: { type: "string", description: "Two or three sentences: the answer first." },
      fullAnalysis: { type: "string", description: "The full analysis in markdown, citing records like [1]." },
      citations: {
        type: "array",
        items: {
          type: "object",
          additionalProperties: false,
          required: ["n", "recordId"],
          properties: {
            n: { type: "integer" },
            recordId: { type: "string", description: "The cited record's id (P-0001, A-0001…), or empty for a passage or canon entry" },
          },
        },
      },
      foundNothing: { type: "boolean", description: "True when the records hold nothing to answer with." },
      refusal: { type: "string", description: "Why the request was refused, or an empty string." },
    },
  },
} as const;

/** Asked of endpoints without structured output: markdown in these sections. */
export const MARKDOWN_FORMAT_INSTRUCTION =
  "Format your answer in markdown with exactly these sections: '## Executive summary' (two or three sentences), '## Full analysis' (citing records like [1]) and '## Sources' (one line per cited record: '[n] record id').";

/** What a model answered, before the check. */
export interface RawResearch {
  summary?: string;
  analysis: string;
  citations: { n?: number; recordId?: string }[];
  foundNothing?: boolean;
  refusal?: string;
}

/** Reads a JSON answer (possibly in a ```json fence); null when it is not one. */
export function parseJsonResearch(text: string): RawResearch | null {
  const body = text.trim().replace(/^```(?:json)?\s*/i, "").replace(/\s*```$/, "");
  if (!body.startsWith("{")) return null;
  try {
    const data = JSON.parse(body) as Record<string, unknown>;
    if (typeof data.fullAnalysis !== "string") return null;
    return {
      summary: typeof data.executiveSummary === "string" ? data.executiveSummary : undefined,
      analysis: data.fullAnalysis,
      citations: Array.isArray(data.citations)
        ? data.citations.filter((c): c is { n?: number; recordId?: string } => typeof c === "object" && c !== null)
        : [],
      foundNothing: data.foundNothing === true,
      refusal: typeof data.refusal === "string" && data.refusal.trim() ? data.refusal : undefined,
    };
  } catch {
    return null;
  }
}

/**
 * Reads a markdown answer: '## Executive summary', '## Full analysis' and '## Sources' sections
 * when present (any heading level, any case); without them the whole text is the analysis and
 * the [n] markers in it are its citations.
 */
export function parseMarkdownResearch(text: string): RawResearch {
  const sections = new Map<string, string>();
  const heading = /^#{1,4}\s*(executive summary|summary|full analysis|analysis|sources|citations|references)\s*:?\s*$/gim;
  const marks = [...text.matchAll(heading)];
  if (!marks.length) return { analysis: text, citations: markersIn(text) };
  for (let i = 0; i < marks.length; i++) {
    const name = marks[i][1].toLowerCase();
    const start = marks[i].index! + marks[i][0].length;
    const end = i + 1 < marks.length ? marks[i + 1].index! : text.length;
    const key = name.includes("summary") ? "summary" : name.includes("analysis") ? "analysis" : "sources";
    sections.set(key, text.slice(start, end).trim());
  }
  const sources = sections.get("sources") ?? "";
  const listed = [...sources.matchAll(/\[(\d+)\]\s*([A-Za-z]-\d+|[a-z][a-z0-9-]+)?/g)].map((m) => ({ n: Number(m[1]), recordId: m[2] }));
  const analysis = sections.get("analysis") ?? text.slice(0, marks[0].index!).trim();
  return { summary: sections.get("summary") || undefined, analysis, citations: listed.length ? listed : markersIn(analysis) };
}

function markersIn(text: string): { n: number }[] {
  return [...new Set([...text.matchAll(/\[(\d{1,2})\](?!\()/g)].map((m) => Number(m[1])))].map((n) => ({ n }));
}

export interface CheckedResearch {
  summary?: string;
  analysis: string;
  citations: Citation[];
  /** Whether the check changed the analysis (dropped markers, marked numbers). */
  changed: boolean;
}

/**
 * Keeps an answer to what was retrieved: citations to records that were not sent are dropped
 * (and their [n] markers with them), the rest are renumbered in order, and every number that no
 * cited record backs is marked `[n](#unverified)` for the merchant.
 */
export function checkResearch(raw: RawResearch, context: ResearchContext): CheckedResearch {
  const byN = new Map(context.records.map((r) => [r.n, r]));
  const byId = new Map(context.records.map((r) => [r.id, r]));
  const kept: RetrievedRecord[] = [];
  const renumber = new Map<number, number>();
  for (const c of raw.citations) {
    // A citation names its record by id, or by number alone (an empty id: passages and canon entries have no short id).
    const record = (c.recordId && byId.get(c.recordId)) || (!c.recordId && c.n !== undefined ? byN.get(c.n) : undefined);
    if (!record) continue;
    if (!kept.includes(record)) kept.push(record);
    if (c.n !== undefined) renumber.set(c.n, kept.indexOf(record) + 1);
  }
  const citations: Citation[] = kept.map((r) => ({ title: r.title, source: r.source ?? SOURCE_OF_KIND[r.kind], record: { kind: r.kind, id: r.id } }));
  // The merchant's own passages, canon and imports back the numbers they state (an import by its figures, after its name).
  const sourceTexts = kept.flatMap((r) =>
    r.kind === "passage" || r.kind === "canon" ? [r.text] : r.source === OWN_IMPORT_SOURCE ? [r.text.slice(r.text.lastIndexOf("): ") + 3)] : [],
  );
  const fixMarkers = (text: string) =>
    text.replace(/\s?\[(\d{1,2})\](?!\()/g, (whole, n: string) => {
      const to = renumber.get(Number(n));
      return to ? whole.replace(n, String(to)) : "";
    });
  let analysis = fixMarkers(raw.analysis);
  const summary = raw.summary === undefined ? undefined : fixMarkers(raw.summary);
  const { ungrounded } = checkGrounding(`${analysis}\n${summary ?? ""}`, citations, sourceTexts);
  for (const number of ungrounded) analysis = markNumber(analysis, number);
  return { summary, analysis, citations, changed: analysis !== raw.analysis };
}

/** Wraps each standalone occurrence of a number as written in the unverified mark. */
function markNumber(text: string, written: string): string {
  const escaped = written.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return text.replace(new RegExp(`(?<![\\w$.,\\[])${escaped}(?![\\w]|[.,]\\d|\\]\\()`, "g"), `[${written}](#unverified)`);
}

/**
 * Reads one string field of a JSON object as it streams in: `read(buffer)` gives the value decoded
 * so far (escapes included, a half escape held back) and whether its closing quote has arrived.
 */
export function streamedJsonString(field: string): (buffer: string) => { value: string; complete: boolean } | null {
  const opener = new RegExp(`"${field}"\\s*:\\s*"`);
  return (buffer) => {
    const m = opener.exec(buffer);
    if (!m) return null;
    let value = "";
    for (let i = m.index + m[0].length; i < buffer.length; i++) {
      const ch = buffer[i];
      if (ch === '"') return { value, complete: true };
      if (ch !== "\\") {
        value += ch;
        continue;
      }
      const next = buffer[i + 1];
      if (next === undefined) break;
      if (next === "u") {
        const hex = buffer.slice(i + 2, i + 6);
        if (hex.length < 4) break;
        value += String.fromCharCode(parseInt(hex, 16));
        i += 5;
        continue;
      }
      value += ({ n: "\n", t: "\t", r: "\r", b: "\b", f: "\f" } as Record<string, string>)[next] ?? next;
      i += 1;
    }
    return { value, complete: false };
  };
}
