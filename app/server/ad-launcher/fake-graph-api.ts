/**
 * A small Meta Graph API (v24.0 shapes) over plain state: ad accounts, Pages, tokens with their
 * permissions, and the objects a launch makes (campaigns, ad sets, images, creatives, ads). The
 * offline dev ad account answers with it in process, its state kept in D1
 * (`dev-ad-account.ts`); the workerd tests run it as an HTTP server (tests/integration/fake-meta-graph.ts)
 * so the real client is tested over the wire.
 *
 * Delivery is simulated for insights: deterministic from the campaign's id and how long it has
 * been active (never random per read). Every simulated figure is labelled by the caller
 * (`LaunchInsights.simulated`), since Meta's own shape has no such field.
 */
import type { GraphErrorBody, GraphInsightsRow } from "./meta-graph";

export type FakeObjectKind = "campaign" | "adset" | "creative" | "ad";

export interface FakeGraphObject {
  id: string;
  kind: FakeObjectKind;
  accountId: string;
  name: string;
  status: "ACTIVE" | "PAUSED" | "DELETED";
  /** Parent: the campaign of an ad set, the ad set of an ad. */
  parentId: string | null;
  /** What was sent (JSON fields parsed). */
  fields: Record<string, unknown>;
  createdAt: string;
  /** Active time before the current activation, and since when it is active (ms); campaigns only. */
  activeMs: number;
  activeSince: number | null;
}

export interface FakeAdImage {
  hash: string;
  accountId: string;
  name: string;
  bytes: number;
  createdAt: string;
}

export interface FakeAdAccount {
  id: string;
  name: string;
  currency: string;
  timezoneName: string;
  accountStatus: number;
  disableReason: number;
}

export interface FakeFailure {
  /** "made": Meta makes the object, then the answer is an error (a response lost after the write). */
  mode?: "refuse" | "made";
  /** The request's path ends with this ("/adcreatives", "/adsets", "/me/permissions"…). */
  pathEndsWith: string;
  /** How many matching requests go through first (default 0). */
  after?: number;
  /** How many matching requests fail then; each failure uses one. */
  remaining: number;
  status: number;
  error: GraphErrorBody;
}

export interface FakeGraphState {
  nextId: number;
  accounts: Record<string, FakeAdAccount>;
  pages: Record<string, { id: string; name: string }>;
  pixels: Record<string, { id: string; name: string; accountId: string }>;
  /** token -> what it may do. */
  tokens: Record<string, { permissions: string[]; accounts: string[]; pages: string[] }>;
  objects: Record<string, FakeGraphObject>;
  images: Record<string, FakeAdImage>;
  failures: FakeFailure[];
  /** Headers added to the next answers (usage headers), each entry used once. */
  nextHeaders: Record<string, string>[];
  /** Every request, newest last (method, path, params without the token). */
  requests: { method: string; path: string; params: Record<string, string> }[];
}

export function createFakeGraphState(): FakeGraphState {
  return { nextId: 1, accounts: {}, pages: {}, pixels: {}, tokens: {}, objects: {}, images: {}, failures: [], nextHeaders: [], requests: [] };
}

export interface FakeAccountSeed {
  adAccountId: string;
  token: string;
  permissions?: string[];
  name?: string;
  currency?: string;
  timezoneName?: string;
  accountStatus?: number;
  disableReason?: number;
  pageId: string;
  pageName?: string;
  /** False: the token cannot see the Page. */
  pageReachable?: boolean;
  /** A pixel shared with the account. */
  pixelId?: string;
}

export const FULL_PERMISSIONS = ["ads_management", "ads_read", "pages_read_engagement", "pages_manage_ads", "business_management"];

export function seedFakeAccount(state: FakeGraphState, seed: FakeAccountSeed): void {
  const id = seed.adAccountId.replace(/^act_/, "");
  state.accounts[id] = {
    id,
    name: seed.name ?? `Ad account ${id}`,
    currency: seed.currency ?? "USD",
    timezoneName: seed.timezoneName ?? "America/New_York",
    accountStatus: seed.accountStatus ?? 1,
    disableReason: seed.disableReason ?? 0,
  };
  state.pages[seed.pageId] = { id: seed.pageId, name: seed.pageName ?? `Page ${seed.pageId}` };
  const token = (state.tokens[seed.token] ??= { permissions: seed.permissions ?? FULL_PERMISSIONS, accounts: [], pages: [] });
  if (seed.permissions) token.permissions = seed.permissions;
  if (!token.accounts.includes(id)) token.accounts.push(id);
  if (seed.pageReachable !== false && !token.pages.includes(seed.pageId)) token.pages.push(seed.pageId);
  if (seed.pixelId) (state.pixels ??= {})[seed.pixelId] = { id: seed.pixelId, name: `Pixel ${seed.pixelId}`, accountId: id };
}

