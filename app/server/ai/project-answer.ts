/**
 * The built-in analyst inside a project: it quotes the knowledge-base passages that answer the
 * question (naming their files), says which canon entries it used, and writes in the brand's
 * voice where the canon names one. The quotes are the merchant's own words, never paraphrased
 * into new claims; the catalog answer that follows is unchanged.
 */
import { canonRecordId, passageRecordId } from "~/domain/cited-records";
import type { Citation } from "~/domain/contracts/chats";
import type { AnalystAnswer } from "./analyst";
import type { ProjectCanonEntry, ProjectContext, ProjectPassage } from "./types";
import { searchTerms } from "../projects/context";

export const PROJECT_FILE_SOURCE = "project-file";
export const PROJECT_CANON_SOURCE = "project-canon";

/** The canon entries an answer speaks with, in the order it names them. */
const VOICE_PATHS = ["brand.voice", "brand.tone"];
const CONTEXT_PATHS = ["business.niche", "audience.primary", "audience.primary.age", "pricing.band", "shipping.promise", "competitors"];

const SOURCE_WORDS: Record<ProjectCanonEntry["source"], string> = { user: "set by you", research: "from research", ai: "derived from your project" };

function valueText(value: ProjectCanonEntry["value"]): string {
  if (Array.isArray(value)) return value.join(", ");
  return value === null ? "" : String(value);
}

export function passageCitation(project: ProjectContext, passage: ProjectPassage): Citation {
  return {
    title: `${passage.fileName} · passage ${passage.position + 1}`,
    source: PROJECT_FILE_SOURCE,
    record: { kind: "passage", id: passageRecordId(project.id, passage.fileId, passage.id) },
  };
}

export function canonCitation(project: ProjectContext, entry: ProjectCanonEntry): Citation {
  return {
    title: `Project canon · ${entry.path}: ${valueText(entry.value).slice(0, 60)}`,
    source: PROJECT_CANON_SOURCE,
    record: { kind: "canon", id: canonRecordId(project.id, entry.path) },
  };
}

/**
 * The sentences of a passage that carry the question's words (the whole passage when it is
 * short), so a quote answers rather than fills. At most `max` characters, cut at a sentence.
 */
export function quoteFrom(text: string, question: string, max = 320): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const terms = searchTerms(question).map((t) => t.slice(0, Math.max(4, t.length - 2)));
  // A sentence ends at . ! or ? before a space or the end: never inside "6.40" or "v2.1".
  const sentences = clean.split(/(?<=[.!?])\s+/).map((s) => s.trim()).filter(Boolean);
  const scored = sentences.map((s, i) => ({ i, s, hits: terms.filter((t) => s.toLowerCase().includes(t)).length }));
  const best = scored.reduce((a, b) => (b.hits > a.hits ? b : a), scored[0]);
  let quote = best.s;
  for (let j = best.i + 1; j < sentences.length && quote.length + sentences[j].length + 1 <= max; j++) quote += ` ${sentences[j]}`;
  return quote.length <= max ? quote : `${quote.slice(0, max - 1).replace(/\s+\S*$/, "")}…`;
}

function canonEntry(project: ProjectContext, path: string): ProjectCanonEntry | undefined {
  return project.canon.find((e) => e.path === path && valueText(e.value).trim());
}

/** The brand voice the canon names, if any. */
export function brandVoiceOf(project: ProjectContext): ProjectCanonEntry | undefined {
  return VOICE_PATHS.map((p) => canonEntry(project, p)).find(Boolean);
}

/** An opening line in the brand's voice: warm, playful, bold or formal voices each open differently. */
function openingLine(project: ProjectContext, voice: string | undefined, found: boolean): string {
  const v = (voice ?? "").toLowerCase();
  const subject = found ? `what your files say` : `what I found`;
  if (/playful|fun|cheeky|witty|upbeat/.test(v)) return `Good news for ${project.name}! Here's ${subject} 🎉`;
  if (/warm|friendly|caring|reassur|gentle|kind/.test(v)) return `Happy to help with ${project.name}. Here's ${subject}, gently put together for you.`;
  if (/bold|confident|direct|punchy/.test(v)) return `${project.name}, straight to it: here's ${subject}.`;
  if (/formal|professional|expert|premium|luxur/.test(v)) return `For ${project.name}, here is a summary of ${subject}.`;
  return `For ${project.name}, here's ${subject}.`;
}

