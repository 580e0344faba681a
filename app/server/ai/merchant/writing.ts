/**
 * Ad copy, hooks and product descriptions for any product a merchant names, in the sample catalog
 * or not. Facts come only from what the merchant said and the record when there is one; a fact
 * the copy needs and nobody gave is a bracketed gap ("[material]") for the merchant to fill,
 * never an invented claim. No reviews, ratings, counts of customers or certifications.
 */
import type { Platform } from "./read-question";

export interface WritingSubject {
  /** As the merchant or the record names it, in sentence case ("portable blender"). */
  name: string;
  /** A shorter name for lines with a length limit (a record's product type, "milk frother"). */
  shortName?: string;
  /** Who it is for and the problem it solves, when a record's niche says so. */
  audience?: string;
  pain?: string;
  /** A price to quote, with whose it is. */
  price?: { text: string; source: "yours" | "catalog" };
}

/** Meta's and TikTok's length guidance for ad text (characters shown before the text is cut). */
export const AD_LIMITS: Record<"meta" | "tiktok" | "pinterest" | "google", { primary: number; headline: number; description: number }> = {
  meta: { primary: 125, headline: 40, description: 30 },
  tiktok: { primary: 100, headline: 40, description: 0 },
  pinterest: { primary: 500, headline: 100, description: 0 },
  google: { primary: 90, headline: 30, description: 90 },
};

function limitsFor(platform: Platform | null) {
  switch (platform) {
    case "TikTok":
      return { key: "tiktok" as const, name: "TikTok", cta: "Shop now" };
    case "Pinterest":
      return { key: "pinterest" as const, name: "Pinterest", cta: "Shop" };
    case "Google":
    case "YouTube":
      return { key: "google" as const, name: platform, cta: "Shop now" };
    default:
      return { key: "meta" as const, name: platform ?? "Facebook and Instagram", cta: "Shop Now" };
  }
}

const problem = (s: WritingSubject) => s.pain ?? "[the problem it solves]";
const forWhom = (s: WritingSubject) => s.audience ?? "[who it is for]";
const an = (word: string) => (/^[aeiou]/i.test(word) ? "an" : "a");

/** Hook lines, one per angle; the first `count` are used. */
export function hooksFor(s: WritingSubject, count: number): string[] {
  const n = s.name;
  const all = [
    `Tired of ${problem(s)}? Meet the ${n}: [how it helps].`,
    `POV: you finally found ${an(n)} ${n} that actually works.`,
    `Before and after the ${n}: watch the difference.`,
    `I didn't expect ${an(n)} ${n} to [main benefit]. Then I tried it.`,
    `Stop scrolling if you're ${forWhom(s)}.`,
    `The ${n} trick nobody talks about.`,
    `[The old way] vs the ${n}: which would you pick?`,
    `Still putting up with ${problem(s)}? Meet the ${n}.`,
    `What [a person who uses it] gets right about the ${n}.`,
    `The gift ${forWhom(s)} will actually use: the ${n}.`,
    ...(s.price ? [`Why pay more? The ${n} is ${s.price.text}.`] : []),
    `Three reasons the ${n} earns its spot: [benefit 1], [benefit 2], [benefit 3].`,
  ];
  return all.slice(0, Math.max(1, Math.min(count, all.length)));
}

export interface AdCopy {
  platform: string;
  primary: string;
  headline: string;
  description: string | null;
  cta: string;
  limits: { primary: number; headline: number; description: number };
}

/** One ad, in the parts the platform's ad form asks for. */
export function adCopyFor(s: WritingSubject, platform: Platform | null): AdCopy {
  const { key, name, cta } = limitsFor(platform);
  const limits = AD_LIMITS[key];
  // The longest form that fits the platform's guidance: full name first, then the short one.
  const fit = (limit: number, ...options: string[]) => options.find((o) => o.length <= limit) ?? options[options.length - 1];
  const short = s.shortName ?? s.name;
  const primary =
    key === "tiktok"
      ? fit(limits.primary, `${capitalize(problem(s))}? The ${s.name} does [main benefit]. Link in bio.`, `${capitalize(problem(s))}? The ${short}: [main benefit].`, `The ${short}: [main benefit].`)
      : fit(
          limits.primary,
          `${capitalize(problem(s))}? The ${s.name} [main benefit], so you can [the result they want].`,
          `${capitalize(problem(s))}? The ${short} [main benefit], so you can [the result they want].`,
          `${capitalize(problem(s))}? The ${short}: [main benefit].`,
          `The ${short}: [main benefit].`,
        );
  const headline = fit(limits.headline, ...(s.price ? [`The ${s.name}, ${s.price.text}`, `The ${short}, ${s.price.text}`] : []), `The ${s.name}`, `The ${short}`, capitalize(short));
  return {
    platform: name,
    primary,
    headline,
    description: limits.description ? fit(limits.description, "[Your shipping promise]", "[Shipping promise]") : null,
    cta,
    limits,
  };
}

export interface Description {
  title: string;
  intro: string;
  bullets: string[];
}

export function descriptionFor(s: WritingSubject): Description {
  return {
    title: capitalize(s.name),
    intro: `The ${s.name} is made for ${forWhom(s)} who are done with ${problem(s)}. [One sentence on how it works.]`,
    bullets: [
      "[Main benefit]: [the feature that delivers it]",
      "Made of [material], [size or capacity]",
      "[How it is used or cleaned, in one line]",
      "In the box: [what is included]",
      ...(s.price ? [`Price: ${s.price.text}`] : []),
    ],
  };
}

/** The gaps a piece of copy left for the merchant: every distinct "[...]". */
export function gapsIn(text: string): string[] {
  return [...new Set(text.match(/\[[^\]]+\]/g) ?? [])];
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
