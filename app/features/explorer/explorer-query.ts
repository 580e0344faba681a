/**
 * The Explorer's view as a URL: filters, sort, search and page live in the address bar so a view
 * can be shared, reloaded and walked with back/forward. Pure functions, no React: the address's
 * query string ⇄ the view ⇄ the API's query string (GET /api/catalog/products and its CSV twin).
 *
 * The address says prices in whole dollars (`priceMax=30`), the API in cents (`priceMax=3000`).
 * Anything the address holds that the API would refuse is dropped, never sent.
 */
import type { ExplorerQuery } from "~/domain/contracts/market";

export const COMPETITION_OPTIONS = ["low", "medium", "high", "saturated"] as const;
export const PLATFORM_OPTIONS = ["TikTok", "Facebook", "Instagram", "Pinterest"] as const;
export const TREND_OPTIONS = ["rising", "steady", "falling"] as const;
export const SOURCE_OPTIONS = ["all", "sample", "mine"] as const;
export const SORT_OPTIONS = ["score", "orders", "trend", "margin", "price", "ads", "newest"] as const;

export type Competition = (typeof COMPETITION_OPTIONS)[number];
export type Platform = (typeof PLATFORM_OPTIONS)[number];
export type Trend = (typeof TREND_OPTIONS)[number];
export type Source = (typeof SOURCE_OPTIONS)[number];
export type SortKey = (typeof SORT_OPTIONS)[number];
export type SortOrder = "asc" | "desc";

export const PAGE_SIZE = 25;

/** Everything a view of the Explorer is made of. Absent filters are undefined. */
export interface ExplorerView {
  q?: string;
  niche?: string;
  /** Whole dollars. */
  priceMin?: number;
  /** Whole dollars. */
  priceMax?: number;
  /** Percent. */
  marginMin?: number;
  competition: Competition[];
  platform?: Platform;
  trend?: Trend;
  /** Days. */
  shipMax?: number;
  scoreMin?: number;
  source: Source;
  saved?: string;
  sort: SortKey;
  order: SortOrder;
  page: number;
}

export const DEFAULT_VIEW: Readonly<ExplorerView> = Object.freeze({
  competition: [],
  source: "all",
  sort: "score",
  order: "desc",
  page: 1,
});

/** The filters a view can have (everything but sort, order and page). */
export type FilterKey =
  | "q"
  | "niche"
  | "priceMin"
  | "priceMax"
  | "marginMin"
  | "competition"
  | "platform"
  | "trend"
  | "shipMax"
  | "scoreMin"
  | "source"
  | "saved";

/** A filter's new value, or how to change the value it has in the address now. */
export type FilterValue<K extends FilterKey> = ExplorerView[K] | ((current: ExplorerView[K]) => ExplorerView[K]);

/** A change to the view, applied to the view in the address when it happens. */
export type ViewChange = (live: ExplorerView) => ExplorerView;

/** The search parameter that opens a product's panel; it travels beside the view. */
export const PRODUCT_PARAM = "product";

function oneOf<T extends string>(values: readonly T[], raw: string | null): T | undefined {
  return raw !== null && (values as readonly string[]).includes(raw) ? (raw as T) : undefined;
}

function wholeNumber(raw: string | null, min: number, max: number): number | undefined {
  if (raw === null || raw.trim() === "") return undefined;
  const n = Number(raw);
  if (!Number.isFinite(n) || !Number.isInteger(n) || n < min || n > max) return undefined;
  return n;
}

/** Dollars, allowing cents in the address (19.99) but no more precision than that. */
function dollars(raw: string | null): number | undefined {
  if (raw === null || raw.trim() === "") return undefined;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0 || n > 100_000) return undefined;
  return Math.round(n * 100) / 100;
}

function text(raw: string | null, max: number): string | undefined {
  const t = raw?.trim();
  return t ? t.slice(0, max) : undefined;
}

/** A lowest price above the highest: no product can match (the API refuses it too). */
export function priceClash(view: Pick<ExplorerView, "priceMin" | "priceMax">): boolean {
  return view.priceMin !== undefined && view.priceMax !== undefined && view.priceMin > view.priceMax;
}