export interface FakeGraphAnswer {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

const KEPT_REQUESTS = 100;

function fail(status: number, code: number, message: string, subcode?: number): FakeGraphAnswer {
  const error: GraphErrorBody = { message, type: code === 190 ? "OAuthException" : "OAuthException", code, ...(subcode ? { error_subcode: subcode } : {}), fbtrace_id: "Afake" };
  return { status, body: { error }, headers: {} };
}

const parse = (v: string | undefined): unknown => {
  if (v === undefined) return undefined;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
};

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("").slice(0, 32);
}

/** A stable number in [0, 1) from a text: the simulation's only source of variety. */
function unit(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return ((h >>> 0) % 10_000) / 10_000;
}

/** How long a campaign has run, in ms, at `now`. */
export function activeMsOf(object: FakeGraphObject, now: number): number {
  return object.activeMs + (object.activeSince !== null ? Math.max(0, now - object.activeSince) : 0);
}

/**
 * Simulated delivery of a campaign after `activeMs` of running: impressions at a per-campaign
 * pace, spend bounded by the ad sets' daily budgets, clicks and purchases at per-campaign rates.
 */
export function simulatedInsights(state: FakeGraphState, campaign: FakeGraphObject, now: number): GraphInsightsRow[] {
  const ms = activeMsOf(campaign, now);
  if (ms <= 0) return [];
  const hours = ms / 3_600_000;
  const dailyBudget = Object.values(state.objects)
    .filter((o) => o.kind === "adset" && o.parentId === campaign.id && o.status !== "DELETED")
    .reduce((sum, o) => sum + Number(o.fields.daily_budget ?? 0), 0);
  const cpm = 6 + unit(`${campaign.id}:cpm`) * 8; // 6–14 per thousand impressions
  const budgetSpend = (dailyBudget / 100) * (hours / 24);
  const impressions = Math.floor((budgetSpend / cpm) * 1000);
  if (impressions <= 0) return [];
  const spend = Math.round(((impressions * cpm) / 1000) * 100) / 100;
  const clicks = Math.floor(impressions * (0.008 + unit(`${campaign.id}:ctr`) * 0.017));
  const purchases = Math.floor(clicks * (0.01 + unit(`${campaign.id}:cvr`) * 0.03));
  const orderValue = 25 + Math.round(unit(`${campaign.id}:aov`) * 50);
  const account = state.accounts[campaign.accountId];
  const row: GraphInsightsRow = {
    spend: spend.toFixed(2),
    impressions: String(impressions),
    clicks: String(clicks),
    ctr: ((clicks / impressions) * 100).toFixed(4),
    ...(clicks > 0 ? { cpc: (spend / clicks).toFixed(4) } : {}),
    account_currency: account?.currency ?? "USD",
    actions: purchases > 0 ? [{ action_type: "purchase", value: String(purchases) }] : [],
    action_values: purchases > 0 ? [{ action_type: "purchase", value: (purchases * orderValue).toFixed(2) }] : [],
  };
  return [row];
}

const ACCOUNT_EDGES: Record<string, FakeObjectKind | "image"> = { campaigns: "campaign", adsets: "adset", adcreatives: "creative", ads: "ad", adimages: "image" };

/**
 * Answers one Graph API request. `path` is without the version ("/act_1/campaigns"); `params`
 * merges the query and the form body (JSON fields as sent, as text).
 */
export async function handleGraphRequest(state: FakeGraphState, method: string, path: string, params: Record<string, string>, now: number): Promise<FakeGraphAnswer> {
  const { access_token: token, ...logged } = params;
  state.requests.push({ method, path, params: { ...logged, ...(logged.bytes ? { bytes: `<${logged.bytes.length} base64 characters>` } : {}) } });
  if (state.requests.length > KEPT_REQUESTS) state.requests.splice(0, state.requests.length - KEPT_REQUESTS);
  const answer = await answer_(state, method, path, params, token, now);
  const extra = state.nextHeaders.shift();
  if (extra) answer.headers = { ...answer.headers, ...extra };
  return answer;
}

