/**
 * The Chat Management screen's pure logic: sorting, selection, highlighting search hits, the
 * dates it shows, and the JSON export. Plain functions over plain data, unit-tested without a
 * browser (tests/unit/history-logic.test.ts).
 */
import { searchPattern } from "~/domain/chat/search";
import { daysAgo, type ChatDetail, type ChatListItem, type ChatSummary } from "~/features/chat/chat-logic";

// ---------------------------------------------------------------------------------------------
// Sorting

export type SortKey = "updated" | "created" | "title";
export type SortDir = "asc" | "desc";
export interface HistorySort {
  key: SortKey;
  dir: SortDir;
}

export const SORT_LABELS: Record<SortKey, string> = {
  updated: "Last updated",
  created: "Date created",
  title: "Title",
};
export const DEFAULT_SORT: HistorySort = { key: "updated", dir: "desc" };

/** Dates start newest first, titles A to Z. */
export function defaultDir(key: SortKey): SortDir {
  return key === "title" ? "asc" : "desc";
}

/** Choosing a column again reverses it; another column starts in its natural order. */
export function nextSort(current: HistorySort, key: SortKey): HistorySort {
  if (current.key === key) return { key, dir: current.dir === "asc" ? "desc" : "asc" };
  return { key, dir: defaultDir(key) };
}

/** How one direction of a sort reads ("Newest first", "A → Z"). */
export function dirLabel(key: SortKey, dir: SortDir): string {
  if (key === "title") return dir === "asc" ? "A → Z" : "Z → A";
  return dir === "desc" ? "Newest first" : "Oldest first";
}

function time(iso: string): number {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? 0 : t;
}

const titleCollator = new Intl.Collator("en", { sensitivity: "base", numeric: true });

