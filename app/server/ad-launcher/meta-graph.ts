/**
 * The Meta Marketing API over the Graph API (ADR 022), pinned to META_GRAPH_VERSION (v24.0).
 *
 * - Request builders: pure functions returning `{ method, path, params }` for each object a launch
 *   makes (campaign, ad set, image, creative, ad), its status changes, its deletion and its
 *   insights. `tests/unit/server/meta-graph-contract.test.ts` checks every field and enum value
 *   they send against facebook-nodejs-business-sdk 24.0.1 (Meta's own field lists).
 * - One client: `fetch` against a base URL from config (tests point it at a local server; the
 *   offline dev ad account answers in process), form-encoded POSTs carrying `access_token`.
 * - Meta's errors become AppErrors whose message names what to fix (`metaErrorToAppError`).
 * - Back-off: every answer's usage headers (`x-business-use-case-usage`, `x-app-usage`,
 *   `x-ad-account-usage`) are read; when usage is high or Meta names a time to regain access, the
 *   next call is refused without reaching Meta, with a message saying when to retry.
 */
import { META_GRAPH_VERSION, type AdCallToAction, type AdGender } from "~/domain/ad-launcher";
import { AppError } from "~/domain/errors";

export type GraphParamValue = string | number | boolean | Record<string, unknown> | unknown[];
export interface GraphRequest {
  method: "GET" | "POST" | "DELETE";
  /** Without the version: "/act_123/campaigns". */
  path: string;
  params: Record<string, GraphParamValue>;
}

const act = (adAccountId: string) => `/act_${adAccountId.replace(/^act_/, "")}`;

// ---- request builders ---------------------------------------------------------------------------

export function adAccountRequest(adAccountId: string): GraphRequest {
  return { method: "GET", path: act(adAccountId), params: { fields: "name,currency,timezone_name,account_status,disable_reason" } };
}

export function pageRequest(pageId: string): GraphRequest {
  return { method: "GET", path: `/${pageId}`, params: { fields: "id,name" } };
}

export function pixelRequest(pixelId: string): GraphRequest {
  return { method: "GET", path: `/${pixelId}`, params: { fields: "id,name" } };
}

/** The permissions the token's user (the system user) granted. */
export function permissionsRequest(): GraphRequest {
  return { method: "GET", path: "/me/permissions", params: {} };
}

/**
 * A sales campaign, paused. No campaign budget: the ad set carries the daily budget, so
 * `is_adset_budget_sharing_enabled` is sent explicitly (Meta asks for it on campaigns without a
 * campaign budget since v23).
 */
export function campaignRequest(adAccountId: string, input: { name: string }): GraphRequest {
  return {
    method: "POST",
    path: `${act(adAccountId)}/campaigns`,
    params: {
      name: input.name,
      objective: "OUTCOME_SALES",
      status: "PAUSED",
      special_ad_categories: [],
      buying_type: "AUCTION",
      is_adset_budget_sharing_enabled: false,
    },
  };
}

export interface AdSetInput {
  name: string;
  campaignId: string;
  dailyBudgetCents: number;
  countries: string[];
  ageMin: number;
  ageMax: number;
  gender: AdGender;
  advantageAudience: boolean;
  /** With a pixel the ad set optimises for purchases; without one, for link clicks (ADR 022). */
  pixelId?: string | null;
}

/** Meta's genders: 1 men, 2 women; omitted for everyone. */
export function gendersOf(gender: AdGender): number[] | undefined {
  return gender === "men" ? [1] : gender === "women" ? [2] : undefined;
}

/**
 * The ad set: daily budget in the account's minor units, lowest-cost bidding billed per
 * impression, website destination. A sales campaign with a pixel optimises for OFFSITE_CONVERSIONS
 * on the pixel's PURCHASE event; without a pixel it optimises for LINK_CLICKS, which Meta accepts
 * for OUTCOME_SALES with a website destination and needs no promoted object.
 */
