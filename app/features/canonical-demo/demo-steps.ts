/**
 * The canon demo's sample project and its five steps. Every canon shown is computed here, in the
 * browser, by the real rules of app/domain/canon.ts (ADR 010): the same normalize, merge and
 * delete the API runs. The AI-derived entries are what the server's auto-rules derive from the
 * sample's instructions (tests/unit/features/canonical-demo.test.ts runs them to prove it); they
 * run on the server only, so the demo carries their result.
 */
import { canonEntryWinner, changedCanonPaths, deleteCanonPaths, mergeCanon, normalizeCanonInput } from "~/domain/canon";
import type { Canon, CanonEntry, CanonSource } from "~/domain/contracts/projects";

export const SAMPLE_PROJECT_NAME = "Cedar & Sage Candles (sample)";

export const SAMPLE_INSTRUCTIONS = [
  "We sell hand-poured soy candles for home decor lovers.",
  "Our customers are women aged 28-45 who shop on Instagram.",
  "Prices are $24 to $38.",
  "Our brand voice is warm and calm.",
  "We offer free shipping in 3-5 business days.",
  "Our main competitors are Boy Smells and Otherland.",
].join(" ");

/** When the sample's instructions were saved and the auto-rules ran. */
export const AUTO_RULES_AT = "2026-11-02T09:00:00.000Z";

const fromInstructions = (value: CanonEntry["value"], excerpt: string): CanonEntry => ({
  value,
  source: "ai",
  timestamp: AUTO_RULES_AT,
  origin: { kind: "instructions", excerpt },
});

/** The auto-rules' answer for SAMPLE_INSTRUCTIONS (checked against deriveCanonEntries by the unit test). */
export const SAMPLE_AI_ENTRIES: Canon = {
  "audience.primary": fromInstructions("home decor lovers", "We sell hand-poured soy candles for home decor lovers."),
  "audience.primary.age": fromInstructions("28-45", "Our customers are women aged 28-45 who shop on Instagram."),
  "brand.voice": fromInstructions("warm and calm", "Our brand voice is warm and calm."),
  "business.niche": fromInstructions("hand-poured soy candles", "We sell hand-poured soy candles for home decor lovers."),
  competitors: fromInstructions(["Boy Smells", "Otherland"], "Our main competitors are Boy Smells and Otherland."),
  "pricing.band": fromInstructions("$24-$38", "Prices are $24 to $38."),
  "shipping.promise": fromInstructions("free shipping", "We offer free shipping in 3-5 business days."),
};

/**
 * Research saved to the project, sent as a nested object the way a PUT may carry it. Its time is
 * a week BEFORE the auto-rules ran: research still wins, because the source decides before time.
 */
export const SAMPLE_RESEARCH = {
  at: "2026-10-26T15:30:00.000Z",
  input: {
    pricing: { band: "$28-$42" },
    market: { trend: "rising since September" },
  },
  excerpt: "Sample research: the niche's best sellers are priced $28 to $42 and orders have been rising since September.",
};

/** The merchant's own edit on the Canon tab. */
export const SAMPLE_USER_EDIT = {
  at: "2026-11-03T11:15:00.000Z",
  input: { "pricing.band": "$26-$40", "brand.voice": "warm, playful, never salesy" },
};

/** The merchant deletes a whole subtree. */
export const SAMPLE_DELETE = ["audience"];

export type StepKind = "instructions" | "derived" | "research" | "user" | "delete";

export interface PathDecision {
  path: string;
  /** What happened to the path in this step. */
  outcome: "added" | "replaced" | "kept" | "removed";
  /** The entry the path holds after the step (null when removed). */
  entry: CanonEntry | null;
  /** The entry it held before (null when new). */
  previous: CanonEntry | null;
  /** The rule that decided, in words. */
  rule: string;
}

export interface DemoStep {
  kind: StepKind;
  title: string;
  /** What happens in this step, in a sentence or two. */
  lead: string;
  before: Canon;
  after: Canon;
  /** Paths whose value, source or origin changed (changedCanonPaths). */
  changed: string[];
  /** One decision per path this step touched, in path order. */
  decisions: PathDecision[];
}

const SOURCE_NAME: Record<CanonSource, string> = { user: "your edit", research: "research", ai: "the auto-rules" };
const sourceName = (source: string) => SOURCE_NAME[source as CanonSource] ?? source;

/** Why `winner` holds the path after meeting `other`, by the merge rules of ADR 010. */
export function mergeRuleFor(winner: CanonEntry, other: CanonEntry): string {
  if (winner.source !== other.source) {
    const older = Date.parse(winner.timestamp) < Date.parse(other.timestamp);
    return `Rule 1: ${sourceName(winner.source)} beats ${sourceName(other.source)}${older ? ", even though it is older" : ""}. The source decides before the time.`;
  }
  if (winner.timestamp !== other.timestamp) return "Rule 2: both come from the same source, so the newer one wins.";
  return "Rule 3: same source, same time: the entry that sorts greater wins, so the order of arrival never matters.";
}