async function answer_(state: FakeGraphState, method: string, path: string, params: Record<string, string>, token: string | undefined, now: number, failuresArmed = true): Promise<FakeGraphAnswer> {
  const failure = failuresArmed ? state.failures.find((f) => f.remaining > 0 && path.endsWith(f.pathEndsWith)) : undefined;
  if (failure && (failure.after ?? 0) > 0) failure.after! -= 1;
  else if (failure) {
    failure.remaining--;
    if (failure.mode === "made") await answer_(state, method, path, params, token, now, false);
    return { status: failure.status, body: { error: failure.error }, headers: {} };
  }
  const grant = token ? state.tokens[token] : undefined;
  if (!grant) return fail(400, 190, "Invalid OAuth access token - Cannot parse access token");
  const ok = (body: unknown): FakeGraphAnswer => ({ status: 200, body, headers: {} });
  const at = new Date(now).toISOString();
  const segments = path.split("/").filter(Boolean);

  if (method === "GET" && path === "/me/permissions") {
    return ok({ data: grant.permissions.map((permission) => ({ permission, status: "granted" })) });
  }

  const accountMatch = /^act_(\d+)$/.exec(segments[0] ?? "");
  if (accountMatch) {
    const accountId = accountMatch[1]!;
    const account = state.accounts[accountId];
    if (!account || !grant.accounts.includes(accountId)) {
      return fail(400, 100, `Unsupported get request. Object with ID 'act_${accountId}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`, 33);
    }
    if (segments.length === 1 && method === "GET") {
      return ok({ id: `act_${accountId}`, name: account.name, currency: account.currency, timezone_name: account.timezoneName, account_status: account.accountStatus, disable_reason: account.disableReason });
    }
    const edge = ACCOUNT_EDGES[segments[1] ?? ""];
    if (segments.length === 2 && edge && edge !== "image" && method === "GET") {
      // Reading an edge, with the `filtering` on name a retry sends.
      const filters = (parse(params.filtering) as { field: string; operator: string; value: string }[] | undefined) ?? [];
      const rows = Object.values(state.objects).filter(
        (o) => o.accountId === accountId && o.kind === edge && o.status !== "DELETED" && filters.every((f) => f.field !== "name" || f.operator !== "EQUAL" || o.name === f.value),
      );
      return ok({ data: rows.map((o) => ({ id: o.id, name: o.name })), paging: { cursors: {} } });
    }
    if (segments.length !== 2 || !edge || method !== "POST") return fail(400, 100, `Unsupported ${method.toLowerCase()} request.`);
    if (!grant.permissions.includes("ads_management")) return fail(403, 200, "Requires ads_management permission to manage the object");
    if (account.accountStatus !== 1) return fail(400, 100, "The ad account is disabled.", 1487390);
    return createObject(state, account, edge, params, at, now);
  }

  const object = state.objects[segments[0] ?? ""];
  if (segments.length === 2 && segments[1] === "insights" && method === "GET") {
    if (!object || object.kind !== "campaign" || !grant.accounts.includes(object.accountId)) return fail(400, 100, `Object with ID '${segments[0]}' does not exist.`, 33);
    return ok({ data: simulatedInsights(state, object, now), paging: { cursors: {} } });
  }
  if (segments.length === 1 && object) {
    if (!grant.accounts.includes(object.accountId)) return fail(400, 100, `Object with ID '${object.id}' does not exist.`, 33);
    if (method === "GET") return ok({ id: object.id, name: object.name, status: object.status });
    if (method === "DELETE") {
      setStatus(state, object, "DELETED", now);
      if (object.kind === "campaign") for (const child of Object.values(state.objects)) if (isUnder(state, child, object.id)) child.status = "DELETED";
      return ok({ success: true });
    }
    if (method === "POST") {
      if (object.status === "DELETED") return fail(400, 100, "The object was deleted.", 1487056);
      const status = params.status;
      if (status !== "ACTIVE" && status !== "PAUSED") return fail(400, 100, "(#100) Param status must be one of {ACTIVE, PAUSED, DELETED, ARCHIVED}");
      setStatus(state, object, status, now);
      return ok({ success: true });
    }
  }
  if (segments.length === 1 && method === "GET") {
    const page = state.pages[segments[0]!];
    if (page && grant.pages.includes(page.id)) return ok({ id: page.id, name: page.name });
    const pixel = state.pixels?.[segments[0]!];
    if (pixel && grant.accounts.includes(pixel.accountId)) return ok({ id: pixel.id, name: pixel.name });
  }
  return fail(400, 100, `Unsupported ${method.toLowerCase()} request. Object with ID '${segments[0] ?? ""}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`, 33);
}

function isUnder(state: FakeGraphState, object: FakeGraphObject, campaignId: string): boolean {
  if (object.parentId === campaignId) return true;
  const parent = object.parentId ? state.objects[object.parentId] : undefined;
  return parent ? parent.parentId === campaignId : false;
}

function setStatus(state: FakeGraphState, object: FakeGraphObject, status: FakeGraphObject["status"], now: number) {
  if (object.activeSince !== null && status !== "ACTIVE") {
    object.activeMs += Math.max(0, now - object.activeSince);
    object.activeSince = null;
  }
  if (status === "ACTIVE" && object.activeSince === null) object.activeSince = now;
  object.status = status;
  void state;
}

