/** Small text rules the page generator, renderer and SEO audit share. */
import type { PageSection } from "~/domain/contracts/pages";

/** One line, every run of whitespace as one space. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/**
 * `text` cut to at most `max` characters at a word boundary, with an ellipsis when anything was
 * cut; a text that already fits comes back as it is.
 */
export function cutAtWord(text: string, max: number, ellipsis = "…"): string {
  const clean = oneLine(text);
  if (clean.length <= max) return clean;
  const room = clean.slice(0, max - ellipsis.length + 1);
  const lastSpace = room.lastIndexOf(" ");
  const cut = (lastSpace > max / 3 ? room.slice(0, lastSpace) : room.slice(0, max - ellipsis.length)).replace(/[\s,;:–—-]+$/, "");
  return `${cut}${ellipsis}`;
}

/** Sentences at . ! ? followed by a space (not after "e.g.", "approx." or a decimal point). */
export function sentencesOf(text: string): string[] {
  return oneLine(text)
    .split(/(?<=[.!?])(?<!\b(?:e\.g|i\.e|vs|etc|approx|incl|no|Mr|Mrs|Ms|Dr|St)\.)\s+(?=[A-Z0-9"“‘(])/i)
    .map((s) => s.trim())
    .filter((s) => /[A-Za-z]/.test(s));
}

/**
 * A meta description from the page's own words: the hero's text, then the benefits', cut at a
 * word boundary to at most `max` characters. Empty when the sections hold no text.
 */
export function describeFromSections(sections: readonly PageSection[], max = 155): string {
  const visible = sections.filter((s) => !s.hidden);
  const pick = (kind: PageSection["kind"]) => visible.filter((s) => s.kind === kind);
  const parts = [
    ...pick("hero").map((s) => s.body),
    ...pick("benefits").flatMap((s) => [s.body, ...s.items.map((i) => (i.text ? `${i.title}: ${i.text}` : i.title))]),
    ...pick("cta").map((s) => s.body),
  ]
    .map(oneLine)
    .filter(Boolean)
    .map((p) => (/[.!?…]$/.test(p) ? p : `${p}.`));
  return cutAtWord(parts.join(" "), max);
}
