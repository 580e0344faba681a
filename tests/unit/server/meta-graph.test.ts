/**
 * The Meta Graph adapter (app/server/ad-launcher/meta-graph.ts): request builders, Meta's errors as
 * sentences naming what to fix, the usage headers and the back-off that refuses a call without
 * reaching Meta, and the one client (form-encoded POSTs carrying the token).
 */
import { describe, expect, it } from "vitest";
import { CreateLaunchBodySchema } from "~/domain/contracts/ad-launcher";
import {
  adCreativeRequest,
  adRequest,
  adSetRequest,
  backoffUntil,
  campaignRequest,
  createGraphClient,
  encodeParams,
  insightsFigures,
  memoryBackoff,
  metaErrorToAppError,
  readUsageHeaders,
  statusRequest,
} from "~/server/ad-launcher/meta-graph";
import { AppError } from "~/domain/errors";

const adSet = (overrides = {}) =>
  adSetRequest("act_42", { name: "s", campaignId: "7", dailyBudgetCents: 1500, countries: ["US"], ageMin: 18, ageMax: 65, gender: "all", advantageAudience: true, ...overrides });

describe("request builders", () => {
  it("make a paused sales campaign with no special ad category on the account's edge", () => {
    expect(campaignRequest("act_42", { name: "c" })).toEqual({
      method: "POST",
      path: "/act_42/campaigns",
      params: { name: "c", objective: "OUTCOME_SALES", status: "PAUSED", special_ad_categories: [], buying_type: "AUCTION", is_adset_budget_sharing_enabled: false },
    });
  });

  it("make a paused ad set: budget, targeting, genders, Advantage+ audience; link clicks without a pixel, purchases with one", () => {
    const plain = adSet();
    expect(plain.path).toBe("/act_42/adsets");
    expect(plain.params).toMatchObject({ daily_budget: 1500, campaign_id: "7", status: "PAUSED", billing_event: "IMPRESSIONS", optimization_goal: "LINK_CLICKS" });
    expect(plain.params.promoted_object).toBeUndefined();
    expect(plain.params.targeting).toEqual({ geo_locations: { countries: ["US"] }, age_min: 18, age_max: 65, targeting_automation: { advantage_audience: 1 } });
    expect((adSet({ gender: "women", advantageAudience: false }).params.targeting as Record<string, unknown>)).toMatchObject({ genders: [2], targeting_automation: { advantage_audience: 0 } });
    expect((adSet({ gender: "men" }).params.targeting as Record<string, unknown>).genders).toEqual([1]);
    expect(adSet({ pixelId: "555" }).params).toMatchObject({ optimization_goal: "OFFSITE_CONVERSIONS", promoted_object: { pixel_id: "555", custom_event_type: "PURCHASE" } });
  });

  it("make a creative speaking for the Page with the copy and call to action, and a paused ad", () => {
    const creative = adCreativeRequest("42", { name: "n", pageId: "9", imageHash: "h", link: "https://x.test/p", message: "m", headline: "h1", description: "d", callToAction: "BUY_NOW" });
    expect(creative.path).toBe("/act_42/adcreatives");
    expect(creative.params.object_story_spec).toEqual({
      page_id: "9",
      link_data: { image_hash: "h", link: "https://x.test/p", message: "m", name: "h1", description: "d", call_to_action: { type: "BUY_NOW", value: { link: "https://x.test/p" } } },
    });
    expect(adRequest("42", { name: "a", adSetId: "1", creativeId: "2" }).params).toEqual({ name: "a", adset_id: "1", creative: { creative_id: "2" }, status: "PAUSED" });
    expect(statusRequest("5", "ACTIVE")).toEqual({ method: "POST", path: "/5", params: { status: "ACTIVE" } });
  });

  it("form-encode objects and arrays as JSON, with the token", () => {
    const form = encodeParams(campaignRequest("1", { name: "c" }).params, "tok");
    expect(form.get("special_ad_categories")).toBe("[]");
    expect(form.get("is_adset_budget_sharing_enabled")).toBe("false");
    expect(form.get("access_token")).toBe("tok");
  });
});