/** The project's own words an answer may take figures from: its passages and canon values. */
export function projectSourceTexts(project: ProjectContext): string[] {
  return [...project.passages.map((p) => p.text), ...project.canon.map((e) => valueText(e.value))];
}

/** A money figure a project file states, with its role and as the file writes it. */
export interface FileFigure {
  role: "cost" | "landedCost" | "shipping" | "price";
  value: number;
  written: string;
  fileName: string;
}

/** "supplier_cost_usd: 6.40", "Shipping cost = $2.10", "Retail price: 24.99": labelled money figures, kept exactly as written. */
const FILE_FIGURE = /(^|[^A-Za-z_])([A-Za-z][A-Za-z_ ()-]{0,40}?)"?\s*[:=]\s*"?(\$?\s?\d+(?:\.\d{1,2})?)(?![\d.]*\d)/g;

function roleOfLabel(label: string): FileFigure["role"] | null {
  const l = label.toLowerCase().replace(/[_-]+/g, " ");
  if (/landed/.test(l)) return "landedCost";
  if (/ship|freight|postage|delivery/.test(l) && /cost|fee|usd|\$|price|rate/.test(l)) return "shipping";
  if (/ship|freight|postage/.test(l) && !/day|time|weight|lb|kg/.test(l)) return "shipping";
  if (/(supplier|unit|product|wholesale|factory|item) ?(cost|price)|^cost|cogs/.test(l)) return "cost";
  if (/(retail|selling|sale|our) ?price|^price|msrp/.test(l)) return "price";
  return null;
}

/** The labelled money figures of the passages, first mention of each role wins. */
export function figuresFromPassages(passages: readonly ProjectPassage[]): FileFigure[] {
  const found = new Map<FileFigure["role"], FileFigure>();
  for (const passage of passages) {
    for (const m of passage.text.matchAll(FILE_FIGURE)) {
      const role = roleOfLabel(m[2]);
      if (!role || found.has(role)) continue;
      const written = m[3].replace(/\s+/g, "");
      found.set(role, { role, value: Number(written.replace("$", "")), written, fileName: passage.fileName });
    }
  }
  return [...found.values()];
}

/** Combines the catalog's answer with the project's files and canon. */
export function answerInProject(catalog: AnalystAnswer, project: ProjectContext, question: string): AnalystAnswer {
  const voice = brandVoiceOf(project);
  const used = [voice, ...CONTEXT_PATHS.map((p) => canonEntry(project, p))].filter((e): e is ProjectCanonEntry => Boolean(e));
  const passages = project.passages;
  const catalogFoundSomething = !catalog.unanswered || catalog.unanswered === "out-of-scope";
  // A refusal stays a refusal: the files do not make a fabricated review acceptable.
  if (catalog.unanswered === "refusal") return catalog;
  if (passages.length === 0 && used.length === 0) return catalog;

  const lines: string[] = [openingLine(project, voice ? valueText(voice.value) : undefined, passages.length > 0), ""];
  const citations: Citation[] = [];
  if (passages.length) {
    lines.push("### From your knowledge base", "");
    for (const passage of passages) {
      lines.push(`> ${quoteFrom(passage.text, question)}`, `>`, `> — *${passage.fileName}*, passage ${passage.position + 1}`, "");
      citations.push(passageCitation(project, passage));
    }
  } else {
    lines.push(`_None of ${project.name}'s files mention this; the answer below comes from the sample market catalog._`, "");
  }
  if (used.length) {
    lines.push("### Project context used", "");
    for (const entry of used) {
      lines.push(`- **${entry.path}**: ${valueText(entry.value)} _(${SOURCE_WORDS[entry.source]})_`);
      citations.push(canonCitation(project, entry));
    }
    lines.push("");
  }

  const first = passages[0];
  const fileSummary = first ? `Your file "${first.fileName}" says: "${quoteFrom(first.text, question, 200)}"` : undefined;
  if (!catalogFoundSomething || catalog.intent === "help") {
    // The catalog had nothing, but the files did: they are the answer.
    if (!first) return catalog;
    return { intent: catalog.intent === "help" ? "help" : "products", markdown: lines.join("\n").trimEnd(), summary: fileSummary, citations };
  }
  lines.push("### From the market catalog", "", catalog.markdown);
  return {
    ...catalog,
    markdown: lines.join("\n"),
    summary: fileSummary && catalog.summary ? `${fileSummary} ${catalog.summary}` : (catalog.summary ?? fileSummary),
    citations: [...citations, ...(catalog.citations ?? [])],
  };
}
