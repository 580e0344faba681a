/** Dates and labels of the intelligence screens. Weeks are ISO dates of a Monday (UTC). */
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

export function shortWeek(iso: string): string {
  const [, m, d] = iso.split("-").map(Number);
  return `${MONTHS[(m ?? 1) - 1]} ${d}`;
}

/** "week of Nov 16, 2026", for inside a sentence. */
export function weekPhrase(iso: string): string {
  const [y, m, d] = iso.split("-").map(Number);
  return `week of ${MONTHS[(m ?? 1) - 1]} ${d}, ${y}`;
}

export function longWeek(iso: string): string {
  const phrase = weekPhrase(iso);
  return phrase[0].toUpperCase() + phrase.slice(1);
}

export const ANGLE_LABELS: Record<string, string> = {
  "problem-solution": "Problem → solution",
  pov: "POV",
  "before-after": "Before / after",
  "social-proof": "Social proof",
  gift: "Gift",
  unboxing: "Unboxing",
  demo: "Demo",
};

export const STYLE_LABELS: Record<string, string> = {
  ugc: "UGC",
  studio: "Studio",
  lifestyle: "Lifestyle",
  "text-overlay": "Text overlay",
  comparison: "Comparison",
  meme: "Meme",
};

export const FORMAT_LABELS: Record<string, string> = { video: "Video", image: "Image", carousel: "Carousel" };

export const angleLabel = (a: string) => ANGLE_LABELS[a] ?? a;
export const styleLabel = (s: string) => STYLE_LABELS[s] ?? s;
export const formatLabel = (f: string) => FORMAT_LABELS[f] ?? f;

export function compactCount(n: number): string {
  if (n >= 1_000_000) return `${(n / 1_000_000).toFixed(n >= 10_000_000 ? 0 : 1)}M`;
  if (n >= 10_000) return `${Math.round(n / 1000)}k`;
  if (n >= 1000) return `${(n / 1000).toFixed(1)}k`;
  return String(n);
}
