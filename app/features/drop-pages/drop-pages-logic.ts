/**
 * Pure rules of the drop pages screen and the store export dialog: what a refused request means
 * (the plan's upgrade, the export allowance, a store token to replace, a form field), how a
 * store's token scopes fall short, and the words and numbers the rows show.
 */
import type { PageSummary, StoreConnection } from "~/domain/contracts/pages";
import { SHOPIFY_PAGE_SCOPES } from "~/domain/pages";
import { HttpError, NetworkError } from "~/lib/http";

/** The scope the landing page needs (`pageCreate`), as the server checks it. */
const PAGE_SCOPES: readonly string[] = SHOPIFY_PAGE_SCOPES;

export const canCreatePages = (c: Pick<StoreConnection, "scopes">) => c.scopes.some((s) => PAGE_SCOPES.includes(s));

/** The missing scopes without which nothing can be exported (the server's missingScopes also lists the page's, which only the landing page needs). */
export const blockingScopes = (c: Pick<StoreConnection, "missingScopes">) =>
  c.missingScopes.filter((s) => !PAGE_SCOPES.includes(s));

/** The error body's `details` (absent on answers without them or bodies that are not JSON). */
export function errorDetails(err: unknown): Record<string, unknown> {
  if (!(err instanceof HttpError)) return {};
  try {
    const details = (JSON.parse(err.body) as { details?: unknown }).details;
    return details && typeof details === "object" ? (details as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export type RequestProblem =
  /** The free plan: the server's FORBIDDEN with details.upgrade. */
  | { kind: "upgrade"; message: string }
  /** This month's exports are used up (429 USAGE_LIMIT). */
  | { kind: "limit"; message: string }
  /** Shopify refused the stored token (revoked, uninstalled): connect again. */
  | { kind: "reconnect"; message: string; shopDomain: string | null }
  /** A field of the connect form (shop domain or token) is wrong. */
  | { kind: "field"; field: "shopDomain" | "accessToken"; message: string }
  | { kind: "other"; message: string; retryable: boolean };

/** What a refused page, connection or export request means for the screen; messages are the server's own words. */
export function requestProblem(err: unknown, fallback: string): RequestProblem {
  if (err instanceof NetworkError) return { kind: "other", message: err.message, retryable: true };
  if (!(err instanceof HttpError)) return { kind: "other", message: fallback, retryable: true };
  const message = err.serverMessage || fallback;
  const details = errorDetails(err);
  if (err.status === 403 && details.upgrade === true) return { kind: "upgrade", message };
  if (err.status === 429 && err.type === "USAGE_LIMIT") return { kind: "limit", message };
  if (details.reconnect === true)
    return {
      kind: "reconnect",
      message,
      shopDomain: typeof details.shopDomain === "string" ? details.shopDomain : null,
    };
  const field = fieldOf(details);
  if (field) return { kind: "field", field, message };
  // Throttling and an unreachable store are 503: worth another try in a minute.
  return { kind: "other", message, retryable: err.status >= 500 || err.status === 429 };
}

function fieldOf(details: Record<string, unknown>): "shopDomain" | "accessToken" | null {
  const named = [
    details.field,
    ...(Array.isArray(details.fields) ? details.fields.map((f) => (f as { path?: unknown }).path) : []),
  ];
  for (const name of named) if (name === "shopDomain" || name === "accessToken") return name;
  return null;
}

/** "1,204" */
export const count = (n: number) => n.toLocaleString("en-US");

export function plural(n: number, one: string, other = `${one}s`) {
  return `${count(n)} ${n === 1 ? one : other}`;
}

/** Buy clicks per view, as a percentage with one decimal ("4.2%"); a page nobody saw has none. */
export function clickRate(page: Pick<PageSummary, "views" | "buyClicks">): string | null {
  if (page.views <= 0) return null;
  return `${((page.buyClicks / page.views) * 100).toFixed(1).replace(/\.0$/, "")}%`;
}

/** "3 min ago", "yesterday", "Nov 20": when a page was last edited, relative to now. */
export function edited(iso: string, now: number = Date.now()): string {
  const at = new Date(iso).getTime();
  if (Number.isNaN(at)) return iso;
  const minutes = Math.round((now - at) / 60_000);
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.round(hours / 24);
  if (days === 1) return "yesterday";
  if (days < 7) return `${days} days ago`;
  return new Date(at).toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    ...(new Date(at).getFullYear() !== new Date(now).getFullYear() ? { year: "numeric" } : {}),
  });
}

export function money(cents: number | null, currency: string): string | null {
  if (cents === null) return null;
  try {
    return new Intl.NumberFormat("en-US", { style: "currency", currency }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}

/** The public address without its scheme, for a row ("dropcraft.app/p/lamp"). */
export const shortUrl = (url: string) => url.replace(/^https?:\/\//, "");

/** The builder's address for a page. */
export const editHref = (id: string) => `/ai-page-builder?page=${encodeURIComponent(id)}`;