/** The chats in the chosen order; ties fall back to the last update (newest first), then the id. */
export function sortHistory<T extends Pick<ChatSummary, "id" | "title" | "createdAt" | "updatedAt">>(
  chats: readonly T[],
  sort: HistorySort,
): T[] {
  const sign = sort.dir === "asc" ? 1 : -1;
  const primary = (a: T, b: T) => {
    if (sort.key === "title") return titleCollator.compare(a.title.trim(), b.title.trim());
    if (sort.key === "created") return time(a.createdAt) - time(b.createdAt);
    return time(a.updatedAt) - time(b.updatedAt);
  };
  return [...chats].sort(
    (a, b) => sign * primary(a, b) || time(b.updatedAt) - time(a.updatedAt) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

// ---------------------------------------------------------------------------------------------
// Selection

export type SelectionState = "none" | "some" | "all";

/** Whether none, some or all of the shown chats are selected (for the select-all box). */
export function selectionState(shownIds: readonly string[], selected: ReadonlySet<string>): SelectionState {
  const count = shownIds.filter((id) => selected.has(id)).length;
  if (count === 0) return "none";
  return count === shownIds.length ? "all" : "some";
}

/** Select-all: selects every shown chat, or clears them when all already are. */
export function toggleAll(shownIds: readonly string[], selected: ReadonlySet<string>): Set<string> {
  if (selectionState(shownIds, selected) === "all") {
    const next = new Set(selected);
    for (const id of shownIds) next.delete(id);
    return next;
  }
  return new Set([...selected, ...shownIds]);
}

export function toggleOne(selected: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/**
 * Selects the shown chats from the last one toggled to this one (Shift+click), in display order.
 * Without an anchor that is still shown, it toggles just this one.
 */
export function selectRange(
  shownIds: readonly string[],
  selected: ReadonlySet<string>,
  anchorId: string | null,
  id: string,
): Set<string> {
  const from = anchorId ? shownIds.indexOf(anchorId) : -1;
  const to = shownIds.indexOf(id);
  if (from === -1 || to === -1) return toggleOne(selected, id);
  const [lo, hi] = from < to ? [from, to] : [to, from];
  return new Set([...selected, ...shownIds.slice(lo, hi + 1)]);
}

// ---------------------------------------------------------------------------------------------
// Search hits

export interface TextPart {
  text: string;
  hit: boolean;
}

/** The text cut into plain parts and the parts that match the query (every hit, ignoring case). */
export function highlightParts(text: string, query: string): TextPart[] {
  const pattern = searchPattern(query, { global: true });
  if (!pattern || !text) return text ? [{ text, hit: false }] : [];
  const parts: TextPart[] = [];
  let last = 0;
  for (const m of text.matchAll(pattern)) {
    if (!m[0]) continue;
    const index = m.index ?? 0;
    if (index > last) parts.push({ text: text.slice(last, index), hit: false });
    parts.push({ text: m[0], hit: true });
    last = index + m[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), hit: false });
  return parts;
}

// ---------------------------------------------------------------------------------------------
// Words and dates

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
}

/** "12 chats · 148 messages" */
export function totalsLine(chats: readonly Pick<ChatListItem, "messageCount">[]): string {
  const messages = chats.reduce((sum, c) => sum + (c.messageCount || 0), 0);
  return `${plural(chats.length, "chat")} · ${plural(messages, "message")}`;
}

/** "just now", "5 min ago", "3 h ago", "Yesterday", "4 days ago", then the date. */
export function relativeTime(iso: string, now: number): string {
  const t = time(iso);
  const diff = Math.max(0, now - t);
  if (diff < 45_000) return "just now";
  if (diff < 3_600_000) return `${Math.max(1, Math.round(diff / 60_000))} min ago`;
  if (diff < 86_400_000) return `${Math.floor(diff / 3_600_000)} h ago`;
  const days = daysAgo(iso, now);
  if (days <= 1) return "Yesterday";
  if (days < 7) return `${days} days ago`;
  return shortDate(iso, now);
}

/** "Mar 3" this year, "Mar 3, 2025" before. */
export function shortDate(iso: string, now: number): string {
  const d = new Date(time(iso));
  const sameYear = d.getFullYear() === new Date(now).getFullYear();
  return d.toLocaleDateString("en-US", { month: "short", day: "numeric", ...(sameYear ? {} : { year: "numeric" }) });
}

/** "Mar 3, 2026, 2:05 PM", for a tooltip. */
export function fullDateTime(iso: string): string {
  return new Date(time(iso)).toLocaleString("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });
}

// ---------------------------------------------------------------------------------------------
// Export

export const EXPORT_FORMAT = "dropcraft.chats";
export const EXPORT_VERSION = 1;

export interface ExportedMessage {
  role: "user" | "assistant";
  content: string;
  summary?: string;
  citations?: { title: string; source: string; url?: string }[];
  provider?: string;
  stopped?: boolean;
  createdAt: string;
}

export interface ExportedChat {
  id: string;
  title: string;
  projectId: string | null;
  createdAt: string;
  updatedAt: string;
  messages: ExportedMessage[];
}

export interface ChatExport {
  format: typeof EXPORT_FORMAT;
  version: typeof EXPORT_VERSION;
  exportedAt: string;
  chats: ExportedChat[];
}

/** The JSON document of an export: each chat with its saved messages, oldest first, in the order given. */
export function buildChatExport(details: readonly ChatDetail[], exportedAt: Date): ChatExport {
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: exportedAt.toISOString(),
    chats: details.map(({ chat, messages }) => ({
      id: chat.id,
      title: chat.title,
      projectId: chat.projectId ?? null,
      createdAt: chat.createdAt,
      updatedAt: chat.updatedAt,
      messages: messages
        // Only what was saved: nothing half-written in this tab.
        .filter((m) => !m.status || m.status === "stopped")
        .map((m) => ({
          role: m.role,
          content: m.content,
          ...(m.summary ? { summary: m.summary } : {}),
          ...(m.citations?.length
            ? {
                citations: m.citations.map((c) => ({
                  title: c.title,
                  source: c.source,
                  ...(c.url ? { url: c.url } : {}),
                })),
              }
            : {}),
          ...(m.provider ? { provider: m.provider } : {}),
          ...(m.stopped ? { stopped: true } : {}),
          createdAt: m.createdAt,
        })),
    })),
  };
}

/** A file-name-safe slug of a title ("Pet supplies: Q3!" → "pet-supplies-q3"). */
export function slugify(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40)
    .replace(/-+$/, "");
  return slug || "chat";
}

function localDay(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** "dropcraft-chat-pet-supplies-2026-11-22.json" for one chat, "dropcraft-chats-3-2026-11-22.json" for more. */
export function exportFileName(chats: readonly Pick<ChatSummary, "title">[], at: Date): string {
  const day = localDay(at);
  if (chats.length === 1) return `dropcraft-chat-${slugify(chats[0].title)}-${day}.json`;
  return `dropcraft-chats-${chats.length}-${day}.json`;
}

/**
 * Runs `fn` over the items with at most `limit` running at once; results keep the items' order.
 * A rejection is returned in its place (as `{ error }`), so one failure never hides the rest.
 */
export async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<({ ok: true; value: R } | { ok: false; error: unknown })[]> {
  const results: ({ ok: true; value: R } | { ok: false; error: unknown })[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      try {
        results[i] = { ok: true, value: await fn(items[i], i) };
      } catch (error) {
        results[i] = { ok: false, error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}
