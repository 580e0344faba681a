/**
 * The project canon (ADR 010): the business facts every answer and tool in a project uses, kept
 * flat by dotted path ("brand.voice", "audience.primary.age"), each with who set it and when.
 * The API normalizes and merges with these rules, the auto-rules feed them, and the Canon tab
 * draws its tree with them.
 *
 * Zod-free at run time on purpose (the contracts are imported as types only), so the browser can
 * use `canonTree` and the path rule without bundling zod. Entries are treated as immutable: the
 * functions here never change their arguments and may share entry objects with their results.
 */
import type { Canon, CanonEntry, CanonOrigin, CanonSource, CanonValue, PutCanonBody } from "./contracts/projects";
import { AppError } from "./errors";

export const CANON_PATH_MAX_CHARS = 200;
export const CANON_PATH_MAX_SEGMENTS = 8;
/** 1 to 8 dot-separated segments of letters, digits, '-' or '_' (and 200 characters at most). */
export const CANON_PATH_PATTERN = new RegExp(`^[A-Za-z0-9_-]+(?:\\.[A-Za-z0-9_-]+){0,${CANON_PATH_MAX_SEGMENTS - 1}}$`);
export const CANON_PATH_RULE = "use 1 to 8 dot-separated names of letters, digits, '-' or '_', 200 characters at most";

/** Lower ranks win a merge: what the merchant typed beats research, research beats the auto-rules. */
const SOURCE_RANK: Record<CanonSource, number> = { user: 0, research: 1, ai: 2 };
/** A stored source this code does not know ranks last, so the order stays total. */
const rankOf = (source: string) => (Object.hasOwn(SOURCE_RANK, source) ? SOURCE_RANK[source as CanonSource] : 3);
const ORIGIN_KINDS: readonly CanonOrigin["kind"][] = ["instructions", "researchData", "file"];
const ENTRY_KEYS = new Set(["value", "source", "timestamp", "origin"]);

/**
 * What a PUT may carry per path: an entry (source and timestamp optional), a bare value, or a
 * plain object whose keys become child paths. Wider than `PutCanonBody["canon"]` because the
 * nested-object form is read here, and because every value is checked again at run time.
 */
export type CanonInput = PutCanonBody["canon"] | Readonly<Record<string, unknown>>;

export interface CanonTreeNode {
  /** The last segment of `path` ("voice" for "brand.voice"). */
  segment: string;
  path: string;
  /** Absent for a node that only groups children ("brand" when only "brand.voice" is set). */
  entry?: CanonEntry;
  children: CanonTreeNode[];
}

export function isCanonPath(path: string): boolean {
  return path.length <= CANON_PATH_MAX_CHARS && CANON_PATH_PATTERN.test(path);
}

/** A VALIDATION error naming the bad path, with the body field it came from ("canon" or "delete"). */
function invalid(message: string, field: "canon" | "delete" = "canon"): AppError {
  return new AppError("VALIDATION", message, { details: { fields: [{ path: field, message }] } });
}

