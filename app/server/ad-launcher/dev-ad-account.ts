/**
 * The offline dev ad account: "Use the offline dev ad account" on a local run (DEV_TOOLS=on; the
 * server refuses it otherwise). Like the dev store, it is answered in process by the same Graph
 * handler the tests run as a server (`fake-graph-api.ts`), its state kept in D1 (one row for the
 * account, the uploaded images beside it), so a launch really happens with no token and no network.
 *
 * Each request loads the state, runs the handler and saves the state before it answers. Two
 * launches at the same instant could overwrite each other's objects; acceptable for one developer.
 */
import { META_GRAPH_VERSION } from "~/domain/ad-launcher";
import { findDevAdImage, readDevAdState, saveDevAdImage, writeDevAdState } from "../../../db/ad-launcher";
import type { Database } from "../../../db/client";
import { accountSnapshot, createFakeGraphState, handleGraphRequest, seedFakeAccount, type FakeGraphState } from "./fake-graph-api";

export const DEV_AD_ACCOUNT_ID = "100000000000001";
export const DEV_AD_PAGE_ID = "200000000000002";
export const DEV_AD_PAGE_NAME = "Dropcraft dev Page";
export const DEV_AD_ACCOUNT_NAME = "Dropcraft dev ad account";
/** The dev account's published token (not a secret: the account exists only on a local run). */
export const DEV_AD_ACCESS_TOKEN = "dev-meta-system-user-token-offline-0001";
/** The base URL the client is given for the dev account: never fetched, answered in process. */
export const DEV_GRAPH_BASE_URL = "https://dev-graph.dropcraft.invalid";
export const DEV_ADS_PATH = "/dev/ads";

function freshState(): FakeGraphState {
  const state = createFakeGraphState();
  seedFakeAccount(state, {
    adAccountId: DEV_AD_ACCOUNT_ID,
    token: DEV_AD_ACCESS_TOKEN,
    name: DEV_AD_ACCOUNT_NAME,
    currency: "USD",
    timezoneName: "America/New_York",
    pageId: DEV_AD_PAGE_ID,
    pageName: DEV_AD_PAGE_NAME,
  });
  return state;
}

export async function loadDevAdState(db: Database): Promise<FakeGraphState> {
  const text = await readDevAdState(db, DEV_AD_ACCOUNT_ID);
  return text ? (JSON.parse(text) as FakeGraphState) : freshState();
}

/** A fetch for the Graph client that the dev account answers in process. */
export function devGraphFetch(db: Database, now: () => number = Date.now): (request: Request) => Promise<Response> {
  return async (request) => {
    const url = new URL(request.url);
    const prefix = `/${META_GRAPH_VERSION}`;
    const path = url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) : url.pathname;
    const params: Record<string, string> = Object.fromEntries(url.searchParams);
    // The Graph client posts form fields (URL-encoded); formData() reads them as what they are.
    if (request.method === "POST") {
      for (const [key, value] of await request.formData()) if (typeof value === "string") params[key] = value;
    }
    const state = await loadDevAdState(db);
    const answer = await handleGraphRequest(state, request.method, path, params, now());
    // The image bytes stay out of the state row: /dev/ads shows them from their own table.
    if (request.method === "POST" && path.endsWith("/adimages") && answer.status === 200 && params.bytes) {
      const hash = (answer.body as { images: { bytes: { hash: string } } }).images.bytes.hash;
      await saveDevAdImage(db, hash, sniffImageType(params.bytes), params.bytes);
    }
    await writeDevAdState(db, DEV_AD_ACCOUNT_ID, JSON.stringify(state));
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { "content-type": "application/json", ...answer.headers } });
  };
}

function sniffImageType(base64: string): string {
  if (base64.startsWith("/9j/")) return "image/jpeg";
  if (base64.startsWith("UklGR")) return "image/webp";
  return "image/png";
}

/** What /dev/ads shows: the dev account's campaigns, their ad sets and ads, creatives' copy. */
export async function devAdsOverview(db: Database, now = Date.now()) {
  const state = await loadDevAdState(db);
  const snap = accountSnapshot(state, DEV_AD_ACCOUNT_ID);
  const creativeOf = (id: unknown) => snap.creatives.find((c) => c.id === id);
  return {
    account: snap.account,
    campaigns: snap.campaigns
      .slice()
      .reverse()
      .map((campaign) => ({
        id: campaign.id,
        name: campaign.name,
        status: campaign.status,
        objective: String(campaign.fields.objective ?? ""),
        createdAt: campaign.createdAt,
        activeMinutes: Math.floor(((campaign.activeMs + (campaign.activeSince !== null ? now - campaign.activeSince : 0)) / 60_000)),
        adsets: snap.adsets
          .filter((a) => a.parentId === campaign.id)
          .map((adset) => ({
            id: adset.id,
            name: adset.name,
            status: adset.status,
            dailyBudgetCents: Number(adset.fields.daily_budget ?? 0),
            optimizationGoal: String(adset.fields.optimization_goal ?? ""),
            targeting: adset.fields.targeting as Record<string, unknown>,
            ads: snap.ads
              .filter((ad) => ad.parentId === adset.id)
              .map((ad) => {
                const creative = creativeOf((ad.fields.creative as { creative_id?: string } | undefined)?.creative_id);
                const link = (creative?.fields.object_story_spec as { link_data?: Record<string, unknown> } | undefined)?.link_data ?? {};
                return {
                  id: ad.id,
                  name: ad.name,
                  status: ad.status,
                  creativeId: creative?.id ?? null,
                  imageHash: String(link.image_hash ?? ""),
                  message: String(link.message ?? ""),
                  headline: String(link.name ?? ""),
                  description: String(link.description ?? ""),
                  link: String(link.link ?? ""),
                  callToAction: String((link.call_to_action as { type?: string } | undefined)?.type ?? ""),
                };
              }),
          })),
      })),
  };
}

export async function devAdImage(db: Database, hash: string): Promise<{ bytes: Uint8Array<ArrayBuffer>; mimeType: string } | null> {
  const row = await findDevAdImage(db, hash);
  if (!row) return null;
  const binary = atob(row.dataBase64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return { bytes, mimeType: row.mimeType };
}