export function adSetRequest(adAccountId: string, input: AdSetInput): GraphRequest {
  const genders = gendersOf(input.gender);
  const targeting: Record<string, unknown> = {
    geo_locations: { countries: input.countries },
    age_min: input.ageMin,
    age_max: input.ageMax,
    ...(genders ? { genders } : {}),
    targeting_automation: { advantage_audience: input.advantageAudience ? 1 : 0 },
  };
  const params: Record<string, GraphParamValue> = {
    name: input.name,
    campaign_id: input.campaignId,
    daily_budget: input.dailyBudgetCents,
    billing_event: "IMPRESSIONS",
    bid_strategy: "LOWEST_COST_WITHOUT_CAP",
    destination_type: "WEBSITE",
    targeting,
    status: "PAUSED",
  };
  if (input.pixelId) {
    params.optimization_goal = "OFFSITE_CONVERSIONS";
    params.promoted_object = { pixel_id: input.pixelId, custom_event_type: "PURCHASE" };
  } else {
    params.optimization_goal = "LINK_CLICKS";
  }
  return { method: "POST", path: `${act(adAccountId)}/adsets`, params };
}

/** Uploads an image's bytes (base64); Meta answers its hash under `images.bytes.hash`. */
export function adImageRequest(adAccountId: string, input: { bytesBase64: string; name: string }): GraphRequest {
  return { method: "POST", path: `${act(adAccountId)}/adimages`, params: { bytes: input.bytesBase64, name: input.name } };
}

export interface AdCreativeInput {
  name: string;
  pageId: string;
  imageHash: string;
  link: string;
  message: string;
  headline: string;
  description: string;
  callToAction: AdCallToAction;
}

export function adCreativeRequest(adAccountId: string, input: AdCreativeInput): GraphRequest {
  return {
    method: "POST",
    path: `${act(adAccountId)}/adcreatives`,
    params: {
      name: input.name,
      object_story_spec: {
        page_id: input.pageId,
        link_data: {
          image_hash: input.imageHash,
          link: input.link,
          message: input.message,
          name: input.headline,
          description: input.description,
          call_to_action: { type: input.callToAction, value: { link: input.link } },
        },
      },
    },
  };
}

export function adRequest(adAccountId: string, input: { name: string; adSetId: string; creativeId: string }): GraphRequest {
  return {
    method: "POST",
    path: `${act(adAccountId)}/ads`,
    params: { name: input.name, adset_id: input.adSetId, creative: { creative_id: input.creativeId }, status: "PAUSED" },
  };
}

/** The account's objects of one kind named exactly `name` (a retry's check for an object whose answer was lost). */
export function findByNameRequest(adAccountId: string, edge: "campaigns" | "adsets" | "adcreatives" | "ads", name: string): GraphRequest {
  return {
    method: "GET",
    path: `${act(adAccountId)}/${edge}`,
    params: { fields: "id,name", filtering: [{ field: "name", operator: "EQUAL", value: name }], limit: 2 },
  };
}

export function statusRequest(objectId: string, status: "ACTIVE" | "PAUSED"): GraphRequest {
  return { method: "POST", path: `/${objectId}`, params: { status } };
}

export function deleteRequest(objectId: string): GraphRequest {
  return { method: "DELETE", path: `/${objectId}`, params: {} };
}

export const INSIGHTS_FIELDS = ["spend", "impressions", "clicks", "ctr", "cpc", "actions", "action_values", "account_currency"] as const;

export function insightsRequest(campaignId: string): GraphRequest {
  return { method: "GET", path: `/${campaignId}/insights`, params: { fields: INSIGHTS_FIELDS.join(","), date_preset: "maximum" } };
}

// ---- answers ------------------------------------------------------------------------------------

export interface GraphInsightsRow {
  spend?: string;
  impressions?: string;
  clicks?: string;
  ctr?: string;
  cpc?: string;
  account_currency?: string;
  actions?: { action_type: string; value: string }[];
  action_values?: { action_type: string; value: string }[];
}