function assertCanonPath(path: string, field: "canon" | "delete" = "canon"): void {
  if (!isCanonPath(path)) throw invalid(`Canon path "${path}" is not valid: ${CANON_PATH_RULE}.`, field);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

function isCanonValue(value: unknown): value is CanonValue {
  if (value === null || typeof value === "string" || typeof value === "boolean") return true;
  if (typeof value === "number") return Number.isFinite(value);
  return Array.isArray(value) && value.every((item) => typeof item === "string");
}

/**
 * An object is read as an entry when it has a `value` and no key besides an entry's own;
 * any other plain object is a group of child paths (`{"pricing": {"value": 1, "note": "x"}}`
 * sets `pricing.value` and `pricing.note`).
 */
function isEntryShape(value: Record<string, unknown>): boolean {
  return Object.hasOwn(value, "value") && Object.keys(value).every((key) => ENTRY_KEYS.has(key));
}

const ISO_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

/** The timestamp as `toISOString()` gives it, or null when it is not a real ISO time with a zone. */
export function normalizeCanonTimestamp(timestamp: string): string | null {
  const parts = ISO_TIME.exec(timestamp);
  if (!parts) return null;
  const [year, month, day, hour, minute, second] = parts.slice(1, 7).map((part) => Number(part ?? 0));
  // Date.parse accepts 2026-02-30 and 24:00, so the calendar is checked by hand.
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth || hour > 23 || minute > 59 || second > 59) return null;
  const time = Date.parse(timestamp);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

function readOrigin(origin: unknown, path: string): CanonOrigin {
  const fail = () => invalid(`Canon path "${path}" has an origin that is not valid: it needs a kind and an excerpt.`);
  if (!isPlainObject(origin)) throw fail();
  const { kind, fileId, fileName, excerpt } = origin;
  if (!ORIGIN_KINDS.includes(kind as CanonOrigin["kind"]) || typeof excerpt !== "string") throw fail();
  if (
    (fileId !== undefined && typeof fileId !== "string") ||
    (fileName !== undefined && typeof fileName !== "string")
  ) {
    throw fail();
  }
  return {
    kind: kind as CanonOrigin["kind"],
    ...(fileId !== undefined ? { fileId } : {}),
    ...(fileName !== undefined ? { fileName } : {}),
    excerpt,
  };
}

/**
 * Turns a PUT's `canon` into entries: bare values and partial entries take `source` and `now`,
 * and plain objects are flattened into child paths with the same source, timestamp and origin.
 * Throws a VALIDATION AppError naming the path for a bad path, source, timestamp, origin or value,
 * and for a path given twice (`"brand.voice"` and `{"brand": {"voice": …}}`).
 */
export function normalizeCanonInput(input: CanonInput, source: CanonSource, now: Date): Canon {
  if (Number.isNaN(now.getTime())) throw new AppError("INTERNAL", "The canon was given an invalid clock time.");
  if (!isPlainObject(input)) throw new AppError("VALIDATION", "canon must be an object of dotted paths and values.");
  const defaults = { source, timestamp: now.toISOString() };
  const entries = new Map<string, CanonEntry>();

  const add = (
    path: string,
    raw: unknown,
    inherited: { source: CanonSource; timestamp: string; origin?: CanonOrigin },
  ) => {
    assertCanonPath(path);
    if (isPlainObject(raw) && !isEntryShape(raw)) {
      for (const [key, child] of Object.entries(raw)) add(`${path}.${key}`, child, inherited);
      return;
    }
    if (isPlainObject(raw)) {
      const entrySource = raw.source ?? inherited.source;
      if (typeof entrySource !== "string" || !Object.hasOwn(SOURCE_RANK, entrySource)) {
        throw invalid(`Canon path "${path}" has an unknown source: use user, research or ai.`);
      }
      let timestamp = inherited.timestamp;
      if (raw.timestamp !== undefined) {
        const normalized = typeof raw.timestamp === "string" ? normalizeCanonTimestamp(raw.timestamp) : null;
        if (!normalized) {
          throw invalid(`Canon path "${path}" has a timestamp that is not an ISO time (like 2026-01-31T12:00:00Z).`);
        }
        timestamp = normalized;
      }
      const origin = raw.origin === undefined ? inherited.origin : readOrigin(raw.origin, path);
      const entryDefaults = { source: entrySource as CanonSource, timestamp, ...(origin ? { origin } : {}) };
      if (isPlainObject(raw.value)) {
        for (const [key, child] of Object.entries(raw.value)) add(`${path}.${key}`, child, entryDefaults);
        return;
      }
      add(path, raw.value, entryDefaults);
      return;
    }
    if (!isCanonValue(raw)) {
      throw invalid(
        `Canon path "${path}" has a value that is not text, a number, true/false, a list of texts or null.`,
      );
    }
    if (entries.has(path)) throw invalid(`Canon path "${path}" is given more than once.`);
    entries.set(path, {
      value: Array.isArray(raw) ? [...raw] : raw,
      source: inherited.source,
      timestamp: inherited.timestamp,
      ...(inherited.origin ? { origin: inherited.origin } : {}),
    });
  };

  for (const [path, raw] of Object.entries(input)) add(path, raw, defaults);
  return sortedCanon(entries);
}

/** JSON with object keys sorted and undefined fields left out, so equal entries give equal text. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (isPlainObject(value)) {
    const fields = Object.keys(value)
      .filter((key) => value[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stableJson(value[key])}`);
    return `{${fields.join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

function timeOf(entry: CanonEntry): number {
  const time = Date.parse(entry.timestamp);
  // A stored timestamp that does not parse loses to every real one instead of breaking the order.
  return Number.isNaN(time) ? -Infinity : time;
}

/**
 * The entry that wins one path: the better source, then the newer timestamp, then (same source,
 * same time) the greater stable JSON, which makes the choice the same whichever order the two
 * entries come in.
 */
export function canonEntryWinner(a: CanonEntry, b: CanonEntry): CanonEntry {
  const rank = rankOf(a.source) - rankOf(b.source);
  if (rank !== 0) return rank < 0 ? a : b;
  const age = timeOf(a) - timeOf(b);
  if (age !== 0 && !Number.isNaN(age)) return age > 0 ? a : b;
  return stableJson(a) >= stableJson(b) ? a : b;
}

function sortedCanon(entries: Map<string, CanonEntry>): Canon {
  // Code-unit order, not localeCompare: the same on every server and browser.
  const paths = [...entries.keys()].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
  // fromEntries defines own properties, so even a "__proto__" key stays data.
  return Object.fromEntries(paths.map((path) => [path, entries.get(path)!]));
}

/**
 * Merges `incoming` into `existing` path by path with `canonEntryWinner`. A path only one side has
 * is kept as it is (removing takes `deleteCanonPaths`). The merge is commutative, associative and
 * idempotent, and its keys come out sorted.
 */
export function mergeCanon(existing: Canon, incoming: Canon): Canon {
  const merged = new Map<string, CanonEntry>(Object.entries(existing));
  for (const [path, entry] of Object.entries(incoming)) {
    const current = merged.get(path);
    merged.set(path, current ? canonEntryWinner(current, entry) : entry);
  }
  return sortedCanon(merged);
}

/** Removes each path and everything under it ("brand" removes "brand.voice"). Throws on a bad path. */
export function deleteCanonPaths(canon: Canon, paths: readonly string[]): Canon {
  for (const path of paths) assertCanonPath(path, "delete");
  const removed = (key: string) => paths.some((path) => key === path || key.startsWith(`${path}.`));
  return sortedCanon(new Map(Object.entries(canon).filter(([key]) => !removed(key))));
}

/** Whether two canon values are the same (lists compared item by item, in order). */
export function canonValuesEqual(a: CanonValue, b: CanonValue): boolean {
  return stableJson(a) === stableJson(b);
}

/** Paths added, removed, or whose value, source or origin changed; a new timestamp alone is no change. */
export function changedCanonPaths(before: Canon, after: Canon): string[] {
  const meaning = (entry: CanonEntry | undefined) =>
    entry ? stableJson({ value: entry.value, source: entry.source, origin: entry.origin }) : "";
  const lookupBefore = new Map(Object.entries(before));
  const lookupAfter = new Map(Object.entries(after));
  const paths = new Set([...lookupBefore.keys(), ...lookupAfter.keys()]);
  return [...paths]
    .filter((path) => meaning(lookupBefore.get(path)) !== meaning(lookupAfter.get(path)))
    .sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
}

/** The canon as a tree for the Canon tab, children sorted by segment; a node may have an entry and children. */
export function canonTree(canon: Canon): CanonTreeNode[] {
  const root: CanonTreeNode = { segment: "", path: "", children: [] };
  const nodes = new Map<string, CanonTreeNode>([["", root]]);
  const nodeAt = (path: string): CanonTreeNode => {
    const known = nodes.get(path);
    if (known) return known;
    const cut = path.lastIndexOf(".");
    const node: CanonTreeNode = { segment: path.slice(cut + 1), path, children: [] };
    nodeAt(cut < 0 ? "" : path.slice(0, cut)).children.push(node);
    nodes.set(path, node);
    return node;
  };
  for (const [path, entry] of Object.entries(canon)) nodeAt(path).entry = entry;
  const sortChildren = (node: CanonTreeNode) => {
    node.children.sort((x, y) => (x.segment < y.segment ? -1 : x.segment > y.segment ? 1 : 0));
    node.children.forEach(sortChildren);
  };
  sortChildren(root);
  return root.children;
}
