/**
 * The projects feature's pure rules: the spec's error mapping (section 8), the list's search and
 * visibility, finding a project from the URL, the knowledge base's client-side file check, file
 * statuses, canon values, research data and the example project. Plain functions over plain
 * data, unit-tested in tests/unit/features/projects-*.test.ts.
 */
import type {
  CanonSource,
  CanonValue,
  Project,
  ProjectFile,
  ProjectFileKind,
  ProjectFileStatus,
} from "~/domain/contracts/projects";
import { formatBytes } from "~/domain/counters";
import { PROJECT_FILE_ACCEPT, PROJECT_FILE_MAX_BYTES, projectFileKind } from "~/domain/project-rules";
import { HttpError, NetworkError } from "~/lib/http";

// ——— errors (spec section 8) ———

/** The start of the message the client raises on the quota 403 (spec sections 6 and 8). */
export const PROJECT_QUOTA_PREFIX = "PROJECT_QUOTA_EXCEEDED";
export const CREATE_FAILED = "Failed to create project";
export const DELETE_FAILED = "Failed to delete project";
export const refreshFailed = (status: number | string) => `Failed to refresh projects: ${status}`;

/** Raised by the client when the server refuses a new project over the plan's quota. */
export class ProjectQuotaError extends Error {
  constructor(
    /** The server's words, shown in the upgrade modal. */
    readonly serverMessage: string,
    readonly limit?: number,
  ) {
    super(`${PROJECT_QUOTA_PREFIX}: ${serverMessage}`);
    this.name = "ProjectQuotaError";
  }
}

export function isProjectQuotaError(err: unknown): err is ProjectQuotaError {
  return err instanceof Error && err.message.startsWith(PROJECT_QUOTA_PREFIX);
}

const QUOTA_FALLBACK = "Your plan's project limit is reached. Upgrade for more projects, or delete one you no longer use.";

/** What a failed create becomes: the quota 403 turns into the PROJECT_QUOTA_EXCEEDED error; anything else is kept. */
export function toCreateProjectError(err: unknown): unknown {
  if (err instanceof HttpError && err.status === 403 && err.type === "QUOTA_EXCEEDED") {
    return new ProjectQuotaError(err.serverMessage || QUOTA_FALLBACK, limitOf(err.body));
  }
  return err;
}

function limitOf(body: string): number | undefined {
  try {
    const limit = (JSON.parse(body) as { details?: { limit?: unknown } }).details?.limit;
    return typeof limit === "number" ? limit : undefined;
  } catch {
    return undefined;
  }
}

/** A 409 answer: another project of this user already has the name (the server's message names it). */
export function nameClashMessage(err: unknown): string | null {
  if (err instanceof HttpError && err.status === 409) return err.serverMessage || "You already have a project by that name.";
  return null;
}

/** The list fetch's failure as the spec words it: 'Failed to refresh projects: {status}'. */
export function toRefreshError(err: unknown): Error {
  if (err instanceof HttpError) return new Error(refreshFailed(err.status), { cause: err });
  if (err instanceof NetworkError) return new Error(refreshFailed(err.reason === "timeout" ? "timeout" : "network error"), { cause: err });
  return new Error(refreshFailed("unknown error"), { cause: err });
}


// ——— the list ———

/** Spec section 5: lists hide projects whose name is empty or not a string. */
export function visibleProjects<T extends { name: unknown }>(projects: readonly T[]): T[] {
  return projects.filter((p) => typeof p.name === "string" && p.name.trim() !== "");
}

const fold = (text: string) => text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase();

/**
 * The search box: every word typed must appear (ignoring case and accents) in the project's name
 * or its business instructions. Names matching come first, keeping the list's order otherwise.
 */
export function filterProjects<T extends Pick<Project, "name" | "businessInstructions">>(projects: readonly T[], query: string): T[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...projects];
  const hits = projects.filter((p) => {
    const text = `${fold(p.name)}\n${fold(p.businessInstructions ?? "")}`;
    return words.every((w) => text.includes(w));
  });
  const inName = (p: T) => words.every((w) => fold(p.name).includes(w));
  return [...hits.filter(inName), ...hits.filter((p) => !inName(p))];
}

