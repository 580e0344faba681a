/**
 * Contract tests: every field and enum value the Graph request builders send
 * (app/server/ad-launcher/meta-graph.ts) checked against Meta's own lists for the pinned version,
 * facebook-nodejs-business-sdk 24.0.1 (devDependencies, exact): each object's `Fields` and enums.
 *
 * The SDK's `Fields` are what an object reads back; create-only parameters are not in them.
 * CREATE_ONLY lists the ones we send, each with where Meta documents it, and nothing else.
 */
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { AD_CALL_TO_ACTION_VALUES, META_GRAPH_VERSION } from "~/domain/ad-launcher";
import {
  adAccountRequest,
  adCreativeRequest,
  adImageRequest,
  adRequest,
  adSetRequest,
  campaignRequest,
  findByNameRequest,
  insightsRequest,
  pageRequest,
  pixelRequest,
  statusRequest,
  type AdSetInput,
  type GraphRequest,
} from "~/server/ad-launcher/meta-graph";

interface SdkObject {
  Fields: Record<string, string>;
  [enumName: string]: Record<string, string>;
}
type Sdk = Record<string, SdkObject> & { FacebookAdsApi: { VERSION: string } };
const sdk = createRequire(import.meta.url)("facebook-nodejs-business-sdk") as Sdk;
const pkg = createRequire(import.meta.url)("facebook-nodejs-business-sdk/package.json") as { version: string };

/** Create-only parameters (not read back, so not in the SDK's Fields), with Meta's reference for each. */
const CREATE_ONLY: Record<string, Record<string, string>> = {
  AdImage: { bytes: "Ad Account › Ad Images reference: POST /act_{id}/adimages takes the image as base64 `bytes`" },
};

/** The keys of `value` the SDK's object does not list: empty when the contract holds. */
function unknownFields(objectName: string, value: Record<string, unknown>): string[] {
  const object = sdk[objectName];
  if (!object) return [`<no SDK object ${objectName}>`];
  return Object.keys(value).filter((k) => !(k in object.Fields) && !(k in (CREATE_ONLY[objectName] ?? {})));
}

function enumValues(objectName: string, enumName: string): string[] {
  const values = sdk[objectName]?.[enumName];
  if (!values) throw new Error(`the SDK has no ${objectName}.${enumName}`);
  return Object.values(values);
}

const fieldsParam = (request: GraphRequest) => String(request.params.fields).split(",");
const asObject = (fields: string[]) => Object.fromEntries(fields.map((f) => [f, true]));

const adSetInput = (overrides: Partial<AdSetInput> = {}): AdSetInput => ({
  name: "Mug · ad set",
  campaignId: "120000000000001",
  dailyBudgetCents: 2500,
  countries: ["US", "CA"],
  ageMin: 21,
  ageMax: 55,
  gender: "women",
  advantageAudience: true,
  ...overrides,
});

describe("the pinned version", () => {
  it("is the SDK's version, and the SDK is the exact release the contract names", () => {
    expect(pkg.version).toBe("24.0.1");
    expect(sdk.FacebookAdsApi.VERSION).toBe(META_GRAPH_VERSION);
  });
});