/** Reads a view from the address's query string; unknown or invalid values fall back to the defaults. */
export function parseView(params: URLSearchParams): ExplorerView {
  const competition = (params.get("competition") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter((s): s is Competition => (COMPETITION_OPTIONS as readonly string[]).includes(s));
  return {
    q: text(params.get("q"), 120),
    niche: text(params.get("niche"), 80),
    priceMin: dollars(params.get("priceMin")),
    priceMax: dollars(params.get("priceMax")),
    marginMin: wholeNumber(params.get("marginMin"), -100, 100),
    competition: COMPETITION_OPTIONS.filter((c) => competition.includes(c)),
    platform: oneOf(PLATFORM_OPTIONS, params.get("platform")),
    trend: oneOf(TREND_OPTIONS, params.get("trend")),
    shipMax: wholeNumber(params.get("shipMax"), 1, 60),
    scoreMin: wholeNumber(params.get("scoreMin"), 0, 100),
    source: oneOf(SOURCE_OPTIONS, params.get("source")) ?? "all",
    saved: text(params.get("saved"), 60),
    sort: oneOf(SORT_OPTIONS, params.get("sort")) ?? "score",
    order: oneOf(["asc", "desc"] as const, params.get("order")) ?? "desc",
    page: wholeNumber(params.get("page"), 1, 10_000) ?? 1,
  };
}

/** The entries of a view that differ from the defaults, in a stable order. */
function entries(view: ExplorerView): [string, string][] {
  const out: [string, string][] = [];
  const put = (key: string, value: string | number | undefined) => {
    if (value !== undefined && value !== "") out.push([key, String(value)]);
  };
  put("q", view.q?.trim() || undefined);
  put("niche", view.niche);
  put("priceMin", view.priceMin);
  put("priceMax", view.priceMax);
  put("marginMin", view.marginMin);
  if (view.competition.length)
    put("competition", COMPETITION_OPTIONS.filter((c) => view.competition.includes(c)).join(","));
  put("platform", view.platform);
  put("trend", view.trend);
  put("shipMax", view.shipMax);
  put("scoreMin", view.scoreMin);
  if (view.source !== "all") put("source", view.source);
  put("saved", view.saved);
  if (view.sort !== "score") put("sort", view.sort);
  if (view.order !== "desc") put("order", view.order);
  if (view.page !== 1) put("page", view.page);
  return out;
}

/**
 * Writes a view into the address's query string, keeping what is not the view's (the open
 * product). Defaults are left out, so the plain Explorer is plain `/ai-explore`.
 */
export function writeView(view: ExplorerView, keep?: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams(entries(view));
  const product = keep?.get(PRODUCT_PARAM);
  if (product) params.set(PRODUCT_PARAM, product);
  return params;
}

/** The API's query string for a view (prices in cents); the CSV export takes the same one. */
export function apiQuery(view: ExplorerView, pageSize: number = PAGE_SIZE): string {
  const cents = (d: number | undefined) => (d === undefined ? undefined : Math.round(d * 100));
  const params = new URLSearchParams();
  const put = (key: keyof ExplorerQuery, value: string | number | undefined) => {
    if (value !== undefined && value !== "") params.set(key, String(value));
  };
  put("q", view.q?.trim() || undefined);
  put("niche", view.niche);
  put("priceMin", cents(view.priceMin));
  put("priceMax", cents(view.priceMax));
  put("marginMin", view.marginMin);
  if (view.competition.length) put("competition", view.competition.join(","));
  put("platform", view.platform);
  put("trend", view.trend);
  put("shipMax", view.shipMax);
  put("scoreMin", view.scoreMin);
  put("source", view.source);
  put("saved", view.saved);
  put("sort", view.sort);
  put("order", view.order);
  put("page", view.page);
  put("pageSize", pageSize);
  return params.toString();
}

/** A changed filter starts again at page 1; sort and order changes do too. */
export function withFilter<K extends FilterKey | "sort" | "order">(
  view: ExplorerView,
  key: K,
  value: ExplorerView[K],
): ExplorerView {
  return { ...view, [key]: value, page: 1 };
}

/**
 * A column header was pressed: the same column flips its order; another column sorts by it,
 * highest first (lowest first for price, where cheap is what people look for).
 */
export function toggleSort(view: ExplorerView, key: SortKey): ExplorerView {
  if (view.sort === key) return { ...view, order: view.order === "desc" ? "asc" : "desc", page: 1 };
  return { ...view, sort: key, order: key === "price" ? "asc" : "desc", page: 1 };
}

/** How many filters narrow the view (search included), for the "Filters (3)" button. */
export function activeFilterCount(view: ExplorerView): number {
  const keys: FilterKey[] = [
    "q",
    "niche",
    "priceMin",
    "priceMax",
    "marginMin",
    "platform",
    "trend",
    "shipMax",
    "scoreMin",
    "saved",
  ];
  let n = keys.filter((k) => view[k] !== undefined).length;
  if (view.competition.length) n += 1;
  if (view.source !== "all") n += 1;
  return n;
}

/** The view with every filter cleared; sort and order stay. */
export function clearFilters(view: ExplorerView): ExplorerView {
  return { ...DEFAULT_VIEW, competition: [], sort: view.sort, order: view.order };
}

/** The pages a plan may read: the API answers an empty page past the cap. */
export function pageCount(visibleTotal: number, pageSize: number = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(visibleTotal / pageSize));
}

