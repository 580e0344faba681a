/**
 * The AI Launcher's API in workerd (issue 28): connect and each refusal against the fake Graph
 * server (the real client over HTTP); a launch end to end on the offline dev ad account (every
 * object made, all paused, every id recorded, shown at /dev/ads); a failure in the middle and a
 * retry that makes no duplicate; metering reserved before and refunded on failure; the access
 * flag; status, delete and insights (simulated on the dev account, and labelled so).
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { DEV_AD_ACCOUNT_ID } from "~/server/ad-launcher/dev-ad-account";
import { BASE, call, uniqueName, verifiedUser } from "./helpers";
import { WORKER } from "./worker";

vi.setConfig({ testTimeout: 30_000 });

type User = Awaited<ReturnType<typeof verifiedUser>>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- API answers are read loosely
type Answer = Record<string, any>;

const GRAPH = () => env.META_GRAPH_TEST_URL;
const TOKEN_LENGTH_PAD = "EAAB".padEnd(60, "x");
let accountSeq = 0;

async function admin(path: string, body?: unknown) {
  const res = await fetch(`${GRAPH()}/__admin/${path}`, body === undefined ? {} : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return (await res.json()) as Answer;
}

/** An ad account of this test's own at the fake Graph server, with a token of its own. */
async function fakeAccount(overrides: Record<string, unknown> = {}) {
  accountSeq += 1;
  const adAccountId = `${Date.now()}${accountSeq}`.slice(-15);
  const pageId = `9${adAccountId}`.slice(0, 15);
  const token = `${TOKEN_LENGTH_PAD}${adAccountId}`;
  await admin("accounts", { adAccountId, pageId, token, name: "Harbor Candles ads", currency: "EUR", timezoneName: "Europe/Lisbon", pageName: "Harbor Candles", ...overrides });
  return { adAccountId, pageId, accessToken: token };
}

async function launcher(options: { plan?: boolean } = {}): Promise<User> {
  const u = await verifiedUser(uniqueName("launch"));
  await env.DB.prepare("UPDATE users SET launcher_access = 1 WHERE id = ?").bind(u.user.id).run();
  if (options.plan !== false) await env.DB.prepare("INSERT INTO subscriptions (user_id, plan, status) VALUES (?, 'automation', 'active')").bind(u.user.id).run();
  return u;
}

/** A gallery image of the user's, in R2 and D1, of the given size. */
async function galleryImage(u: User, width: number, height: number, presetId: string | null = null) {
  const id = crypto.randomUUID();
  const key = `images/${u.user.id}/${id}.png`;
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new TextEncoder().encode(id)]);
  await env.FILES.put(key, png);
  await env.DB.prepare(
    "INSERT INTO images (id, user_id, kind, file_name, mime_type, width, height, bytes, preset_id, provider, r2_key, thumb_key) VALUES (?, ?, 'visual', ?, 'image/png', ?, ?, ?, ?, 'compositor', ?, ?)",
  )
    .bind(id, u.user.id, `visual-${width}x${height}.png`, width, height, png.length, presetId, key, key)
    .run();
  return id;
}

async function productRef(u: User) {
  const { json } = await call("/api/pages", { method: "POST", token: u.token, body: { product: { title: "Sea-green stoneware mug", description: "Glazed by hand.", images: [], priceCents: 1800 } } });
  return `page:${json.data.page.id as string}`;
}

const destination = () => `${env.FAKE_SHOPIFY.web}/pages/opengraph-only`;

async function launchBody(u: User, overrides: Record<string, unknown> = {}) {
  return {
    name: "Mug test",
    productRef: await productRef(u),
    destinationUrl: destination(),
    creatives: [
      { placement: "feed", imageId: await galleryImage(u, 1080, 1080, "instagram-post") },
      { placement: "stories", imageId: await galleryImage(u, 1080, 1920, "instagram-story") },
    ],
    copy: [
      { primaryText: "Hand-glazed stoneware that keeps coffee hot.", headline: "Sea-green mug", description: "Dishwasher safe" },
      { primaryText: "Your morning, in sea green.", headline: "Stoneware mug", description: "Glazed by hand" },
    ],
    callToAction: "SHOP_NOW",
    audience: { countries: ["US", "PT"], ageMin: 25, ageMax: 54, gender: "all", advantageAudience: true },
    dailyBudgetCents: 2000,
    ...overrides,
  };
}