/** Purchase action types in the order we trust them: omni_purchase already sums the others. */
const PURCHASE_ACTIONS = ["omni_purchase", "purchase", "offsite_conversion.fb_pixel_purchase"];

function purchaseFigure(list: { action_type: string; value: string }[] | undefined): number {
  for (const type of PURCHASE_ACTIONS) {
    const found = list?.find((a) => a.action_type === type);
    if (found) return Number(found.value) || 0;
  }
  return 0;
}

export interface InsightsFigures {
  spendCents: number;
  impressions: number;
  clicks: number;
  ctr: number | null;
  cpcCents: number | null;
  purchases: number;
  roas: number | null;
}

/** Insights rows (one for date_preset maximum; none before any delivery) as our figures. */
export function insightsFigures(rows: GraphInsightsRow[]): InsightsFigures {
  const row = rows[0];
  if (!row) return { spendCents: 0, impressions: 0, clicks: 0, ctr: null, cpcCents: null, purchases: 0, roas: null };
  const spendCents = Math.round((Number(row.spend) || 0) * 100);
  const impressions = Math.round(Number(row.impressions) || 0);
  const clicks = Math.round(Number(row.clicks) || 0);
  const purchases = Math.round(purchaseFigure(row.actions));
  const value = purchaseFigure(row.action_values);
  return {
    spendCents,
    impressions,
    clicks,
    ctr: impressions > 0 ? Math.round((row.ctr !== undefined ? Number(row.ctr) : (clicks / impressions) * 100) * 100) / 100 : null,
    cpcCents: clicks > 0 ? Math.round((row.cpc !== undefined ? Number(row.cpc) : spendCents / 100 / clicks) * 100) : null,
    purchases,
    roas: spendCents > 0 ? Math.round((value / (spendCents / 100)) * 100) / 100 : null,
  };
}

// ---- errors -------------------------------------------------------------------------------------

export interface GraphErrorBody {
  message?: string;
  type?: string;
  code?: number;
  error_subcode?: number;
  error_user_title?: string;
  error_user_msg?: string;
  fbtrace_id?: string;
}

export const RATE_LIMIT_CODES = new Set([4, 17, 32, 613]);
const isRateLimit = (code: number) => RATE_LIMIT_CODES.has(code) || (code >= 80000 && code <= 80014);
const isPermission = (code: number) => code === 10 || (code >= 200 && code <= 299);
/** Subcodes Meta sends when the ad account itself cannot run ads (disabled, closed, unpaid). */
const DISABLED_ACCOUNT_SUBCODES = new Set([1487390, 1359102, 2446289, 1487742]);

/**
 * What to tell the merchant about a Meta error, by what the merchant can do: `doing` names the
 * step ("creating the ad set"). Meta's own user message is appended when it sent one, since it
 * names the field at fault.
 */