describe("insights", () => {
  it("reads purchases and ROAS once (omni_purchase over the pixel's count), CTR and CPC", () => {
    const figures = insightsFigures([
      {
        spend: "50.00",
        impressions: "4000",
        clicks: "80",
        ctr: "2.0",
        cpc: "0.625",
        actions: [
          { action_type: "offsite_conversion.fb_pixel_purchase", value: "3" },
          { action_type: "omni_purchase", value: "4" },
        ],
        action_values: [{ action_type: "omni_purchase", value: "150.00" }],
      },
    ]);
    expect(figures).toEqual({ spendCents: 5000, impressions: 4000, clicks: 80, ctr: 2, cpcCents: 63, purchases: 4, roas: 3 });
  });

  it("answers zeros and no ratios before any delivery", () => {
    expect(insightsFigures([])).toEqual({ spendCents: 0, impressions: 0, clicks: 0, ctr: null, cpcCents: null, purchases: 0, roas: null });
  });
});

describe("Meta's errors as sentences naming what to fix", () => {
  it("an expired or revoked token (190)", () => {
    const err = metaErrorToAppError(400, { code: 190, message: "Error validating access token" }, "creating the campaign");
    expect(err.type).toBe("VALIDATION");
    expect(err.message).toMatch(/access token .* expired, was revoked or is mistyped.*new system-user token/);
  });

  it("an invalid parameter (100) carries Meta's own words", () => {
    const err = metaErrorToAppError(400, { code: 100, error_subcode: 1487124, error_user_msg: "Daily budget is too low." }, "creating the ad set");
    expect(err.message).toBe('Meta refused a value while creating the ad set. Meta said: "Daily budget is too low."');
    expect(err.details).toMatchObject({ refusal: "invalid_parameter", meta: { code: 100, subcode: 1487124 } });
  });

  it.each([10, 200, 294, 299])("a missing permission (%i) names the permissions and assignments", (code) => {
    const err = metaErrorToAppError(403, { code, message: "Permissions error" }, "creating the ad");
    expect(err.message).toMatch(/lacks a permission.*ads_management and pages_manage_ads/);
    expect(err.details?.refusal).toBe("permission");
  });

  it.each([4, 17, 32, 613, 80000, 80004, 80014])("a rate limit (%i) is RATE_LIMITED with when to retry", (code) => {
    const err = metaErrorToAppError(400, { code }, "creating the campaign", 300);
    expect(err.type).toBe("RATE_LIMITED");
    expect(err.message).toMatch(/retry in about 5 minutes/);
    expect(err.headers?.["Retry-After"]).toBe("300");
  });

  it("a disabled account, a temporary failure, and anything else", () => {
    expect(metaErrorToAppError(400, { code: 100, error_subcode: 1487390, message: "Ad account disabled" }, "creating the campaign").details?.refusal).toBe("account_disabled");
    expect(metaErrorToAppError(500, { code: 2, message: "Service temporarily unavailable" }, "x").type).toBe("UNAVAILABLE");
    expect(metaErrorToAppError(400, { code: 368, message: "Blocked" }, "creating the ad").message).toBe('Meta refused creating the ad (code 368). Meta said: "Blocked"');
  });
});