async function launchesUsedToday(u: User) {
  return (await call("/api/usage/summary", { token: u.token })).json.data.usage.launchers as number;
}

describe("access", () => {
  it("answers 401 signed out before reading the body, and 403 without the launcher flag before validating", async () => {
    const out = await call("/api/ad-launcher/launches", { method: "POST", body: { nonsense: true } });
    expect(out.status).toBe(401);
    const u = await verifiedUser();
    for (const [method, path, body] of [
      ["GET", "/api/ad-launcher/account"],
      ["POST", "/api/ad-launcher/account", { dev: "yes" }],
      ["GET", "/api/ad-launcher/launches"],
      ["POST", "/api/ad-launcher/launches", {}],
      ["POST", "/api/ad-launcher/launches/x/status", { status: "sideways" }],
    ] as [string, string, unknown?][]) {
      const res = await call(path, { method, body, token: u.token });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.json.message).toContain("AI Launcher");
    }
  });
});

describe("connect", () => {
  it("verifies at Meta and keeps the token sealed, never shown", async () => {
    const u = await launcher();
    const acct = await fakeAccount();
    const res = await call("/api/ad-launcher/account", { method: "POST", token: u.token, body: { ...acct, adAccountId: `act_${acct.adAccountId}` } });
    expect(res.status).toBe(201);
    expect(res.json.data).toMatchObject({ adAccountId: acct.adAccountId, pageId: acct.pageId, pageName: "Harbor Candles", name: "Harbor Candles ads", currency: "EUR", timeZone: "Europe/Lisbon", status: "active", isDev: false });
    expect(res.text).not.toContain(acct.accessToken);
    const row = await env.DB.prepare("SELECT sealed_token FROM ad_accounts WHERE user_id = ?").bind(u.user.id).first<{ sealed_token: string }>();
    expect(row!.sealed_token.startsWith("v1.")).toBe(true);
    expect(row!.sealed_token).not.toContain(acct.accessToken);
    expect((await call("/api/ad-launcher/account", { token: u.token })).json.data.adAccountId).toBe(acct.adAccountId);
    expect((await call("/api/ad-launcher/account", { method: "DELETE", token: u.token })).status).toBe(200);
    expect((await call("/api/ad-launcher/account", { token: u.token })).json.data).toBeNull();
  });

  it("refuses with one sentence each: bad token, missing permission, disabled or unsettled account, unreachable account or Page", async () => {
    const u = await launcher();
    const connect = (body: Record<string, unknown>) => call("/api/ad-launcher/account", { method: "POST", token: u.token, body });
    const good = await fakeAccount();

    const badToken = await connect({ ...good, accessToken: `${TOKEN_LENGTH_PAD}-not-issued` });
    expect(badToken.status).toBe(400);
    expect(badToken.json.details.refusal).toBe("token");
    expect(badToken.json.message).toMatch(/expired, revoked or mistyped/);

    const noPerm = await fakeAccount({ permissions: ["ads_read", "pages_read_engagement"] });
    const perm = await connect(noPerm);
    expect(perm.json.details.refusal).toBe("permission");
    expect(perm.json.message).toMatch(/lacks ads_management and pages_manage_ads/);

    const disabled = await fakeAccount({ accountStatus: 2, disableReason: 3 });
    const dis = await connect(disabled);
    expect(dis.json.details.refusal).toBe("account_disabled");
    expect(dis.json.message).toMatch(/disabled this ad account \(payment risk\)/);

    const unsettled = await fakeAccount({ accountStatus: 3 });
    const uns = await connect(unsettled);
    expect(uns.json.details.refusal).toBe("account_unsettled");
    expect(uns.json.message).toMatch(/unpaid balance/);

    const wrongAccount = await connect({ ...good, adAccountId: "55555555555" });
    expect(wrongAccount.json.details.refusal).toBe("account");
    expect(wrongAccount.json.message).toMatch(/act_55555555555 is not reachable/);

    const hiddenPage = await fakeAccount({ pageReachable: false });
    const page = await connect(hiddenPage);
    expect(page.json.details.refusal).toBe("page");
    expect(page.json.message).toMatch(/Page \d+ is not reachable/);

    expect((await call("/api/ad-launcher/account", { token: u.token })).json.data).toBeNull();
  });

  it("takes an optional pixel, checked at Meta; a launch on it optimises for the pixel's purchases", async () => {
    const u = await launcher();
    const unknown = await fakeAccount();
    const refused = await call("/api/ad-launcher/account", { method: "POST", token: u.token, body: { ...unknown, pixelId: "7777777777" } });
    expect(refused.json.details.refusal).toBe("pixel");
    expect(refused.json.message).toMatch(/pixel 7777777777 is not reachable/);

    const pixelId = `8${Date.now()}`;
    const acct = await fakeAccount({ pixelId });
    const res = await call("/api/ad-launcher/account", { method: "POST", token: u.token, body: { ...acct, pixelId } });
    expect(res.status).toBe(201);
    expect(res.json.data.pixelId).toBe(pixelId);
    const body = await launchBody(u, { creatives: [{ placement: "feed", imageId: await galleryImage(u, 1080, 1080) }], copy: [{ primaryText: "One", headline: "One", description: "One" }] });
    const launched = await call("/api/ad-launcher/launches", { method: "POST", token: u.token, body });
    expect(launched.json.data.state, launched.json.data.error).toBe("paused");
    const adset = (await admin(`state?account=${acct.adAccountId}`)).adsets[0];
    expect(adset.fields).toMatchObject({ optimization_goal: "OFFSITE_CONVERSIONS", promoted_object: { pixel_id: pixelId, custom_event_type: "PURCHASE" } });

    // Insights over HTTP from an account that is not the dev one: Meta's figures, not labelled simulated.
    const id = launched.json.data.id as string;
    const before = (await call(`/api/ad-launcher/launches/${id}/insights`, { method: "POST", token: u.token })).json.data.insights;
    expect(before).toMatchObject({ simulated: false, impressions: 0, spendCents: 0, ctr: null, roas: null, currency: "EUR" });
    expect((await call(`/api/ad-launcher/launches/${id}/status`, { method: "POST", token: u.token, body: { status: "active" } })).json.data.state).toBe("active");
    await admin("advance", { ms: 12 * 3_600_000 });
    const after = (await call(`/api/ad-launcher/launches/${id}/insights`, { method: "POST", token: u.token })).json.data.insights;
    expect(after.simulated).toBe(false);
    expect(after.impressions).toBeGreaterThan(0);
    expect(after.spendCents).toBeGreaterThan(0);
    expect(after.spendCents).toBeLessThanOrEqual(Math.ceil(2000 / 2) + 1);
    await call(`/api/ad-launcher/launches/${id}/status`, { method: "POST", token: u.token, body: { status: "paused" } });
  });

  it("connects the offline dev ad account only with DEV_TOOLS on; /dev/ads is 404 without it", async () => {
    const u = await launcher();
    const off = { ...env, DEV_TOOLS: "off", APP_ENV: "development" } as typeof env;
    const { createApi } = await import("../../functions");
    const ctx = createExecutionContext();
    const refused = await createApi().fetch(
      new Request(`${BASE}/api/ad-launcher/account`, { method: "POST", headers: { authorization: `Bearer ${u.token}`, "content-type": "application/json" }, body: JSON.stringify({ dev: true }) }),
      off,
      ctx,
    );
    const said = (await refused.json()) as Answer;
    await waitOnExecutionContext(ctx);
    expect(refused.status).toBe(403);
    expect(said.message).toMatch(/only on a local run with DEV_TOOLS=on/);
    const { default: worker } = await import("../../workers/app");
    const screenCtx = createExecutionContext();
    const screen = await worker.fetch(new Request(`${BASE}/dev/ads`), off, screenCtx);
    await screen.text();
    await waitOnExecutionContext(screenCtx);
    expect(screen.status).toBe(404);
    expect((await call("/api/ad-launcher/account", { token: u.token })).json.data).toBeNull();

    const res = await call("/api/ad-launcher/account", { method: "POST", token: u.token, body: { dev: true } });
    expect(res.status).toBe(201);
    expect(res.json.data).toMatchObject({ adAccountId: DEV_AD_ACCOUNT_ID, isDev: true, currency: "USD" });
  });
});

