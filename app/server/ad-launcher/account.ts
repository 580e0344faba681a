/**
 * The merchant's Meta ad account: connect (verified at Meta: the token's permissions, the ad
 * account's name, currency, time zone and status, the Page), read, disconnect. The token is
 * sealed like store tokens and opened only to talk to Meta. The offline dev ad account connects
 * with `{ dev: true }` only when DEV_TOOLS is on.
 */
import type { AdAccount, ConnectAdAccountBody } from "~/domain/contracts/ad-launcher";
import { AppError } from "~/domain/errors";
import { deleteAdAccount, findAdAccount, setAdAccountBlockedUntil, upsertAdAccount, type AdAccountRow } from "../../../db/ad-launcher";
import type { Database } from "../../../db/client";
import { openToken, sealToken } from "../store-export/token-crypto";
import { DEV_AD_ACCESS_TOKEN, DEV_AD_ACCOUNT_ID, DEV_AD_PAGE_ID, DEV_GRAPH_BASE_URL, devGraphFetch } from "./dev-ad-account";
import { adAccountRequest, createGraphClient, pageRequest, permissionsRequest, pixelRequest, type BackoffStore, type GraphClient } from "./meta-graph";

export interface AdLauncherDeps {
  db: Database;
  /** STORE_TOKEN_KEY: the ad account's token is sealed under the same secret as store tokens. */
  tokenKey: string;
  /** META_GRAPH_BASE_URL. */
  graphBaseUrl: string;
  devTools: boolean;
  now?: () => number;
}

/** Permissions a launch needs from the token (ADR 022). */
export const REQUIRED_PERMISSIONS = ["ads_management", "pages_manage_ads"] as const;

/** Meta's account_status codes in words, and whether a launch can run on it. */
export const ACCOUNT_STATUSES: Record<number, { words: string; refusal?: string }> = {
  1: { words: "active" },
  2: { words: "disabled", refusal: "Meta disabled this ad account{reason}. Open Account Quality in Meta Business Suite to request a review, or connect another ad account." },
  3: { words: "unsettled", refusal: "This ad account has an unpaid balance (unsettled). Pay it under Billing in Meta Ads Manager, then connect again." },
  7: { words: "pending risk review" },
  8: { words: "pending settlement", refusal: "This ad account is waiting for a payment to settle. Check Billing in Meta Ads Manager, then connect again." },
  9: { words: "in grace period" },
  100: { words: "pending closure", refusal: "This ad account is being closed. Connect another ad account." },
  101: { words: "closed", refusal: "This ad account is closed. Connect another ad account." },
};

const DISABLE_REASONS: Record<number, string> = {
  1: "ads integrity policy",
  2: "intellectual property review",
  3: "payment risk",
  4: "account shut down",
  5: "ads review",
  6: "business integrity",
  7: "permanent closure",
  8: "unused reseller account",
  9: "unused account",
};

const tokenContext = (userId: number, adAccountId: string) => `meta-ad-account\n${userId}\n${adAccountId}`;

function refuse(refusal: string, message: string, cause?: unknown): never {
  throw new AppError("VALIDATION", message, { details: { refusal }, cause });
}

export function graphClientFor(deps: AdLauncherDeps, account: { isDev: boolean; userId?: number }, accessToken: string, backoff?: BackoffStore): GraphClient {
  return createGraphClient(
    account.isDev
      ? { baseUrl: DEV_GRAPH_BASE_URL, accessToken, fetch: devGraphFetch(deps.db, deps.now), backoff, now: deps.now }
      : { baseUrl: deps.graphBaseUrl, accessToken, backoff, now: deps.now },
  );
}

/** The back-off kept on the account's row, so every isolate sees it. */
export function rowBackoff(db: Database, row: AdAccountRow): BackoffStore {
  let until = row.blockedUntil ?? null;
  return {
    blockedUntil: async () => until,
    block: async (t) => {
      until = t;
      await setAdAccountBlockedUntil(db, row.userId, t);
    },
  };
}

export function toAdAccount(row: AdAccountRow): AdAccount {
  return {
    adAccountId: row.adAccountId,
    pageId: row.pageId,
    pageName: row.pageName,
    pixelId: row.pixelId,
    name: row.name,
    currency: row.currency,
    timeZone: row.timeZone,
    status: row.status,
    isDev: row.isDev,
    connectedAt: row.connectedAt,
  };
}

export async function getAdAccount(deps: AdLauncherDeps, userId: number): Promise<AdAccount | null> {
  const row = await findAdAccount(deps.db, userId);
  return row ? toAdAccount(row) : null;
}