/** "Showing 26–50 of 1,234" (or of the capped total). */
export function rangeLabel(page: number, shown: number, total: number, pageSize: number = PAGE_SIZE): string {
  if (shown === 0) return `0 of ${total.toLocaleString("en-US")}`;
  const from = (page - 1) * pageSize + 1;
  return `${from.toLocaleString("en-US")}–${(from + shown - 1).toLocaleString("en-US")} of ${total.toLocaleString("en-US")}`;
}

/** The address of a product's panel over the current view. */
export function productHref(params: URLSearchParams, productId: string | null): string {
  const next = new URLSearchParams(params);
  if (productId) next.set(PRODUCT_PARAM, productId);
  else next.delete(PRODUCT_PARAM);
  const qs = next.toString();
  return qs ? `?${qs}` : "?";
}

/** The question "Ask in chat" puts in the composer. */
export function chatQuestion(product: { id: string; name: string; niche: { name: string } }): string {
  return `Should I sell “${product.name}” (${product.id}, ${product.niche.name}) right now? Look at its winning score and reasons, its orders, ads and competition, and tell me the risks.`;
}

export interface FilterChip {
  key: FilterKey;
  label: string;
}

/** The filters in force, in words, each removable on its own ("Score 60+", "Up to $30"…). */
export function filterChips(view: ExplorerView, nicheName?: (id: string) => string | undefined): FilterChip[] {
  const chips: FilterChip[] = [];
  const usd = (d: number) => `$${Number.isInteger(d) ? d : d.toFixed(2)}`;
  if (view.q) chips.push({ key: "q", label: `“${view.q}”` });
  if (view.niche) chips.push({ key: "niche", label: nicheName?.(view.niche) ?? view.niche });
  if (view.priceMin !== undefined) chips.push({ key: "priceMin", label: `From ${usd(view.priceMin)}` });
  if (view.priceMax !== undefined) chips.push({ key: "priceMax", label: `Up to ${usd(view.priceMax)}` });
  if (view.marginMin !== undefined) chips.push({ key: "marginMin", label: `Margin ${view.marginMin}%+` });
  if (view.competition.length)
    chips.push({
      key: "competition",
      label: `${view.competition.map((c) => c[0].toUpperCase() + c.slice(1)).join(" or ")} competition`,
    });
  if (view.platform) chips.push({ key: "platform", label: `Ads on ${view.platform}` });
  if (view.trend) chips.push({ key: "trend", label: `${view.trend[0].toUpperCase()}${view.trend.slice(1)} orders` });
  if (view.shipMax !== undefined) chips.push({ key: "shipMax", label: `Delivers in ${view.shipMax} days or less` });
  if (view.scoreMin !== undefined) chips.push({ key: "scoreMin", label: `Score ${view.scoreMin}+` });
  if (view.source !== "all")
    chips.push({ key: "source", label: view.source === "sample" ? "Sample catalog only" : "My imports only" });
  if (view.saved) chips.push({ key: "saved", label: `In “${view.saved}”` });
  return chips;
}

/** The view without one filter. */
export function withoutFilter(view: ExplorerView, key: FilterKey): ExplorerView {
  if (key === "competition") return withFilter(view, key, []);
  if (key === "source") return withFilter(view, key, "all");
  return withFilter(view, key, undefined);
}

/** The CSV export's query: the view's filters and sort, every page (within the plan's cap). */
export function exportQuery(view: ExplorerView): string {
  const params = new URLSearchParams(apiQuery(view));
  params.delete("page");
  params.delete("pageSize");
  return params.toString();
}