// What to advertise, the destination check and the copy: tests/integration/ad-launcher-prepare.test.ts.

describe("a launch on the offline dev ad account", () => {
  let u: User;
  beforeAll(async () => {
    u = await launcher();
    await call("/api/ad-launcher/account", { method: "POST", token: u.token, body: { dev: true } });
  });

  it("makes campaign, ad set, images, creatives and ads, all paused, each id recorded, charged once", async () => {
    const before = await launchesUsedToday(u);
    const res = await call("/api/ad-launcher/launches", { method: "POST", token: u.token, body: await launchBody(u) });
    expect(res.status, res.text).toBe(201);
    const launch = res.json.data;
    expect(launch).toMatchObject({ state: "paused", error: null, isDev: true, currency: "USD", productTitle: "Sea-green stoneware mug", dailyBudgetCents: 2000 });
    expect(res.json.charged).toMatchObject({ counter: "launchers", count: 1 });
    const kinds = (launch.objects as Answer[]).map((o) => `${o.kind}:${o.label}`);
    expect(kinds).toEqual([
      "campaign:campaign",
      "adset:ad set",
      "image:feed",
      "creative:feed · copy 1",
      "ad:feed · copy 1",
      "creative:feed · copy 2",
      "ad:feed · copy 2",
      "image:stories",
      "creative:stories · copy 1",
      "ad:stories · copy 1",
      "creative:stories · copy 2",
      "ad:stories · copy 2",
    ]);
    expect(await launchesUsedToday(u)).toBe(before + 1);

    // At Meta (the dev account's state in D1): every object exists, paused, with what was asked.
    const state = JSON.parse((await env.DB.prepare("SELECT state FROM dev_ad_account_state WHERE account_id = ?").bind(DEV_AD_ACCOUNT_ID).first<{ state: string }>())!.state);
    for (const o of launch.objects as Answer[]) {
      if (o.kind === "image") expect(state.images[o.metaId], o.label).toBeTruthy();
      else if (o.kind !== "creative") expect(state.objects[o.metaId], o.label).toMatchObject({ status: "PAUSED" });
      else expect(state.objects[o.metaId], o.label).toBeTruthy();
    }
    const campaign = state.objects[launch.objects[0].metaId];
    expect(campaign.fields).toMatchObject({ objective: "OUTCOME_SALES", special_ad_categories: [], status: "PAUSED" });
    const adset = state.objects[launch.objects[1].metaId];
    expect(adset.fields).toMatchObject({ daily_budget: 2000, optimization_goal: "LINK_CLICKS", billing_event: "IMPRESSIONS", targeting: { geo_locations: { countries: ["US", "PT"] }, age_min: 25, age_max: 54, targeting_automation: { advantage_audience: 1 } } });
    const creative = state.objects[launch.objects[3].metaId];
    expect(creative.fields.object_story_spec).toMatchObject({ link_data: { link: destination(), message: "Hand-glazed stoneware that keeps coffee hot.", name: "Sea-green mug", call_to_action: { type: "SHOP_NOW" } } });

    // /dev/ads shows it landed paused.
    const screen = await WORKER.fetch(`${BASE}/dev/ads`);
    const html = await screen.text();
    expect(screen.status).toBe(200);
    expect(html).toContain(launch.objects[0].metaId);
    expect(html).toContain("Hand-glazed stoneware that keeps coffee hot.");
    expect(html).toContain("PAUSED");

    // The list and the one launch, scoped to the user.
    expect((await call("/api/ad-launcher/launches", { token: u.token })).json.data[0].id).toBe(launch.id);
    expect((await call(`/api/ad-launcher/launches/${launch.id}`, { token: u.token })).json.data.objects).toHaveLength(12);
  });

  it("activates and pauses at Meta, reads simulated insights labelled simulated, and deletes", async () => {
    const launch = (await call("/api/ad-launcher/launches", { method: "POST", token: u.token, body: await launchBody(u) })).json.data;
    const active = await call(`/api/ad-launcher/launches/${launch.id}/status`, { method: "POST", token: u.token, body: { status: "active" } });
    expect(active.status).toBe(200);
    expect(active.json.data.state).toBe("active");
    let state = JSON.parse((await env.DB.prepare("SELECT state FROM dev_ad_account_state WHERE account_id = ?").bind(DEV_AD_ACCOUNT_ID).first<{ state: string }>())!.state);
    for (const o of launch.objects as Answer[]) if (["campaign", "adset", "ad"].includes(o.kind)) expect(state.objects[o.metaId].status, o.label).toBe("ACTIVE");

    // Six hours of delivery: the campaign's activation is moved back in the dev account's state.
    const campaignId = launch.objects[0].metaId as string;
    state.objects[campaignId].activeSince -= 6 * 3_600_000;
    await env.DB.prepare("UPDATE dev_ad_account_state SET state = ? WHERE account_id = ?").bind(JSON.stringify(state), DEV_AD_ACCOUNT_ID).run();
    const first = (await call(`/api/ad-launcher/launches/${launch.id}/insights`, { method: "POST", token: u.token })).json.data.insights;
    expect(first).toMatchObject({ currency: "USD", simulated: true });
    expect(first.impressions).toBeGreaterThan(0);
    expect(first.spendCents).toBeGreaterThan(0);
    expect(first.spendCents).toBeLessThanOrEqual(Math.ceil((2000 * 6) / 24));
    expect(first.clicks).toBeGreaterThanOrEqual(0);

    const paused = await call(`/api/ad-launcher/launches/${launch.id}/status`, { method: "POST", token: u.token, body: { status: "paused" } });
    expect(paused.json.data.state).toBe("paused");
    // Paused: no more delivery, and the same figures on every read (deterministic, never random).
    const again = (await call(`/api/ad-launcher/launches/${launch.id}/insights`, { method: "POST", token: u.token })).json.data.insights;
    const third = (await call(`/api/ad-launcher/launches/${launch.id}/insights`, { method: "POST", token: u.token })).json.data.insights;
    expect({ ...again, refreshedAt: 0 }).toEqual({ ...third, refreshedAt: 0 });
    expect(again.impressions).toBeGreaterThanOrEqual(first.impressions);

    const deleted = await call(`/api/ad-launcher/launches/${launch.id}`, { method: "DELETE", token: u.token });
    expect(deleted.json.data.state).toBe("deleted");
    state = JSON.parse((await env.DB.prepare("SELECT state FROM dev_ad_account_state WHERE account_id = ?").bind(DEV_AD_ACCOUNT_ID).first<{ state: string }>())!.state);
    expect(state.objects[campaignId].status).toBe("DELETED");
    expect((await call(`/api/ad-launcher/launches/${launch.id}/status`, { method: "POST", token: u.token, body: { status: "active" } })).status).toBe(409);
  });

  it("refuses before anything is made or charged: destination down, an image that does not fit, another user's image", async () => {
    const before = await launchesUsedToday(u);
    const count = async () => (await call("/api/ad-launcher/launches", { token: u.token })).json.data.length as number;
    const launches = await count();
    const down = await call("/api/ad-launcher/launches", { method: "POST", token: u.token, body: await launchBody(u, { destinationUrl: `${env.FAKE_SHOPIFY.web}/no-such-page` }) });
    expect(down.status).toBe(400);
    expect(down.json.message).toMatch(/does not answer: nothing is at that address \(404 Not Found\)/);

    const wide = await galleryImage(u, 1200, 628);
    const misfit = await call("/api/ad-launcher/launches", { method: "POST", token: u.token, body: await launchBody(u, { creatives: [{ placement: "stories", imageId: wide }] }) });
    expect(misfit.status).toBe(400);
    expect(misfit.json.message).toMatch(/does not fit Stories and Reels \(9:16\)/);

    const other = await launcher();
    const theirs = await galleryImage(other, 1080, 1080);
    const notMine = await call("/api/ad-launcher/launches", { method: "POST", token: u.token, body: await launchBody(u, { creatives: [{ placement: "feed", imageId: theirs }] }) });
    expect(notMine.status).toBe(400);
    expect(notMine.json.message).toMatch(/not in your gallery/);

    expect(await count()).toBe(launches);
    expect(await launchesUsedToday(u)).toBe(before);
  });

  it("refuses at the daily limit with nothing made (the free plan's limit is 0)", async () => {
    const free = await launcher({ plan: false });
    await call("/api/ad-launcher/account", { method: "POST", token: free.token, body: { dev: true } });
    const devObjects = async () => Object.keys(JSON.parse((await env.DB.prepare("SELECT state FROM dev_ad_account_state WHERE account_id = ?").bind(DEV_AD_ACCOUNT_ID).first<{ state: string }>())?.state ?? '{"objects":{}}').objects).length;
    const made = await devObjects();
    const res = await call("/api/ad-launcher/launches", { method: "POST", token: free.token, body: await launchBody(free) });
    expect(res.status).toBe(429);
    expect(res.json.type).toBe("USAGE_LIMIT");
    expect(await devObjects()).toBe(made);
    expect((await call("/api/ad-launcher/launches", { token: free.token })).json.data).toEqual([]);
  });
});

