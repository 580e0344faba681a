import type { AppLoadContext } from "@remix-run/cloudflare";
import { createDb } from "../../../db/client";
import { DEV_AD_ACCESS_TOKEN, DEV_AD_ACCOUNT_ID, DEV_AD_PAGE_ID, DEV_AD_PAGE_NAME, devAdImage, devAdsOverview } from "../ad-launcher/dev-ad-account";
import { requireDevTools } from "./dev-tools.server";

/** What the offline dev ad account holds, for /dev/ads (development only: 404 without DEV_TOOLS). */
export async function loadDevAds(context: AppLoadContext) {
  requireDevTools(context);
  const overview = await devAdsOverview(createDb(context.cloudflare.env.DB));
  return { ...overview, adAccountId: DEV_AD_ACCOUNT_ID, pageId: DEV_AD_PAGE_ID, pageName: DEV_AD_PAGE_NAME, accessToken: DEV_AD_ACCESS_TOKEN };
}

/** An image uploaded to the dev ad account, by its hash (development only). */
export async function devAdImageResponse(context: AppLoadContext, hash: string | undefined): Promise<Response> {
  requireDevTools(context);
  const image = hash && /^[a-f0-9]{16,64}$/.test(hash) ? await devAdImage(createDb(context.cloudflare.env.DB), hash) : null;
  if (!image) return new Response(null, { status: 404 });
  return new Response(image.bytes, { headers: { "content-type": image.mimeType, "cache-control": "private, no-store", "x-content-type-options": "nosniff" } });
}
