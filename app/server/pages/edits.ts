/**
 * The merchant's work is kept (issue 26): which sections the merchant edited by hand, and how a
 * generation merges what it wrote with them.
 *
 * A page keeps the sections as the last generation wrote them (`pages.generated_sections`; before
 * any generation, as the draft made them). A section that differs from its copy there (heading,
 * text, items, picture, button or whether it is shown), or that the merchant added, is edited.
 * Generation writes a section only when it is untouched, or edited but empty (no text and no
 * items), or named in `replaceEdited`; every other edited section is kept exactly as it is. The
 * report says what was written, hidden, kept and replaced, in one sentence for the screen.
 */
import { SECTION_LABELS, type PageGenerationReport, type PageSection, type PageSectionKind } from "~/domain/contracts/pages";

const content = (s: PageSection) =>
  JSON.stringify([s.hidden, s.heading.trim(), s.body.trim(), s.items.map((i) => [i.title.trim(), i.text.trim()]), s.imageUrl, s.buttonLabel]);

/** A section with no words of its own to lose: no text and no items (its heading does not count). */
export const isEmptySection = (s: PageSection) => !s.body.trim() && s.items.every((i) => !i.title.trim() && !i.text.trim());

/** The sections of `current` the merchant changed since `baseline` (by section id; an added section counts). */
export function editedSections(current: readonly PageSection[], baseline: readonly PageSection[]): PageSection[] {
  const before = new Map(baseline.map((s) => [s.id, s]));
  return current.filter((s) => {
    const was = before.get(s.id);
    return !was || content(was) !== content(s);
  });
}

/** The kinds the merchant edited and that hold words generation would overwrite, in page order, once each. */
export function protectedKinds(current: readonly PageSection[], baseline: readonly PageSection[]): PageSectionKind[] {
  return [...new Set(editedSections(current, baseline).filter((s) => !isEmptySection(s)).map((s) => s.kind))];
}

export interface MergeOptions {
  /** Write only these kinds (the request's `sections`); all when absent. */
  only?: readonly PageSectionKind[];
  /** Edited kinds the merchant agreed to overwrite. */
  replaceEdited?: readonly PageSectionKind[];
}

export interface MergedGeneration {
  sections: PageSection[];
  /** The new baseline: what was written, and for kept sections their previous baseline (so they stay edited). */
  baseline: PageSection[];
  report: PageGenerationReport;
}

function listWords(labels: string[]): string {
  if (labels.length <= 1) return labels.join("");
  return `${labels.slice(0, -1).join(", ")} and ${labels[labels.length - 1]}`;
}

/** The report's sentence: "Wrote Benefits and FAQ; kept your edits in Hero; replaced your edits in Specs." */
export function generationSummary(report: Omit<PageGenerationReport, "summary">): string {
  const names = (kinds: PageSectionKind[]) => listWords(kinds.map((k) => SECTION_LABELS[k]));
  const parts = [
    report.wrote.length ? `Wrote ${names(report.wrote)}` : "Wrote no section",
    report.kept.length ? `kept your edits in ${names(report.kept)}` : "",
    report.replaced.length ? `replaced your edits in ${names(report.replaced)}` : "",
    report.hidden.length ? `hid ${names(report.hidden)} (not enough product data)` : "",
  ].filter(Boolean);
  return `${parts.join("; ")}.`;
}

/**
 * Merges a writer's sections into the page: each current section is replaced by the written
 * section of its kind unless it is protected (edited with words in it, and not in replaceEdited),
 * or outside `only`. An edited but empty section is filled and keeps the merchant's heading.
 */
export function mergeGeneration(current: readonly PageSection[], baseline: readonly PageSection[], written: readonly PageSection[], options: MergeOptions = {}): MergedGeneration {
  const edited = new Set(protectedKinds(current, baseline));
  const editedIds = new Set(editedSections(current, baseline).map((s) => s.id));
  const replace = new Set(options.replaceEdited ?? []);
  const only = options.only ? new Set(options.only) : null;
  const byKind = new Map(written.map((s) => [s.kind, s]));
  const before = new Map(baseline.map((s) => [s.id, s]));
  const wrote = new Set<PageSectionKind>();
  const hidden = new Set<PageSectionKind>();
  const kept = new Set<PageSectionKind>();
  const replaced = new Set<PageSectionKind>();
  const sections: PageSection[] = [];
  const nextBaseline: PageSection[] = [];
  const used = new Set<PageSectionKind>();
  for (const section of current) {
    const fresh = byKind.get(section.kind);
    const inScope = !only || only.has(section.kind);
    // A second section of one kind (the merchant's copy) is never overwritten by the kind's one written section.
    if (!fresh || !inScope || used.has(section.kind)) {
      sections.push(section);
      nextBaseline.push(before.get(section.id) ?? section);
      continue;
    }
    used.add(section.kind);
    if (edited.has(section.kind) && !isEmptySection(section) && !replace.has(section.kind)) {
      kept.add(section.kind);
      sections.push(section);
      nextBaseline.push(before.get(section.id) ?? { ...section, body: "", items: [] });
      continue;
    }
    if (edited.has(section.kind) && !isEmptySection(section)) replaced.add(section.kind);
    // An empty section the merchant touched keeps the heading they gave it.
    const next: PageSection = { ...fresh, id: section.id, ...(editedIds.has(section.id) && isEmptySection(section) && section.heading.trim() ? { heading: section.heading } : {}) };
    sections.push(next);
    nextBaseline.push(next);
    (next.hidden ? hidden : wrote).add(section.kind);
  }
  // Kinds the page did not hold yet are added in the writer's order.
  for (const fresh of written) {
    if (current.some((s) => s.kind === fresh.kind) || (only && !only.has(fresh.kind))) continue;
    sections.push(fresh);
    nextBaseline.push(fresh);
    (fresh.hidden ? hidden : wrote).add(fresh.kind);
  }
  const order = (set: Set<PageSectionKind>) => sections.map((s) => s.kind).filter((k, i, all) => set.has(k) && all.indexOf(k) === i);
  const report = { wrote: order(wrote), hidden: order(hidden), kept: order(kept), replaced: order(replaced) };
  return { sections, baseline: nextBaseline, report: { ...report, summary: generationSummary(report) } };
}
