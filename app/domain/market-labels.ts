/**
 * Words for the market catalog's codes and weeks, shared by the server (reports, dashboards)
 * and the screens, so an angle or a week reads the same everywhere.
 */

export const ANGLE_LABELS: Readonly<Record<string, string>> = {
  "problem-solution": "Problem → solution",
  pov: "POV",
  "before-after": "Before / after",
  "social-proof": "Social proof",
  gift: "Gift",
  unboxing: "Unboxing",
  demo: "Demo",
};

export const STYLE_LABELS: Readonly<Record<string, string>> = {
  ugc: "UGC",
  studio: "Studio",
  lifestyle: "Lifestyle",
  "text-overlay": "Text overlay",
  comparison: "Comparison",
  meme: "Meme",
};

export const FORMAT_LABELS: Readonly<Record<string, string>> = { video: "Video", image: "Image", carousel: "Carousel" };

export const angleLabel = (a: string) => ANGLE_LABELS[a] ?? a;
export const styleLabel = (s: string) => STYLE_LABELS[s] ?? s;
export const formatLabel = (f: string) => FORMAT_LABELS[f] ?? f;

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

function parts(weekOf: string): [number, number, number] | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(weekOf);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
}

/** A week's Monday as "Mar 3". */
export function shortWeek(weekOf: string): string {
  const p = parts(weekOf);
  return p ? `${MONTHS[p[1] - 1].slice(0, 3)} ${p[2]}` : weekOf;
}

/** A week's Monday as "November 16, 2026". */
export function longWeek(weekOf: string): string {
  const p = parts(weekOf);
  return p ? `${MONTHS[p[1] - 1]} ${p[2]}, ${p[0]}` : weekOf;
}

/** "week of Nov 16, 2026", for inside a sentence. */
export function weekPhrase(weekOf: string): string {
  const p = parts(weekOf);
  return p ? `week of ${MONTHS[p[1] - 1].slice(0, 3)} ${p[2]}, ${p[0]}` : weekOf;
}