describe("fields each builder sends exist in Meta's field lists", () => {
  it("the checker itself reports a misspelt or invented field", () => {
    expect(unknownFields("Campaign", { name: "x", objectve: "OUTCOME_SALES" })).toEqual(["objectve"]);
    expect(unknownFields("AdSet", { daily_budget: 1, bytes: "x" })).toEqual(["bytes"]);
    expect(unknownFields("NoSuchObject", {})).toEqual(["<no SDK object NoSuchObject>"]);
  });

  it("campaign", () => {
    const { params } = campaignRequest("123", { name: "Mug · campaign" });
    expect(unknownFields("Campaign", params)).toEqual([]);
  });

  it("ad set, without a pixel and with one, and its targeting", () => {
    for (const input of [adSetInput(), adSetInput({ pixelId: "555", gender: "all", advantageAudience: false })]) {
      const { params } = adSetRequest("123", input);
      expect(unknownFields("AdSet", params)).toEqual([]);
      const targeting = params.targeting as Record<string, unknown>;
      expect(unknownFields("Targeting", targeting)).toEqual([]);
      expect(unknownFields("TargetingGeoLocation", targeting.geo_locations as Record<string, unknown>)).toEqual([]);
      expect(unknownFields("TargetingAutomation", targeting.targeting_automation as Record<string, unknown>)).toEqual([]);
      if (params.promoted_object) expect(unknownFields("AdPromotedObject", params.promoted_object as Record<string, unknown>)).toEqual([]);
    }
  });

  it("image upload", () => {
    expect(unknownFields("AdImage", adImageRequest("123", { bytesBase64: "iVBORw0KGgo=", name: "feed.png" }).params)).toEqual([]);
  });

  it("creative, its story spec, link data and call to action", () => {
    const { params } = adCreativeRequest("123", {
      name: "Mug · creative",
      pageId: "999",
      imageHash: "abc",
      link: "https://shop.example/p/mug",
      message: "Hand-glazed.",
      headline: "Sea-green mug",
      description: "Dishwasher safe",
      callToAction: "SHOP_NOW",
    });
    expect(unknownFields("AdCreative", params)).toEqual([]);
    const spec = params.object_story_spec as Record<string, Record<string, unknown>>;
    expect(unknownFields("AdCreativeObjectStorySpec", spec)).toEqual([]);
    expect(unknownFields("AdCreativeLinkData", spec.link_data!)).toEqual([]);
    const cta = spec.link_data!.call_to_action as Record<string, unknown>;
    expect(unknownFields("AdCreativeLinkDataCallToAction", cta)).toEqual([]);
    expect(unknownFields("AdCreativeLinkDataCallToActionValue", cta.value as Record<string, unknown>)).toEqual([]);
  });

  it("ad", () => {
    expect(unknownFields("Ad", adRequest("123", { name: "Mug · ad", adSetId: "1", creativeId: "2" }).params)).toEqual([]);
  });

  it("a retry's lookup by name reads fields each object has", () => {
    for (const [edge, object] of [["campaigns", "Campaign"], ["adsets", "AdSet"], ["adcreatives", "AdCreative"], ["ads", "Ad"]] as const) {
      expect(unknownFields(object, asObject(fieldsParam(findByNameRequest("1", edge, "x"))))).toEqual([]);
    }
  });

  it("the fields read back: ad account, Page, insights", () => {
    expect(unknownFields("AdAccount", asObject(fieldsParam(adAccountRequest("123"))))).toEqual([]);
    expect(unknownFields("Page", asObject(fieldsParam(pageRequest("999"))))).toEqual([]);
    expect(unknownFields("AdsPixel", asObject(fieldsParam(pixelRequest("777"))))).toEqual([]);
    expect(unknownFields("AdsInsights", asObject(fieldsParam(insightsRequest("1"))))).toEqual([]);
  });
});

describe("enum values each builder sends are in Meta's enums", () => {
  it("campaign: objective, status, special ad categories (none)", () => {
    const { params } = campaignRequest("123", { name: "x" });
    expect(enumValues("Campaign", "Objective")).toContain(params.objective);
    expect(enumValues("Campaign", "Status")).toContain(params.status);
    expect(params.special_ad_categories).toEqual([]);
    for (const c of params.special_ad_categories as string[]) expect(enumValues("Campaign", "SpecialAdCategories")).toContain(c);
  });

  it("ad set: billing event, optimisation goals (with and without a pixel), bid strategy, destination, status, pixel event", () => {
    for (const input of [adSetInput(), adSetInput({ pixelId: "555" })]) {
      const { params } = adSetRequest("123", input);
      expect(enumValues("AdSet", "BillingEvent")).toContain(params.billing_event);
      expect(enumValues("AdSet", "OptimizationGoal")).toContain(params.optimization_goal);
      expect(enumValues("AdSet", "BidStrategy")).toContain(params.bid_strategy);
      expect(enumValues("AdSet", "DestinationType")).toContain(params.destination_type);
      expect(enumValues("AdSet", "Status")).toContain(params.status);
      const promoted = params.promoted_object as { custom_event_type?: string } | undefined;
      if (promoted) expect(enumValues("AdPromotedObject", "CustomEventType")).toContain(promoted.custom_event_type);
    }
  });

  it("ad and status changes: every status we send is one campaign, ad set and ad accept", () => {
    expect(enumValues("Ad", "Status")).toContain(adRequest("1", { name: "x", adSetId: "1", creativeId: "2" }).params.status);
    for (const status of ["ACTIVE", "PAUSED"] as const) {
      const sent = statusRequest("1", status).params.status;
      for (const object of ["Campaign", "AdSet", "Ad"]) expect(enumValues(object, "Status")).toContain(sent);
    }
  });

  it("every call to action we offer (AD_CALL_TO_ACTION_VALUES) is in Meta's CallToActionType", () => {
    const types = enumValues("AdCreativeLinkDataCallToAction", "Type");
    for (const value of AD_CALL_TO_ACTION_VALUES) expect(types, value).toContain(value);
    expect(types).not.toContain("SHOP_NOWW");
  });

  it("insights: the date preset", () => {
    expect(enumValues("AdsInsights", "DatePreset")).toContain(insightsRequest("1").params.date_preset);
  });
});