/**
 * The project a `/project/:projectName` URL means: the project with that id, else the one whose
 * name is the same (trimmed, ignoring case), so a typed `/project/My Store` works.
 */
export function findProjectByParam<T extends Pick<Project, "id" | "name">>(projects: readonly T[], param: string): T | undefined {
  const byId = projects.find((p) => p.id === param);
  if (byId) return byId;
  const wanted = param.trim().toLowerCase();
  if (!wanted) return undefined;
  return projects.find((p) => p.name.trim().toLowerCase() === wanted);
}

export function projectPath(id: string): string {
  return `/project/${encodeURIComponent(id)}`;
}

export function plural(n: number, one: string, other = `${one}s`): string {
  return `${n.toLocaleString("en-US")} ${n === 1 ? one : other}`;
}

/** The first line or two of the instructions, for a card. */
export function instructionsExcerpt(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:–—-]+$/, "")}…`;
}

// ——— the knowledge base ———

/** What the knowledge base takes, by extension (short labels for badges). */
export const FILE_KIND_LABELS: Record<ProjectFileKind, string> = {
  txt: "Text",
  md: "Markdown",
  csv: "CSV",
  json: "JSON",
  pdf: "PDF",
  docx: "Word",
};
/** Each file's limit: the same number the server checks. */
export const FILE_MAX_BYTES = PROJECT_FILE_MAX_BYTES;
/** The file picker's filter. */
export const FILE_ACCEPT = PROJECT_FILE_ACCEPT;
export const FILE_TYPES_TEXT = `PDF, Word (.docx), text, Markdown, CSV or JSON, up to ${formatBytes(PROJECT_FILE_MAX_BYTES)} each`;

export const fileKindOf = projectFileKind;

/**
 * The check made before a file is sent (the server checks again and is the authority): its type
 * and size. Null when it may go; otherwise the problem, naming the file and the limit.
 */
export function checkFile(file: { name: string; size: number }): string | null {
  if (!fileKindOf(file.name)) {
    return `"${file.name}" is not a file type the knowledge base reads. Use ${FILE_TYPES_TEXT.replace(/, up to .* each$/, "")}.`;
  }
  if (file.size === 0) return `"${file.name}" is empty (0 bytes). Choose a file with content.`;
  if (file.size > FILE_MAX_BYTES) {
    return `"${file.name}" is ${formatBytes(file.size)}; each file can be at most ${formatBytes(FILE_MAX_BYTES)}.`;
  }
  return null;
}

/** A size as the merchant reads it ("1 byte", "54 bytes", "2 KB", "10 MB"). */
export const formatSize = formatBytes;

export interface StatusLook {
  label: string;
  tone: "neutral" | "brand" | "success" | "warning" | "danger";
}

/** The badge of a file's status (and of the two phases of an upload in progress). */
export function fileStatusLook(status: ProjectFileStatus): StatusLook {
  switch (status) {
    case "uploading":
      return { label: "Uploading", tone: "brand" };
    case "extracting":
      return { label: "Extracting", tone: "brand" };
    case "indexed":
      return { label: "Indexed", tone: "success" };
    case "no_text":
      return { label: "No text found", tone: "warning" };
    case "failed":
      return { label: "Failed", tone: "danger" };
  }
}

/** The line under a file's name: kind, size and passages. */
export function fileFacts(file: Pick<ProjectFile, "kind" | "size" | "passageCount" | "status">): string {
  const parts = [FILE_KIND_LABELS[file.kind] ?? file.kind.toUpperCase(), formatSize(file.size)];
  if (file.status === "indexed") parts.push(plural(file.passageCount, "passage"));
  return parts.join(" · ");
}

/** Moves one id a step up or down in an order; the same order when it cannot move. */
export function moveId(ids: readonly string[], id: string, step: -1 | 1): string[] {
  const from = ids.indexOf(id);
  const to = from + step;
  if (from < 0 || to < 0 || to >= ids.length) return [...ids];
  const next = [...ids];
  [next[from], next[to]] = [next[to], next[from]];
  return next;
}

// ——— the canon ———

export const SOURCE_LOOK: Record<CanonSource, StatusLook> = {
  user: { label: "You", tone: "brand" },
  research: { label: "Research", tone: "success" },
  ai: { label: "AI-derived", tone: "neutral" },
};

/** A canon value as the merchant reads and edits it: lists joined by commas, null as empty. */
export function formatCanonValue(value: CanonValue): string {
  if (value === null) return "";
  if (Array.isArray(value)) return value.join(", ");
  return String(value);
}

/**
 * What an edited value becomes. It keeps the kind of the value it replaces (a list stays a list
 * split at commas, a number stays a number when the text is one, true/false stay booleans);
 * a new entry is text.
 */
export function parseCanonValue(text: string, like?: CanonValue): CanonValue {
  const trimmed = text.trim();
  if (Array.isArray(like)) {
    return trimmed
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
  }
  if (typeof like === "number" && /^-?\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed);
  if (typeof like === "boolean" && /^(true|false)$/i.test(trimmed)) return trimmed.toLowerCase() === "true";
  return trimmed;
}

// ——— research data ———

export type ResearchParse = { ok: true; value: unknown } | { ok: false; message: string };

/** The research data editor's text: empty clears it (null); otherwise it must be JSON. */
export function parseResearchData(text: string): ResearchParse {
  if (!text.trim()) return { ok: true, value: null };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (err) {
    const raw = err instanceof Error ? err.message : String(err);
    const at = raw.match(/position (\d+)/);
    if (at) {
      const before = text.slice(0, Number(at[1]));
      const line = before.split("\n").length;
      const column = before.length - before.lastIndexOf("\n");
      return { ok: false, message: `Not valid JSON at line ${line}, column ${column}: ${raw.replace(/ in JSON at position \d+.*$/, "").replace(/ \(line \d+ column \d+\)$/, "")}.` };
    }
    return { ok: false, message: `Not valid JSON: ${raw}.` };
  }
}

export function formatResearchData(value: unknown): string {
  return value === null || value === undefined ? "" : JSON.stringify(value, null, 2);
}

// ——— the example project ———

/**
 * The empty state's one-click example: business instructions that name what the canon's
 * auto-rules read (niche, brand voice, audience, price band, shipping promise, competitors).
 */
export const EXAMPLE_PROJECT = {
  name: "Example: Cozy Pet Supplies",
  businessInstructions: [
    "Cozy Pet Supplies is an online store for calming beds, slow feeders, lick mats and grooming kits for cats and small dogs.",
    "",
    "Niche: pet supplies for anxious and indoor pets.",
    "Brand voice: warm, reassuring and a little playful. Talk like a friend who also owns a nervous rescue dog; never pushy, no ALL CAPS, no fake urgency.",
    "Target audience: pet owners aged 28 to 45 in the US and Canada, mostly women, many in apartments, who treat their pets like family.",
    "Price band: $25 to $60 per product; average order around $45.",
    "Shipping promise: free shipping over $40, delivered in 5 to 8 business days from our US warehouse; 30-day happy-pet returns.",
    "Competitors: Chewy, BarkBox, Petco.",
    "",
    "Goals this quarter: launch two bundles (bed + lick mat, feeder + grooming kit) and keep ad cost per purchase under $18.",
  ].join("\n"),
} as const;

/** A canon path's segment as a label: "priceBand" and "price_band" read "Price band". */
export function segmentLabel(segment: string): string {
  const words = segment
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[-_]+/g, " ")
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Where a derived canon entry was read from, in words. */
export function originLabel(origin: { kind: "instructions" | "researchData" | "file"; fileName?: string }): string {
  if (origin.kind === "instructions") return "From your business instructions";
  if (origin.kind === "researchData") return "From your research data";
  return origin.fileName ? `From ${origin.fileName}` : "From a knowledge-base file";
}