/** The connected account and a client holding its opened token; a clear refusal when none is connected. */
export async function connectedClient(deps: AdLauncherDeps, userId: number): Promise<{ row: AdAccountRow; client: GraphClient }> {
  const row = await findAdAccount(deps.db, userId);
  if (!row) throw new AppError("CONFLICT", "Connect a Meta ad account first (Ad account, at the top of the AI Launcher).");
  if (row.isDev && !deps.devTools) throw new AppError("CONFLICT", "The offline dev ad account works only on a local run with DEV_TOOLS=on. Connect a real Meta ad account.");
  const token = await openToken(row.sealedToken, deps.tokenKey, tokenContext(userId, row.adAccountId));
  return { row, client: graphClientFor(deps, row, token, rowBackoff(deps.db, row)) };
}

export async function connectAdAccount(deps: AdLauncherDeps, userId: number, body: ConnectAdAccountBody): Promise<AdAccount> {
  let adAccountId: string, pageId: string, accessToken: string, isDev: boolean;
  let pixelId: string | null = null;
  if ("dev" in body) {
    if (!deps.devTools) throw new AppError("FORBIDDEN", "The offline dev ad account exists only on a local run with DEV_TOOLS=on. Connect your Meta ad account with its id, a Page id and a system-user token.");
    [adAccountId, pageId, accessToken, isDev] = [DEV_AD_ACCOUNT_ID, DEV_AD_PAGE_ID, DEV_AD_ACCESS_TOKEN, true];
  } else {
    [adAccountId, pageId, accessToken, isDev] = [body.adAccountId, body.pageId, body.accessToken, false];
    pixelId = body.pixelId ?? null;
  }
  const client = graphClientFor(deps, { isDev }, accessToken);

  // 1. The token, and what it may do.
  let permissions: { permission: string; status: string }[];
  try {
    permissions = (await client.send<{ data: { permission: string; status: string }[] }>(permissionsRequest(), "checking the token")).data ?? [];
  } catch (err) {
    if (err instanceof AppError && err.details?.refusal === "token") refuse("token", "Meta refused this access token: it is expired, revoked or mistyped. Make a new system-user token in Business Settings › System users and paste the whole token.", err);
    throw err;
  }
  const granted = new Set(permissions.filter((p) => p.status === "granted").map((p) => p.permission));
  const missing = REQUIRED_PERMISSIONS.filter((p) => !granted.has(p));
  if (missing.length) {
    refuse("permission", `This token lacks ${missing.join(" and ")}. Generate the system user's token again with ${REQUIRED_PERMISSIONS.join(", ")} ticked.`);
  }

  // 2. The ad account: reachable with this token, and able to run ads.
  let account: { name?: string; currency?: string; timezone_name?: string; account_status?: number; disable_reason?: number };
  try {
    account = await client.send(adAccountRequest(adAccountId), "reading the ad account");
  } catch (err) {
    if (err instanceof AppError && err.type === "VALIDATION") {
      refuse("account", `Ad account act_${adAccountId} is not reachable with this token. Check the id (Ads Manager shows it under the account's name) and assign the system user to the ad account in Business Settings.`, err);
    }
    throw err;
  }
  const status = ACCOUNT_STATUSES[account.account_status ?? 0] ?? { words: `status ${account.account_status}` };
  if (status.refusal) {
    const reason = DISABLE_REASONS[account.disable_reason ?? 0];
    refuse(status.words === "unsettled" || status.words === "pending settlement" ? "account_unsettled" : "account_disabled", status.refusal.replace("{reason}", reason ? ` (${reason})` : ""));
  }

  // 3. The Page the ads speak for.
  let page: { id?: string; name?: string };
  try {
    page = await client.send(pageRequest(pageId), "reading the Page");
  } catch (err) {
    if (err instanceof AppError && err.type === "VALIDATION") {
      refuse("page", `Facebook Page ${pageId} is not reachable with this token. Check the Page id (Page › About › Page transparency) and assign the Page to the system user in Business Settings.`, err);
    }
    throw err;
  }

  // 4. The pixel, when one is named: purchases are what the ad sets will optimise for.
  if (pixelId) {
    try {
      await client.send(pixelRequest(pixelId), "reading the pixel");
    } catch (err) {
      if (err instanceof AppError && err.type === "VALIDATION") {
        refuse("pixel", `Meta pixel ${pixelId} is not reachable with this token. Check the id in Events Manager and share the pixel with the ad account and the system user, or connect without a pixel.`, err);
      }
      throw err;
    }
  }

  const row = await upsertAdAccount(deps.db, {
    userId,
    adAccountId,
    pageId,
    pageName: page.name ?? null,
    pixelId,
    name: account.name ?? `act_${adAccountId}`,
    currency: (account.currency ?? "USD").toUpperCase(),
    timeZone: account.timezone_name ?? "UTC",
    status: status.words,
    sealedToken: await sealToken(accessToken, deps.tokenKey, tokenContext(userId, adAccountId)),
    isDev,
  });
  return toAdAccount(row);
}

export async function disconnectAdAccount(deps: AdLauncherDeps, userId: number): Promise<void> {
  if (!(await deleteAdAccount(deps.db, userId))) throw new AppError("NOT_FOUND", "No Meta ad account is connected.");
}