export function metaErrorToAppError(httpStatus: number, error: GraphErrorBody | undefined, doing: string, retryAfterSeconds?: number): AppError {
  const code = error?.code ?? 0;
  const said = (error?.error_user_msg || error?.message || "").trim();
  const meta = said ? ` Meta said: "${said}"` : "";
  const details = { meta: { code, subcode: error?.error_subcode ?? null, fbtraceId: error?.fbtrace_id ?? null, httpStatus } };
  if (code === 190 || code === 102) {
    return new AppError("VALIDATION", `Meta refused the access token while ${doing}: it expired, was revoked or is mistyped. Make a new system-user token in Business Settings and reconnect the ad account.`, { details: { ...details, refusal: "token" } });
  }
  if (isRateLimit(code)) {
    const when = retryAfterSeconds && retryAfterSeconds > 0 ? `in about ${retryWords(retryAfterSeconds)}` : "in a few minutes";
    return new AppError("RATE_LIMITED", `Meta is limiting requests for this ad account (code ${code}) while ${doing}. Nothing more was sent; retry ${when}.`, {
      details: { ...details, refusal: "rate_limit" },
      headers: { "Retry-After": String(Math.max(60, retryAfterSeconds ?? 0)) },
    });
  }
  if (DISABLED_ACCOUNT_SUBCODES.has(error?.error_subcode ?? 0) || /account.*(disabled|closed|unsettled)/i.test(said)) {
    return new AppError("VALIDATION", `Meta refused ${doing} because the ad account cannot run ads (disabled, closed or with an unpaid balance). Check Account Quality and Billing in Meta Business Settings, then retry.${meta}`, { details: { ...details, refusal: "account_disabled" } });
  }
  if (isPermission(code)) {
    return new AppError("VALIDATION", `The token lacks a permission Meta needs for ${doing} (code ${code}). Give the system user ads_management and pages_manage_ads, assign it the ad account and the Page, then reconnect.${meta}`, { details: { ...details, refusal: "permission" } });
  }
  if (code === 100) {
    return new AppError("VALIDATION", `Meta refused a value while ${doing}.${meta || " Check the launch's settings."}`, { details: { ...details, refusal: "invalid_parameter" } });
  }
  if (code === 1 || code === 2 || httpStatus >= 500) {
    return new AppError("UNAVAILABLE", `Meta had a temporary problem while ${doing}. Nothing is lost: retry in a minute.`, { details });
  }
  return new AppError("VALIDATION", `Meta refused ${doing} (code ${code || httpStatus}).${meta}`, { details });
}