describe("usage headers and back-off", () => {
  const h = (headers: Record<string, string>) => new Headers(headers);
  it("reads the highest figure and the time to regain access", () => {
    const reading = readUsageHeaders(
      h({
        "x-business-use-case-usage": JSON.stringify({ "1": [{ type: "ads_management", call_count: 40, total_cputime: 91, total_time: 10, estimated_time_to_regain_access: 0 }] }),
        "x-app-usage": JSON.stringify({ call_count: 12, total_cputime: 3, total_time: 4 }),
      }),
    );
    expect(reading).toEqual({ highestPercent: 91, regainSeconds: 0 });
    expect(readUsageHeaders(h({}))).toBeNull();
    expect(readUsageHeaders(h({ "x-app-usage": "not json" }))).toBeNull();
  });

  it("waits as long as Meta says, a minute when usage is high, and not at all when it is low", () => {
    expect(backoffUntil({ highestPercent: 20, regainSeconds: 0 }, 1000)).toBeNull();
    expect(backoffUntil({ highestPercent: 95, regainSeconds: 0 }, 1000)).toBe(61_000);
    expect(backoffUntil({ highestPercent: 50, regainSeconds: 180 }, 1000)).toBe(181_000);
    const account = readUsageHeaders(h({ "x-ad-account-usage": JSON.stringify({ acc_id_util_pct: 99.5, reset_time_duration: 120 }) }));
    expect(backoffUntil(account, 0)).toBe(120_000);
  });

  it("the client refuses the next call without reaching Meta, with when to retry, and goes on once the time passed", async () => {
    let now = Date.parse("2026-11-28T12:00:00Z");
    const calls: Request[] = [];
    const client = createGraphClient({
      baseUrl: "https://graph.test/",
      accessToken: "tok",
      now: () => now,
      backoff: memoryBackoff(),
      fetch: async (request) => {
        calls.push(request);
        return new Response(JSON.stringify({ id: "1" }), {
          headers: calls.length === 1 ? { "x-business-use-case-usage": JSON.stringify({ "9": [{ call_count: 96, estimated_time_to_regain_access: 2 }] }) } : {},
        });
      },
    });
    expect(await client.send(campaignRequest("1", { name: "c" }), "creating the campaign")).toEqual({ id: "1" });
    expect(calls[0]!.url).toBe("https://graph.test/v24.0/act_1/campaigns");
    expect(calls[0]!.headers.get("content-type")).toBe("application/x-www-form-urlencoded");
    expect(new URLSearchParams(await calls[0]!.text()).get("access_token")).toBe("tok");

    const refused = await client.send(adSet(), "creating the ad set").catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).type).toBe("RATE_LIMITED");
    expect((refused as AppError).message).toMatch(/nothing was sent\. Retry in about 2 minutes \(after 12:02 UTC\)/);
    expect(calls).toHaveLength(1);

    now += 121_000;
    await client.send(adSet(), "creating the ad set");
    expect(calls).toHaveLength(2);
  });

  it("the client maps an error answer, and puts a GET's parameters in the query", async () => {
    const seen: string[] = [];
    const client = createGraphClient({
      baseUrl: "https://graph.test",
      accessToken: "tok",
      fetch: async (request) => {
        seen.push(`${request.method} ${request.url}`);
        return new Response(JSON.stringify({ error: { code: 190, message: "expired" } }), { status: 400 });
      },
    });
    const err = (await client.send({ method: "GET", path: "/me/permissions", params: {} }, "checking the token").catch((e: unknown) => e)) as AppError;
    expect(err.details?.refusal).toBe("token");
    expect(seen).toEqual(["GET https://graph.test/v24.0/me/permissions?access_token=tok"]);
  });
});

describe("copy limits the API enforces", () => {
  const body = (copy: Record<string, string>) => ({
    name: "n",
    productRef: "page:1",
    destinationUrl: "https://x.test",
    creatives: [{ placement: "feed", imageId: "i" }],
    copy: [{ primaryText: "p", headline: "h", description: "d", ...copy }],
    callToAction: "SHOP_NOW",
    audience: { countries: ["US"], ageMin: 18, ageMax: 65, gender: "all" },
    dailyBudgetCents: 1000,
  });
  it("accepts text at Meta's caps and refuses one character more, naming the field", () => {
    expect(CreateLaunchBodySchema.safeParse(body({ headline: "h".repeat(255), primaryText: "p".repeat(2200) })).success).toBe(true);
    const over = CreateLaunchBodySchema.safeParse(body({ headline: "h".repeat(256) }));
    expect(over.success).toBe(false);
    expect(over.error!.issues[0]!.message).toBe("Headline is too long (255 characters at most)");
  });
});