/** Merges `incoming` into `before` and explains each incoming path's outcome. */
function mergeStep(before: Canon, incoming: Canon): { after: Canon; decisions: PathDecision[] } {
  const after = mergeCanon(before, incoming);
  const decisions = Object.keys(incoming)
    .sort()
    .map((path): PathDecision => {
      const previous = before[path] ?? null;
      const entry = after[path]!;
      if (!previous) return { path, outcome: "added", entry, previous, rule: "Rule 4: a path only one side has is kept, so it is added." };
      const won = canonEntryWinner(previous, incoming[path]!);
      const replaced = won !== previous;
      return { path, outcome: replaced ? "replaced" : "kept", entry, previous, rule: mergeRuleFor(won, replaced ? previous : incoming[path]!) };
    });
  return { after, decisions };
}

/** The five steps, each computed from the one before it. */
export function buildDemoSteps(): DemoStep[] {
  const empty: Canon = {};

  const derived = mergeStep(empty, SAMPLE_AI_ENTRIES);
  const derivedDecisions = derived.decisions.map((d) => ({
    ...d,
    rule: `Derived by the auto-rules from the sentence “${d.entry?.origin?.excerpt ?? ""}”, as an AI-derived entry.`,
  }));

  const researchEntries = normalizeCanonInput(SAMPLE_RESEARCH.input, "research", new Date(SAMPLE_RESEARCH.at));
  const withOrigin = Object.fromEntries(
    Object.entries(researchEntries).map(([path, entry]) => [path, { ...entry, origin: { kind: "researchData" as const, excerpt: SAMPLE_RESEARCH.excerpt } }]),
  );
  const research = mergeStep(derived.after, withOrigin);

  const userEntries = normalizeCanonInput(SAMPLE_USER_EDIT.input, "user", new Date(SAMPLE_USER_EDIT.at));
  const user = mergeStep(research.after, userEntries);

  const deleted = deleteCanonPaths(user.after, SAMPLE_DELETE);
  const deleteDecisions = Object.keys(user.after)
    .filter((path) => !Object.hasOwn(deleted, path))
    .map(
      (path): PathDecision => ({
        path,
        outcome: "removed",
        entry: null,
        previous: user.after[path]!,
        rule:
          path === SAMPLE_DELETE[0]
            ? "Deleted: a delete removes the path you name."
            : `Deleted with “${SAMPLE_DELETE.join(", ")}”: a delete removes the path and everything under it.`,
      }),
    );

  const step = (kind: StepKind, title: string, lead: string, before: Canon, after: Canon, decisions: PathDecision[]): DemoStep => ({
    kind,
    title,
    lead,
    before,
    after,
    changed: changedCanonPaths(before, after),
    decisions,
  });

  return [
    step(
      "instructions",
      "The business instructions",
      "A merchant writes what the store is about in the project's Instructions tab. The canon starts empty: nothing is known until something states it.",
      empty,
      empty,
      [],
    ),
    step(
      "derived",
      "The auto-rules derive the facts",
      "When the instructions are saved, the auto-rules read each sentence and keep only what it states. Each fact becomes an AI-derived entry that names the sentence it came from.",
      empty,
      derived.after,
      derivedDecisions,
    ),
    step(
      "research",
      "A research import overrides an AI value",
      "Research saved to the project arrives as a nested object; it is flattened into dotted paths and merged. Its price band replaces the AI-derived one, although the research is a week older.",
      derived.after,
      research.after,
      research.decisions,
    ),
    step(
      "user",
      "Your edit beats both",
      "On the Canon tab the merchant corrects the price band and the brand voice. What you type wins over research and the auto-rules, whatever their times, and stays until you change or delete it.",
      research.after,
      user.after,
      user.decisions,
    ),
    step(
      "delete",
      "A delete removes a whole subtree",
      "Deleting “audience” removes it and every path under it. The auto-rules will not bring a deleted path back until you set it again or press Run auto-rules.",
      user.after,
      deleted,
      deleteDecisions,
    ),
  ];
}

export const SOURCE_LABEL: Record<CanonSource, string> = { user: "You", research: "Research", ai: "AI-derived" };

export function formatValue(value: CanonEntry["value"]): string {
  if (value === null) return "(empty)";
  if (Array.isArray(value)) return value.join(", ");
  return String(value);
}

/** The step number (1-based) a `?step=` value names, clamped to the steps there are. */
export function stepFromParam(raw: string | null, count: number): number {
  const n = Number.parseInt(raw ?? "", 10);
  if (!Number.isFinite(n)) return 1;
  return Math.min(Math.max(n, 1), count);
}
