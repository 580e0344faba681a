/**
 * Launches (issue 28, ADR 022): a product, where the ad leads, an image per placement, copy
 * variants, an audience and a daily budget, made at Meta as a campaign, an ad set, image uploads,
 * creatives and ads, all PAUSED.
 *
 * - Checked first: the destination answers through the URL guard, every image is the merchant's
 *   and fits its placement, an ad account is connected. Nothing is charged for a refusal.
 * - One `launchers` use is reserved before anything is made at Meta; committed when the launch
 *   reaches Meta whole (and `chargedAt` set), refunded when it fails.
 * - Each object's id is recorded in D1 the moment Meta answers it, keyed (launch, kind, label).
 *   A retry walks the same steps and skips every step already recorded, so it resumes from the
 *   last object made and never makes one twice. A retry reserves again and refunds again on
 *   failure; only the attempt that completes is committed, so one launch is charged once.
 */
import { AD_PLACEMENTS, imageFitsPlacement, type AdCallToAction, type AdPlacementId } from "~/domain/ad-launcher";
import type { AdCopyVariant, CreateLaunchBody, Launch, LaunchInsights } from "~/domain/contracts/ad-launcher";
import { AppError } from "~/domain/errors";
import { claimLaunchState, findLaunch, insertLaunch, launchObjects, listLaunches, recordLaunchObject, updateLaunch, type AdLaunchObjectRow, type AdLaunchRow } from "../../../db/ad-launcher";
import { findCatalogProduct } from "../../../db/catalog";
import { findImages } from "../../../db/images";
import { findPage } from "../../../db/pages";
import { reserveUsage, type MeterBindings, type UsageReservation } from "../usage/meter";
import { connectedClient, type AdLauncherDeps } from "./account";
import { checkDestination, type PrepareDeps } from "./prepare";
import {
  adCreativeRequest,
  adImageRequest,
  adRequest,
  adSetRequest,
  campaignRequest,
  deleteRequest,
  findByNameRequest,
  insightsFigures,
  insightsRequest,
  statusRequest,
  type GraphClient,
  type GraphInsightsRow,
} from "./meta-graph";

export interface LaunchDeps extends AdLauncherDeps {
  env: MeterBindings;
  files: R2Bucket;
  /** What the destination check needs (the same check the launcher's step 2 shows: own drop pages and the dev store from D1, anything else through the URL guard). */
  destination: Pick<PrepareDeps, "origin" | "allowLoopbackForTests" | "fetchImpl">;
}

/** What a launch keeps of its request: enough to make (or resume making) every object. */
export interface LaunchSpec {
  creatives: { placement: AdPlacementId; imageId: string }[];
  copy: AdCopyVariant[];
  callToAction: AdCallToAction;
  audience: CreateLaunchBody["audience"];
  projectId?: string;
  /** The account's pixel when the launch was made: the ad set optimises for its purchases. */
  pixelId?: string | null;
}

// ---- answers ------------------------------------------------------------------------------------