function retryWords(seconds: number): string {
  if (seconds < 90) return `${Math.ceil(seconds)} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

// ---- usage headers and back-off -----------------------------------------------------------------

/** At or above this percentage of any usage figure Meta reports, the next call waits. */
export const USAGE_BACKOFF_PERCENT = 90;
/** How long to wait when usage is high but Meta names no time. */
export const DEFAULT_BACKOFF_SECONDS = 60;

export interface UsageReading {
  /** The highest percentage Meta reported in any usage header. */
  highestPercent: number;
  /** Seconds until access returns, from estimated_time_to_regain_access (minutes) or reset_time_duration. */
  regainSeconds: number;
}

function parseJson(text: string | null): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v)) ? Number(v) : 0);

/** Reads Meta's usage headers; null when the answer carried none. */
export function readUsageHeaders(headers: Headers): UsageReading | null {
  const business = parseJson(headers.get("x-business-use-case-usage"));
  const app = parseJson(headers.get("x-app-usage"));
  const account = parseJson(headers.get("x-ad-account-usage"));
  if (!business && !app && !account) return null;
  let highestPercent = 0;
  let regainSeconds = 0;
  if (business && typeof business === "object") {
    for (const entries of Object.values(business as Record<string, unknown>)) {
      for (const e of Array.isArray(entries) ? (entries as Record<string, unknown>[]) : []) {
        highestPercent = Math.max(highestPercent, num(e.call_count), num(e.total_cputime), num(e.total_time));
        regainSeconds = Math.max(regainSeconds, num(e.estimated_time_to_regain_access) * 60);
      }
    }
  }
  if (app && typeof app === "object") {
    const a = app as Record<string, unknown>;
    highestPercent = Math.max(highestPercent, num(a.call_count), num(a.total_cputime), num(a.total_time));
  }
  if (account && typeof account === "object") {
    const a = account as Record<string, unknown>;
    const pct = num(a.acc_id_util_pct);
    highestPercent = Math.max(highestPercent, pct);
    if (pct >= USAGE_BACKOFF_PERCENT) regainSeconds = Math.max(regainSeconds, num(a.reset_time_duration));
  }
  return { highestPercent, regainSeconds };
}

/** When the next call may go to Meta (epoch ms), or null to go on. */
export function backoffUntil(reading: UsageReading | null, now: number): number | null {
  if (!reading) return null;
  if (reading.regainSeconds > 0) return now + reading.regainSeconds * 1000;
  if (reading.highestPercent >= USAGE_BACKOFF_PERCENT) return now + DEFAULT_BACKOFF_SECONDS * 1000;
  return null;
}

/** Where the client keeps the back-off between calls (the ad account's row, so every isolate sees it). */
export interface BackoffStore {
  blockedUntil(): Promise<number | null>;
  block(until: number): Promise<void>;
}

export function memoryBackoff(): BackoffStore {
  let until: number | null = null;
  return {
    blockedUntil: async () => until,
    block: async (t) => {
      until = t;
    },
  };
}

export function backoffError(until: number, now: number): AppError {
  const seconds = Math.max(1, Math.ceil((until - now) / 1000));
  return new AppError("RATE_LIMITED", `Meta asked us to slow down for this ad account: nothing was sent. Retry in about ${retryWords(seconds)} (after ${new Date(until).toISOString().slice(11, 16)} UTC).`, {
    headers: { "Retry-After": String(seconds) },
    details: { refusal: "backoff", retryAt: new Date(until).toISOString() },
  });
}

// ---- the client ---------------------------------------------------------------------------------

export interface GraphClientOptions {
  /** "https://graph.facebook.com" in production (META_GRAPH_BASE_URL). */
  baseUrl: string;
  accessToken: string;
  fetch?: (request: Request) => Promise<Response>;
  backoff?: BackoffStore;
  now?: () => number;
  /** Per call; Meta's writes answer in well under this. */
  timeoutMs?: number;
}

export interface GraphClient {
  send<T = Record<string, unknown>>(request: GraphRequest, doing: string): Promise<T>;
}

/** Form encoding as the Graph API reads it: objects and arrays as JSON. */
export function encodeParams(params: Record<string, GraphParamValue>, accessToken: string): URLSearchParams {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) form.set(key, typeof value === "object" ? JSON.stringify(value) : String(value));
  form.set("access_token", accessToken);
  return form;
}

export function createGraphClient(options: GraphClientOptions): GraphClient {
  const doFetch = options.fetch ?? ((r: Request) => fetch(r));
  const now = options.now ?? Date.now;
  const backoff = options.backoff ?? memoryBackoff();
  const base = `${options.baseUrl.replace(/\/+$/, "")}/${META_GRAPH_VERSION}`;
  return {
    async send<T>(request: GraphRequest, doing: string): Promise<T> {
      const until = await backoff.blockedUntil();
      if (until && until > now()) throw backoffError(until, now());
      const form = encodeParams(request.params, options.accessToken);
      const url = new URL(`${base}${request.path}`);
      let init: RequestInit;
      if (request.method === "POST") {
        init = { method: "POST", body: form, headers: { "content-type": "application/x-www-form-urlencoded" } };
      } else {
        url.search = form.toString();
        init = { method: request.method };
      }
      let response: Response;
      try {
        response = await doFetch(new Request(url, { ...init, signal: AbortSignal.timeout(options.timeoutMs ?? 20_000) }));
      } catch (cause) {
        throw new AppError("UNAVAILABLE", `Meta could not be reached while ${doing}. Nothing more was sent; retry in a minute.`, { cause });
      }
      const reading = readUsageHeaders(response.headers);
      const blockUntil = backoffUntil(reading, now());
      if (blockUntil) await backoff.block(blockUntil);
      const text = await response.text();
      const body = parseJson(text) as (Record<string, unknown> & { error?: GraphErrorBody }) | null;
      if (!response.ok || body?.error) {
        const retryAfter = reading?.regainSeconds || (blockUntil ? (blockUntil - now()) / 1000 : undefined);
        throw metaErrorToAppError(response.status, body?.error, doing, retryAfter);
      }
      if (!body) throw new AppError("UNAVAILABLE", `Meta answered ${doing} with something that is not JSON. Retry in a minute.`);
      return body as T;
    },
  };
}
