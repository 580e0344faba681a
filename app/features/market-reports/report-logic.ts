/**
 * Pure rules of the market analysis screen: what a report contains (the free plan's preview), the
 * subject in the address (`?product=P-0001`, `?niche=<id>`, so the Explorer can link here), the
 * product citations turned into Explorer links, and what a failed start means.
 */
import { HttpError } from "~/lib/http";
import type { ReportSubject } from "./reports-client";

/** The sections every report holds, in order, with what each says (the steps of the job). */
export const REPORT_SECTIONS = [
  { title: "Demand", text: "Orders in the last 4 weeks against the 4 before, from every product's weekly series; rising and falling products; the best scored." },
  { title: "Competition", text: "How many products sit at each competition level, active ads, and the biggest stores selling in the niche." },
  { title: "Pricing and margins", text: "Price bands and what a sale leaves after supplier cost and shipping, with the arithmetic." },
  { title: "Audience", text: "The catalog's description of who buys and why, the words they search, where the ads run." },
  { title: "Ad angles", text: "Ads by platform and angle with their engagement, and the top hooks word for word." },
  { title: "Risks", text: "Saturated, falling, slow-shipping and thin-margin products, named." },
  { title: "30-day launch plan", text: "Week by week, with a test budget worked out from the break-even CPA of the chosen product." },
] as const;

export const REPORT_PARAM = "report";

/** The subject the address asks for: a product id wins over a niche. */
export function subjectFromParams(params: URLSearchParams): ReportSubject | null {
  const product = params.get("product")?.trim();
  if (product) return { subjectKind: "product", subjectId: product.toUpperCase().slice(0, 64) };
  const niche = params.get("niche")?.trim();
  if (niche) return { subjectKind: "niche", subjectId: niche.slice(0, 64) };
  return null;
}

/** Product ids the report cites: sample products (P-0001) and imports (I-1A2B3C4D). */
const PRODUCT_ID = /\b(P-\d{3,}|I-[0-9A-F]{8})\b/g;

export function explorerHref(productId: string): string {
  return `/ai-explore?product=${encodeURIComponent(productId)}`;
}

/** The report's Markdown with every product id a link to its record in the Explorer. */
export function linkCitations(markdown: string): string {
  return markdown.replace(PRODUCT_ID, (id) => `[${id}](${explorerHref(id)})`);
}

export type StartProblem = { kind: "upgrade"; message: string } | { kind: "limit" } | { kind: "subject"; message: string } | { kind: "other"; message: string };

/** What a refused start means for the screen. */
export function startProblem(err: unknown): StartProblem {
  if (err instanceof HttpError) {
    if (err.status === 403) return { kind: "upgrade", message: err.serverMessage ?? "Deep market analysis is part of the paid plans." };
    if (err.status === 429 && err.type === "USAGE_LIMIT") return { kind: "limit" };
    if (err.status === 404 || err.status === 400) return { kind: "subject", message: err.serverMessage ?? "Check the product id or pick a niche." };
  }
  return { kind: "other", message: err instanceof Error && err.message ? err.message : "Please try again." };
}

/** "Nov 20, 2026, 10:04" in the viewer's locale. */
export function formatWhen(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}