function toLaunch(row: AdLaunchRow, objects: AdLaunchObjectRow[]): Launch {
  return {
    id: row.id,
    name: row.name,
    state: row.state,
    productRef: row.productRef,
    productTitle: row.productTitle,
    destinationUrl: row.destinationUrl,
    dailyBudgetCents: row.dailyBudgetCents,
    currency: row.currency,
    error: row.error,
    objects: objects.filter((o) => o.launchId === row.id).map((o) => ({ kind: o.kind, label: o.label, metaId: o.metaId, createdAt: o.createdAt })),
    insights: (row.insights as LaunchInsights | null) ?? null,
    isDev: row.isDev,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

async function answer(deps: LaunchDeps, row: AdLaunchRow): Promise<Launch> {
  return toLaunch(row, await launchObjects(deps.db, [row.id]));
}

async function ownLaunch(deps: LaunchDeps, userId: number, id: string): Promise<AdLaunchRow> {
  const row = await findLaunch(deps.db, userId, id);
  if (!row) throw new AppError("NOT_FOUND", "No such launch.");
  return row;
}

export async function listUserLaunches(deps: LaunchDeps, userId: number): Promise<Launch[]> {
  const rows = await listLaunches(deps.db, userId);
  const objects = await launchObjects(deps.db, rows.map((r) => r.id));
  return rows.map((r) => toLaunch(r, objects));
}

export async function getLaunch(deps: LaunchDeps, userId: number, id: string): Promise<Launch> {
  return answer(deps, await ownLaunch(deps, userId, id));
}

// ---- checks before anything is spent ------------------------------------------------------------

/** The product's title from its reference ("catalog:<id>", "import:<id>", "page:<id>"). */
export async function resolveProductTitle(deps: Pick<LaunchDeps, "db">, userId: number, ref: string): Promise<string> {
  const [source, ...rest] = ref.split(":");
  const id = rest.join(":");
  if (id && source === "page") {
    const page = await findPage(deps.db, userId, id);
    if (page) return ((page.product as { title?: string } | null)?.title || page.slug).slice(0, 200);
  } else if (id && (source === "catalog" || source === "import")) {
    const found = await findCatalogProduct(deps.db, userId, id);
    if (found) return found.product.name;
  }
  throw new AppError("VALIDATION", `The product ${ref} was not found among your catalog, imports and pages. Pick it again.`, { details: { field: "productRef" } });
}

async function checkImages(deps: LaunchDeps, userId: number, creatives: LaunchSpec["creatives"]) {
  const placements = new Set<string>();
  for (const c of creatives) {
    if (placements.has(c.placement)) throw new AppError("VALIDATION", `Pick one image for ${label(c.placement)}, not several.`, { details: { field: "creatives" } });
    placements.add(c.placement);
  }
  const rows = await findImages(deps.db, userId, creatives.map((c) => c.imageId));
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const c of creatives) {
    const image = byId.get(c.imageId);
    if (!image) throw new AppError("VALIDATION", `Image ${c.imageId} is not in your gallery. Pick another for ${label(c.placement)}.`, { details: { field: "creatives", placement: c.placement } });
    if (!imageFitsPlacement(c.placement, image.width, image.height)) {
      const spec = AD_PLACEMENTS.find((p) => p.id === c.placement)!;
      throw new AppError("VALIDATION", `${image.fileName} (${image.width}×${image.height}) does not fit ${spec.label}: it needs that shape and at least ${spec.minWidth} px wide. Pick or make an image in that shape.`, {
        details: { field: "creatives", placement: c.placement },
      });
    }
  }
  return byId;
}

const label = (placement: AdPlacementId) => AD_PLACEMENTS.find((p) => p.id === placement)?.label ?? placement;

// ---- making the objects -------------------------------------------------------------------------

function base64Of(bytes: Uint8Array): string {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

/**
 * Makes every object the launch still lacks, in order: campaign, ad set, then per placement its
 * image, and per copy variant a creative and an ad. A step already recorded is skipped.
 */
async function makeObjects(deps: LaunchDeps, launch: AdLaunchRow, client: GraphClient, isRetry: boolean): Promise<void> {
  const spec = launch.spec as LaunchSpec;
  const made = new Map((await launchObjects(deps.db, [launch.id])).map((o) => [`${o.kind}:${o.label}`, o.metaId]));
  const step = async (kind: AdLaunchObjectRow["kind"], objectLabel: string, make: () => Promise<string>): Promise<string> => {
    const key = `${kind}:${objectLabel}`;
    const known = made.get(key);
    if (known) return known;
    const metaId = await make();
    await recordLaunchObject(deps.db, { launchId: launch.id, kind, label: objectLabel, metaId });
    made.set(key, metaId);
    return metaId;
  };
  const act = launch.adAccountId;
  const named = (what: string) => `${launch.name} · ${what} · ${launch.id.slice(0, 8)}`;
  /**
   * On a retry, an object whose answer was lost (a timeout after Meta made it) is found by its
   * name, which carries the launch's id, instead of being made twice.
   */
  const made_ = async (edge: "campaigns" | "adsets" | "adcreatives" | "ads", name: string): Promise<string | null> => {
    if (!isRetry) return null;
    const found = await client.send<{ data?: { id: string; name: string }[] }>(findByNameRequest(act, edge, name), "looking for what the last attempt made");
    return found.data?.find((o) => o.name === name)?.id ?? null;
  };

  const campaignId = await step(
    "campaign",
    "campaign",
    async () => (await made_("campaigns", named("campaign"))) ?? (await client.send<{ id: string }>(campaignRequest(act, { name: named("campaign") }), "creating the campaign")).id,
  );
  const adSetId = await step("adset", "ad set", async () => {
    const lost = await made_("adsets", named("ad set"));
    if (lost) return lost;
    const a = spec.audience;
    const request = adSetRequest(act, {
      name: named("ad set"),
      campaignId,
      dailyBudgetCents: launch.dailyBudgetCents,
      countries: a.countries,
      ageMin: a.ageMin,
      ageMax: a.ageMax,
      gender: a.gender,
      advantageAudience: a.advantageAudience,
      pixelId: spec.pixelId ?? null,
    });
    return (await client.send<{ id: string }>(request, "creating the ad set")).id;
  });
  const images = await findImages(deps.db, launch.userId, spec.creatives.map((c) => c.imageId));
  for (const creative of spec.creatives) {
    const imageHash = await step("image", creative.placement, async () => {
      const image = images.find((i) => i.id === creative.imageId);
      const object = image ? await deps.files.get(image.r2Key) : null;
      if (!image || !object) throw new AppError("CONFLICT", `The image for ${label(creative.placement)} is no longer in your gallery. Start a new launch with another image.`);
      const bytes = new Uint8Array(await object.arrayBuffer());
      const res = await client.send<{ images: Record<string, { hash: string }> }>(adImageRequest(act, { bytesBase64: base64Of(bytes), name: image.fileName }), `uploading the ${label(creative.placement)} image`);
      const hash = Object.values(res.images ?? {})[0]?.hash;
      if (!hash) throw new AppError("UNAVAILABLE", "Meta did not answer the image's hash. Retry in a minute.");
      return hash;
    });
    for (const [index, copy] of spec.copy.entries()) {
      const variant = `${creative.placement} · copy ${index + 1}`;
      const creativeId = await step("creative", variant, async () => {
        // A creative whose answer was lost would stay in the account's library, unused.
        const lost = await made_("adcreatives", named(`creative ${variant}`));
        if (lost) return lost;
        const request = adCreativeRequest(act, {
          name: named(`creative ${variant}`),
          pageId: launch.pageId,
          imageHash,
          link: launch.destinationUrl,
          message: copy.primaryText,
          headline: copy.headline,
          description: copy.description,
          callToAction: spec.callToAction,
        });
        return (await client.send<{ id: string }>(request, `creating the creative for ${variant}`)).id;
      });
      await step(
        "ad",
        variant,
        async () =>
          (await made_("ads", named(`ad ${variant}`))) ??
          (await client.send<{ id: string }>(adRequest(act, { name: named(`ad ${variant}`), adSetId, creativeId }), `creating the ad for ${variant}`)).id,
      );
    }
  }
}

/**
 * One attempt with a use already reserved: make what is missing, commit on success (the launch
 * is paused at Meta), refund on failure (the launch is failed with the sentence naming what to fix).
 */
async function attempt(deps: LaunchDeps, row: AdLaunchRow, client: GraphClient, reservation: UsageReservation, isRetry: boolean) {
  try {
    await makeObjects(deps, row, client, isRetry);
  } catch (err) {
    await reservation.refund();
    const message = err instanceof AppError ? err.message : "Something went wrong while making the launch at Meta. Retry: it resumes where it stopped.";
    const failed = await updateLaunch(deps.db, row.userId, row.id, { state: "failed", error: message });
    return { row: failed ?? row, charged: undefined };
  }
  await reservation.commit();
  const done = await updateLaunch(deps.db, row.userId, row.id, { state: "paused", error: null, chargedAt: new Date((deps.now ?? Date.now)()).toISOString() });
  return { row: done ?? row, charged: { counter: "launchers" as const, count: 1, remaining: reservation.remaining } };
}

export async function createLaunch(deps: LaunchDeps, userId: number, body: CreateLaunchBody) {
  const { row: account, client } = await connectedClient(deps, userId);
  const productTitle = await resolveProductTitle(deps, userId, body.productRef);
  await checkImages(deps, userId, body.creatives);
  const destination = await checkDestination({ db: deps.db, devTools: deps.devTools, ...deps.destination }, body.destinationUrl);
  if (!destination.ok) throw new AppError("VALIDATION", destination.message, { details: { field: "destinationUrl", status: destination.status } });
  const spec: LaunchSpec = {
    creatives: body.creatives,
    copy: body.copy,
    callToAction: body.callToAction,
    audience: body.audience,
    pixelId: account.pixelId,
    ...(body.projectId ? { projectId: body.projectId } : {}),
  };
  // The use is reserved before anything exists, here or at Meta: at the limit, nothing is made.
  const reservation = await reserveUsage(deps.env, userId, "launchers", 1, deps.db);
  let row: AdLaunchRow;
  try {
    row = await insertLaunch(deps.db, {
      id: crypto.randomUUID(),
      userId,
      name: body.name,
      state: "launching",
      productRef: body.productRef,
      productTitle,
      destinationUrl: body.destinationUrl,
      dailyBudgetCents: body.dailyBudgetCents,
      currency: account.currency,
      adAccountId: account.adAccountId,
      pageId: account.pageId,
      isDev: account.isDev,
      spec,
    });
  } catch (err) {
    await reservation.refund();
    throw err;
  }
  const outcome = await attempt(deps, row, client, reservation, false);
  return { data: await answer(deps, outcome.row), charged: outcome.charged };
}

export async function retryLaunch(deps: LaunchDeps, userId: number, id: string) {
  const row = await ownLaunch(deps, userId, id);
  if (row.state !== "failed") throw new AppError("CONFLICT", row.state === "launching" ? "This launch is being made right now." : "Only a failed launch can be retried.");
  const { row: account, client } = await connectedClient(deps, userId);
  if (account.adAccountId !== row.adAccountId || account.isDev !== row.isDev) {
    throw new AppError("CONFLICT", `This launch was made on ad account act_${row.adAccountId}. Reconnect that account to retry it, or start a new launch.`);
  }
  if (!(await claimLaunchState(deps.db, userId, id, "failed", "launching"))) throw new AppError("CONFLICT", "This launch is being made right now.");
  let reservation: UsageReservation;
  try {
    reservation = await reserveUsage(deps.env, userId, "launchers", 1, deps.db);
  } catch (err) {
    await claimLaunchState(deps.db, userId, id, "launching", "failed");
    throw err;
  }
  const outcome = await attempt(deps, { ...row, state: "launching" }, client, reservation, true);
  return { data: await answer(deps, outcome.row), charged: outcome.charged };
}

async function clientForLaunch(deps: LaunchDeps, userId: number, row: AdLaunchRow) {
  const { row: account, client } = await connectedClient(deps, userId);
  if (account.adAccountId !== row.adAccountId || account.isDev !== row.isDev) {
    throw new AppError("CONFLICT", `This launch lives on ad account act_${row.adAccountId}. Reconnect that account to manage it.`);
  }
  return client;
}

const idsOf = (objects: AdLaunchObjectRow[], kind: AdLaunchObjectRow["kind"]) => objects.filter((o) => o.kind === kind).map((o) => o.metaId);

/** Active or paused at Meta: the campaign, the ad set and every ad. */
export async function setLaunchStatus(deps: LaunchDeps, userId: number, id: string, status: "active" | "paused"): Promise<Launch> {
  const row = await ownLaunch(deps, userId, id);
  if (row.state !== "paused" && row.state !== "active") throw new AppError("CONFLICT", row.state === "failed" ? "This launch did not reach Meta whole: retry it first." : `A ${row.state} launch cannot be ${status === "active" ? "activated" : "paused"}.`);
  const client = await clientForLaunch(deps, userId, row);
  const objects = await launchObjects(deps.db, [row.id]);
  const metaStatus = status === "active" ? "ACTIVE" : "PAUSED";
  // Pausing stops the campaign first (delivery ends at once); activating starts it last.
  const order = [...idsOf(objects, "ad"), ...idsOf(objects, "adset"), ...idsOf(objects, "campaign")];
  for (const metaId of status === "active" ? order : order.reverse()) {
    await client.send(statusRequest(metaId, metaStatus), status === "active" ? "activating the launch" : "pausing the launch");
  }
  return answer(deps, (await updateLaunch(deps.db, userId, id, { state: status, error: null }))!);
}

/** Deletes the campaign at Meta (its ad sets and ads go with it) and marks the launch deleted. */
export async function deleteLaunch(deps: LaunchDeps, userId: number, id: string): Promise<Launch> {
  const row = await ownLaunch(deps, userId, id);
  if (row.state === "deleted") return answer(deps, row);
  if (row.state === "launching") throw new AppError("CONFLICT", "This launch is being made right now; delete it once it finishes.");
  const objects = await launchObjects(deps.db, [row.id]);
  const campaigns = idsOf(objects, "campaign");
  if (campaigns.length) {
    const client = await clientForLaunch(deps, userId, row);
    for (const metaId of campaigns) await client.send(deleteRequest(metaId), "deleting the campaign");
  }
  return answer(deps, (await updateLaunch(deps.db, userId, id, { state: "deleted" }))!);
}

/** Reads the campaign's insights at Meta now and keeps them on the launch. */
export async function refreshInsights(deps: LaunchDeps, userId: number, id: string): Promise<Launch> {
  const row = await ownLaunch(deps, userId, id);
  if (row.state !== "paused" && row.state !== "active") throw new AppError("CONFLICT", "Insights exist once the launch reached Meta whole (paused or active).");
  const campaignId = idsOf(await launchObjects(deps.db, [row.id]), "campaign")[0];
  if (!campaignId) throw new AppError("CONFLICT", "This launch has no campaign at Meta.");
  const client = await clientForLaunch(deps, userId, row);
  const res = await client.send<{ data?: GraphInsightsRow[] }>(insightsRequest(campaignId), "reading the insights");
  const rows = res.data ?? [];
  const insights: LaunchInsights = {
    currency: rows[0]?.account_currency ?? row.currency,
    ...insightsFigures(rows),
    simulated: row.isDev,
    refreshedAt: new Date((deps.now ?? Date.now)()).toISOString(),
  };
  return answer(deps, (await updateLaunch(deps.db, userId, id, { insights }))!);
}