async function createObject(state: FakeGraphState, account: FakeAdAccount, kind: FakeObjectKind | "image", params: Record<string, string>, at: string, now: number): Promise<FakeGraphAnswer> {
  const ok = (body: unknown): FakeGraphAnswer => ({ status: 200, body, headers: {} });
  const bad = (message: string) => fail(400, 100, `(#100) ${message}`);
  if (kind === "image") {
    if (!params.bytes) return bad("The parameter bytes is required");
    const hash = await sha256Hex(params.bytes);
    state.images[hash] ??= { hash, accountId: account.id, name: params.name ?? "image", bytes: Math.floor((params.bytes.length * 3) / 4), createdAt: at };
    return ok({ images: { bytes: { hash, url: `https://scontent.example/${hash}.png` } } });
  }
  const fields: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(params)) if (k !== "access_token") fields[k] = parse(v);
  const name = String(fields.name ?? "");
  if (!name) return bad("The parameter name is required");
  let parentId: string | null = null;
  if (kind === "campaign") {
    if (fields.objective !== "OUTCOME_SALES" && typeof fields.objective !== "string") return bad("The parameter objective is required");
    if (!Array.isArray(fields.special_ad_categories)) return bad("The parameter special_ad_categories is required");
  } else if (kind === "adset") {
    const campaign = state.objects[String(fields.campaign_id)];
    if (!campaign || campaign.kind !== "campaign" || campaign.accountId !== account.id) return bad("Param campaign_id must be a valid campaign id");
    if (!(Number(fields.daily_budget) > 0)) return bad("Param daily_budget must be a positive number");
    const targeting = fields.targeting as { geo_locations?: { countries?: unknown[] } } | undefined;
    if (!targeting?.geo_locations?.countries?.length) return bad("Targeting spec must have geo_locations");
    if (!fields.optimization_goal || !fields.billing_event) return bad("The parameters optimization_goal and billing_event are required");
    const promoted = fields.promoted_object as { pixel_id?: string; custom_event_type?: string } | undefined;
    if (fields.optimization_goal === "OFFSITE_CONVERSIONS" && (!promoted?.pixel_id || !state.pixels?.[promoted.pixel_id] || !promoted.custom_event_type)) {
      return bad("Please select a promoted object for your ad set: a pixel shared with this ad account and its custom_event_type");
    }
    parentId = campaign.id;
  } else if (kind === "creative") {
    const spec = fields.object_story_spec as { page_id?: string; link_data?: { image_hash?: string; link?: string } } | undefined;
    if (!spec?.page_id || !state.pages[spec.page_id]) return bad("Param object_story_spec[page_id] must be a valid Page id");
    if (!spec.link_data?.image_hash || !state.images[spec.link_data.image_hash]) return bad("Param object_story_spec[link_data][image_hash] must be an uploaded image's hash");
    if (!spec.link_data.link) return bad("Param object_story_spec[link_data][link] is required");
  } else if (kind === "ad") {
    const adset = state.objects[String(fields.adset_id)];
    const creativeId = (fields.creative as { creative_id?: string } | undefined)?.creative_id;
    if (!adset || adset.kind !== "adset") return bad("Param adset_id must be a valid ad set id");
    if (!creativeId || state.objects[creativeId]?.kind !== "creative") return bad("Param creative must name a valid creative_id");
    parentId = adset.id;
  }
  const id = `${120_000_000_000_000 + state.nextId++}`;
  const status = fields.status === "ACTIVE" ? "ACTIVE" : "PAUSED";
  state.objects[id] = { id, kind, accountId: account.id, name, status, parentId, fields, createdAt: at, activeMs: 0, activeSince: status === "ACTIVE" ? now : null };
  return ok({ id });
}

/** What /dev/ads and the tests' state endpoint show of one account. */
export function accountSnapshot(state: FakeGraphState, adAccountId: string) {
  const id = adAccountId.replace(/^act_/, "");
  const objects = Object.values(state.objects).filter((o) => o.accountId === id);
  return {
    account: state.accounts[id] ?? null,
    campaigns: objects.filter((o) => o.kind === "campaign"),
    adsets: objects.filter((o) => o.kind === "adset"),
    creatives: objects.filter((o) => o.kind === "creative"),
    ads: objects.filter((o) => o.kind === "ad"),
    images: Object.values(state.images).filter((i) => i.accountId === id),
    /** Requests to the account's edges and to its objects. */
    requests: state.requests.filter((r) => {
      const first = r.path.split("/").filter(Boolean)[0] ?? "";
      return first === `act_${id}` || state.objects[first]?.accountId === id;
    }),
  };
}