describe("a failure in the middle, over HTTP to the fake Graph server", () => {
  it("fails with Meta's sentence and a refund, and a retry resumes without a duplicate and charges once", async () => {
    const u = await launcher();
    const acct = await fakeAccount();
    expect((await call("/api/ad-launcher/account", { method: "POST", token: u.token, body: acct })).status).toBe(201);
    const before = await launchesUsedToday(u);
    // The second creative (stories) is refused by Meta as an invalid parameter; the feed's goes through.
    await admin("fail", {
      pathEndsWith: `act_${acct.adAccountId}/adcreatives`,
      after: 1,
      remaining: 1,
      status: 400,
      error: { message: "Invalid parameter", type: "OAuthException", code: 100, error_subcode: 1487124, error_user_msg: "The link in your ad's call to action is not valid.", fbtrace_id: "AbC" },
    });
    const body = await launchBody(u, { copy: [{ primaryText: "One", headline: "One", description: "One" }] });
    const failed = await call("/api/ad-launcher/launches", { method: "POST", token: u.token, body });
    expect(failed.status).toBe(201);
    expect(failed.json.data.state).toBe("failed");
    expect(failed.json.data.error).toContain("The link in your ad's call to action is not valid.");
    expect(failed.json.charged).toBeUndefined();
    expect(await launchesUsedToday(u)).toBe(before);
    const madeBefore = (failed.json.data.objects as Answer[]).map((o) => `${o.kind}:${o.label}=${o.metaId}`);
    expect(madeBefore.map((o) => o.split("=")[0])).toEqual(["campaign:campaign", "adset:ad set", "image:feed", "creative:feed · copy 1", "ad:feed · copy 1", "image:stories"]);

    const retried = await call(`/api/ad-launcher/launches/${failed.json.data.id}/retry`, { method: "POST", token: u.token });
    expect(retried.status).toBe(200);
    expect(retried.json.data.state).toBe("paused");
    expect(retried.json.charged).toMatchObject({ count: 1 });
    const after = (retried.json.data.objects as Answer[]).map((o) => `${o.kind}:${o.label}=${o.metaId}`);
    expect(after.slice(0, madeBefore.length)).toEqual(madeBefore);
    expect(after.map((o) => o.split("=")[0]).slice(madeBefore.length)).toEqual(["creative:stories · copy 1", "ad:stories · copy 1"]);
    expect(await launchesUsedToday(u)).toBe(before + 1);

    // At Meta: one campaign, one ad set, one of each creative and ad, all paused.
    const state = await admin(`state?account=${acct.adAccountId}`);
    expect(state.campaigns).toHaveLength(1);
    expect(state.adsets).toHaveLength(1);
    expect(state.creatives).toHaveLength(2);
    expect(state.ads).toHaveLength(2);
    for (const o of [...state.campaigns, ...state.adsets, ...state.ads]) expect(o.status).toBe("PAUSED");
    const campaignPosts = (state.requests as Answer[]).filter((r) => r.method === "POST" && r.path.endsWith("/campaigns"));
    expect(campaignPosts).toHaveLength(1);

    // A launch that succeeded cannot be retried (and so cannot be charged again).
    expect((await call(`/api/ad-launcher/launches/${failed.json.data.id}/retry`, { method: "POST", token: u.token })).status).toBe(409);
  });

  /** A one-ad launch whose request to `edge` is made at Meta but answered 500 (the answer lost). */
  async function launchLosingAnswerOf(edge: "adsets" | "adcreatives") {
    const u = await launcher();
    const acct = await fakeAccount();
    await call("/api/ad-launcher/account", { method: "POST", token: u.token, body: acct });
    await admin("fail", { pathEndsWith: `act_${acct.adAccountId}/${edge}`, mode: "made", remaining: 1, status: 500, error: { message: "An unexpected error has occurred.", type: "OAuthException", code: 2, fbtrace_id: "x" } });
    const body = await launchBody(u, { creatives: [{ placement: "feed", imageId: await galleryImage(u, 1080, 1080) }], copy: [{ primaryText: "One", headline: "One", description: "One" }] });
    const failed = await call("/api/ad-launcher/launches", { method: "POST", token: u.token, body });
    return { u, acct, failed };
  }

  it("a retry finds an object whose answer was lost (Meta made it, the answer failed) instead of making it twice", async () => {
    const { u, acct, failed } = await launchLosingAnswerOf("adsets");
    expect(failed.json.data.state).toBe("failed");
    expect(failed.json.data.error).toMatch(/temporary problem while creating the ad set/);
    expect((failed.json.data.objects as Answer[]).map((o) => o.kind)).toEqual(["campaign"]);
    expect((await admin(`state?account=${acct.adAccountId}`)).adsets).toHaveLength(1);

    const retried = await call(`/api/ad-launcher/launches/${failed.json.data.id}/retry`, { method: "POST", token: u.token });
    expect(retried.json.data.state).toBe("paused");
    const state = await admin(`state?account=${acct.adAccountId}`);
    expect(state.adsets).toHaveLength(1);
    expect(state.ads).toHaveLength(1);
    expect((retried.json.data.objects as Answer[]).find((o) => o.kind === "adset")!.metaId).toBe(state.adsets[0].id);
  });

  it("a retry finds a creative whose answer was lost instead of leaving one unused in the account's library", async () => {
    const { u, acct, failed } = await launchLosingAnswerOf("adcreatives");
    expect(failed.json.data.state).toBe("failed");
    expect(failed.json.data.error).toMatch(/temporary problem while creating the creative/);
    expect((await admin(`state?account=${acct.adAccountId}`)).creatives).toHaveLength(1);

    const retried = await call(`/api/ad-launcher/launches/${failed.json.data.id}/retry`, { method: "POST", token: u.token });
    expect(retried.json.data.state).toBe("paused");
    const state = await admin(`state?account=${acct.adAccountId}`);
    expect(state.creatives).toHaveLength(1);
    expect(state.ads).toHaveLength(1);
    expect(state.ads[0].fields.creative.creative_id).toBe(state.creatives[0].id);
    expect((retried.json.data.objects as Answer[]).find((o) => o.kind === "creative")!.metaId).toBe(state.creatives[0].id);
  });

  it("maps Meta's rate limit to a sentence, and backs off on usage headers without calling Meta again", async () => {
    const u = await launcher();
    const acct = await fakeAccount();
    await call("/api/ad-launcher/account", { method: "POST", token: u.token, body: acct });
    const body = await launchBody(u, { creatives: [{ placement: "feed", imageId: await galleryImage(u, 1080, 1080) }], copy: [{ primaryText: "One", headline: "One", description: "One" }] });
    // The campaign's answer says the account is at 95 % of its business-use-case quota, for 3 minutes.
    await admin("headers", { headers: { "x-business-use-case-usage": JSON.stringify({ "1234": [{ type: "ads_management", call_count: 95, total_cputime: 20, total_time: 20, estimated_time_to_regain_access: 3 }] }) } });
    const throttled = await call("/api/ad-launcher/launches", { method: "POST", token: u.token, body });
    expect(throttled.json.data.state).toBe("failed");
    expect(throttled.json.data.error).toMatch(/slow down.*nothing was sent.*Retry in about 3 minutes/i);
    const before = (await admin(`state?account=${acct.adAccountId}`)).requests.length;
    const retry = await call(`/api/ad-launcher/launches/${throttled.json.data.id}/retry`, { method: "POST", token: u.token });
    expect(retry.json.data.state).toBe("failed");
    expect((await admin(`state?account=${acct.adAccountId}`)).requests.length).toBe(before);

    // Meta's own rate-limit error (code 17) names when to retry.
    const u2 = await launcher();
    const acct2 = await fakeAccount();
    await call("/api/ad-launcher/account", { method: "POST", token: u2.token, body: acct2 });
    await admin("fail", { pathEndsWith: `act_${acct2.adAccountId}/campaigns`, remaining: 1, status: 400, error: { message: "User request limit reached", type: "OAuthException", code: 17, fbtrace_id: "x" } });
    const limited = await call("/api/ad-launcher/launches", { method: "POST", token: u2.token, body: await launchBody(u2, { copy: [{ primaryText: "One", headline: "One", description: "One" }] }) });
    expect(limited.json.data.state).toBe("failed");
    expect(limited.json.data.error).toMatch(/limiting requests for this ad account \(code 17\).*retry/);
  });
});
