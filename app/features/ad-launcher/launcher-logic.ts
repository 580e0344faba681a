/**
 * The launcher screen's pure rules: the steps and what each needs before the next, the review
 * checklist, the launch body, the budget field's reading, and the money words. No React here, so
 * the rules are unit tested (tests/unit/features/ad-launcher-logic.test.ts).
 */
import {
  AD_AGE_MAX,
  AD_AGE_MIN,
  AD_COPY_LIMITS,
  AD_DAILY_BUDGET_MAX_CENTS,
  AD_DAILY_BUDGET_MIN_CENTS,
  AD_PLACEMENTS,
  copyLengthState,
  imageFitsPlacement,
  type AdCallToAction,
  type AdCopyField,
  type AdGender,
  type AdPlacementId,
} from "~/domain/ad-launcher";
import type { AdAccount, AdCopyVariant, CreateLaunchBody, LaunchProduct } from "~/domain/contracts/ad-launcher";

export const LAUNCH_STEPS = [
  { id: "account", title: "Ad account", short: "Account" },
  { id: "product", title: "Product and destination", short: "Product" },
  { id: "creatives", title: "Creatives", short: "Creatives" },
  { id: "copy", title: "Copy", short: "Copy" },
  { id: "audience", title: "Audience and budget", short: "Audience" },
  { id: "review", title: "Review and launch", short: "Review" },
] as const;
export type LaunchStepId = (typeof LAUNCH_STEPS)[number]["id"];

export interface CopyDraft extends AdCopyVariant {
  /** Left out of the launch when false (at least one must stay in). */
  included: boolean;
}

export interface LaunchDraft {
  productRef: string | null;
  destinationUrl: string;
  /** One image id per placement the merchant fills. */
  creatives: Partial<Record<AdPlacementId, string>>;
  copy: CopyDraft[];
  callToAction: AdCallToAction;
  countries: string[];
  ageMin: number;
  ageMax: number;
  gender: AdGender;
  advantageAudience: boolean;
  /** The daily budget as typed, in the account currency's major units ("25" or "25.50"). */
  dailyBudget: string;
  name: string;
}

export function emptyDraft(productRef: string | null = null): LaunchDraft {
  return {
    productRef,
    destinationUrl: "",
    creatives: {},
    copy: [],
    callToAction: "SHOP_NOW",
    countries: ["US"],
    ageMin: AD_AGE_MIN,
    ageMax: AD_AGE_MAX,
    gender: "all",
    advantageAudience: true,
    dailyBudget: "",
    name: "",
  };
}

/** What the steps know beyond the draft. */
export interface StepContext {
  account: AdAccount | null;
  product: LaunchProduct | null;
  /** The last destination check of `draft.destinationUrl`; null while none has answered. */
  destination: { url: string; ok: boolean } | null;
  /** Size of every gallery image the draft may name. */
  images: ReadonlyMap<string, { width: number; height: number }>;
}

/**
 * The daily budget field read as cents: null when it is not a plain amount with at most two
 * decimals ("25", "25.5", "25.50"; a comma as the decimal mark is read too).
 */
export function budgetCents(text: string): number | null {
  const clean = text.trim().replace(",", ".");
  if (!/^\d{1,7}(?:\.\d{1,2})?$/.test(clean)) return null;
  const [whole, fraction = ""] = clean.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** The budget field's problem in words, or null when it is a budget Meta accepts. */
export function budgetProblem(text: string, currency: string): string | null {
  if (!text.trim()) return "Set a daily budget.";
  const cents = budgetCents(text);
  if (cents === null) return "Write the budget as an amount, like 25 or 25.50.";
  if (cents < AD_DAILY_BUDGET_MIN_CENTS) return `The daily budget must be at least ${formatMoney(AD_DAILY_BUDGET_MIN_CENTS, currency)}.`;
  if (cents > AD_DAILY_BUDGET_MAX_CENTS) return `The daily budget must be at most ${formatMoney(AD_DAILY_BUDGET_MAX_CENTS, currency)}.`;
  return null;
}

export function formatMoney(cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat("en-US", { style: "currency", currency }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}

/** The copy variants that go into the launch: the included ones with every field filled. */
export function launchCopy(copy: readonly CopyDraft[]): AdCopyVariant[] {
  return copy
    .filter((v) => v.included)
    .map((v) => ({ primaryText: v.primaryText.trim(), headline: v.headline.trim(), description: v.description.trim() }));
}

const COPY_FIELDS = Object.keys(AD_COPY_LIMITS) as AdCopyField[];

/** Each problem of one copy variant: an empty field, or one over Meta's hard cap. */
export function copyVariantProblems(variant: AdCopyVariant): string[] {
  const problems: string[] = [];
  for (const field of COPY_FIELDS) {
    const text = variant[field].trim();
    const { label, max } = AD_COPY_LIMITS[field];
    if (!text) problems.push(`${label} is empty.`);
    else if (copyLengthState(field, text) === "over") problems.push(`${label} is over Meta's ${max}-character cap.`);
  }
  return problems;
}

/** Fields past Meta's recommended length (they may be cut off in some placements). */
export function copyLongFields(variant: AdCopyVariant): AdCopyField[] {
  return COPY_FIELDS.filter((field) => copyLengthState(field, variant[field].trim()) === "long");
}

/** Whether the image with this size suits the placement (the domain's rule). */
export function imageFits(placement: AdPlacementId, image: { width: number; height: number } | undefined): boolean {
  return Boolean(image && imageFitsPlacement(placement, image.width, image.height));
}

/** What stops the merchant from leaving a step, in words; empty when it is complete. */
export function stepProblems(step: LaunchStepId, draft: LaunchDraft, ctx: StepContext): string[] {
  switch (step) {
    case "account":
      if (!ctx.account) return ["Connect an ad account."];
      return ctx.account.status === "active" ? [] : [`The ad account is ${ctx.account.status} at Meta: it cannot run ads until Meta marks it active.`];
    case "product": {
      const out: string[] = [];
      if (!draft.productRef || !ctx.product) out.push("Pick a product to advertise.");
      if (!draft.destinationUrl.trim()) out.push("Pick where the ad leads.");
      else if (!ctx.destination || ctx.destination.url !== draft.destinationUrl.trim()) out.push("Check that the destination answers.");
      else if (!ctx.destination.ok) out.push("The destination does not answer: pick or fix another.");
      return out;
    }
    case "creatives": {
      const chosen = AD_PLACEMENTS.filter((p) => draft.creatives[p.id]);
      if (chosen.length === 0) return ["Pick an image for at least one placement."];
      return chosen.filter((p) => !imageFits(p.id, ctx.images.get(draft.creatives[p.id]!))).map((p) => `The image for ${p.label} does not fit that shape.`);
    }
    case "copy": {
      const included = draft.copy.filter((v) => v.included);
      if (draft.copy.length === 0) return ["Write the copy (or start from the written variants)."];
      if (included.length === 0) return ["Keep at least one copy variant."];
      return included.flatMap((v) => copyVariantProblems(v).map((p) => `Variant ${draft.copy.indexOf(v) + 1}: ${p}`));
    }
    case "audience": {
      const out: string[] = [];
      if (draft.countries.length === 0) out.push("Pick at least one country.");
      if (draft.ageMin > draft.ageMax) out.push("The youngest age must not be above the oldest.");
      const budget = budgetProblem(draft.dailyBudget, ctx.account?.currency ?? "USD");
      if (budget) out.push(budget);
      return out;
    }
    case "review":
      return draft.name.trim() ? [] : ["Name the launch."];
  }
}

/** The first step that is not complete, or "review" when all before it are. */
export function firstOpenStep(draft: LaunchDraft, ctx: StepContext): LaunchStepId {
  for (const step of LAUNCH_STEPS) if (step.id !== "review" && stepProblems(step.id, draft, ctx).length > 0) return step.id;
  return "review";
}

export interface ChecklistItem {
  id: "destination" | "images" | "copy" | "budget";
  label: string;
  ok: boolean;
  /** What is wrong, or what was checked. */
  detail: string;
}

/**
 * The review's checklist. `imageLoads` holds what each chosen image did in the preview: "loaded",
 * "failed" or absent while it loads.
 */
export function reviewChecklist(draft: LaunchDraft, ctx: StepContext, imageLoads: Readonly<Record<string, "loaded" | "failed">>): ChecklistItem[] {
  const destinationOk = Boolean(ctx.destination?.ok && ctx.destination.url === draft.destinationUrl.trim());
  const chosen = AD_PLACEMENTS.filter((p) => draft.creatives[p.id]).map((p) => ({ placement: p, id: draft.creatives[p.id]! }));
  const failed = chosen.filter((c) => imageLoads[c.id] === "failed");
  const loading = chosen.filter((c) => !imageLoads[c.id]);
  const copy = launchCopy(draft.copy);
  const copyProblems = copy.flatMap(copyVariantProblems);
  const long = copy.flatMap(copyLongFields);
  const budget = budgetProblem(draft.dailyBudget, ctx.account?.currency ?? "USD");
  return [
    {
      id: "destination",
      label: "Destination live",
      ok: destinationOk,
      detail: destinationOk ? draft.destinationUrl.trim() : "Check the destination in step 2.",
    },
    {
      id: "images",
      label: "Images load",
      ok: chosen.length > 0 && failed.length === 0 && loading.length === 0,
      detail:
        chosen.length === 0
          ? "No image picked."
          : failed.length > 0
            ? `Did not load: ${failed.map((f) => f.placement.label).join(", ")}.`
            : loading.length > 0
              ? "Loading the previews…"
              : `${chosen.length} ${chosen.length === 1 ? "image" : "images"} loaded.`,
    },
    {
      id: "copy",
      label: "Copy within limits",
      ok: copy.length > 0 && copyProblems.length === 0,
      detail:
        copy.length === 0
          ? "No copy variant kept."
          : copyProblems.length > 0
            ? copyProblems[0]
            : long.length > 0
              ? `Within Meta's caps; ${long.length} ${long.length === 1 ? "field is" : "fields are"} past the recommended length and may be cut off.`
              : `${copy.length} ${copy.length === 1 ? "variant" : "variants"} within Meta's recommended lengths.`,
    },
    {
      id: "budget",
      label: "Budget set",
      ok: budget === null,
      detail: budget ?? `${formatMoney(budgetCents(draft.dailyBudget)!, ctx.account?.currency ?? "USD")} a day.`,
    },
  ];
}

/** The body of POST /api/ad-launcher/launches from a complete draft. */
export function launchBody(draft: LaunchDraft): CreateLaunchBody {
  return {
    name: draft.name.trim(),
    productRef: draft.productRef ?? "",
    destinationUrl: draft.destinationUrl.trim(),
    creatives: AD_PLACEMENTS.filter((p) => draft.creatives[p.id]).map((p) => ({ placement: p.id, imageId: draft.creatives[p.id]! })),
    copy: launchCopy(draft.copy),
    callToAction: draft.callToAction,
    audience: {
      countries: draft.countries,
      ageMin: draft.ageMin,
      ageMax: draft.ageMax,
      gender: draft.gender,
      advantageAudience: draft.advantageAudience,
    },
    dailyBudgetCents: budgetCents(draft.dailyBudget) ?? 0,
  };
}

/** Countries offered first (large Meta ad markets), as ISO 3166 codes; any other can be typed. */
export const COMMON_COUNTRIES = [
  "US", "CA", "GB", "AU", "NZ", "IE", "DE", "FR", "NL", "BE", "AT", "CH", "ES", "IT", "PT", "SE", "NO", "DK", "FI", "PL",
  "CZ", "JP", "KR", "SG", "HK", "TW", "AE", "SA", "IL", "ZA", "BR", "MX", "AR", "CL", "CO", "IN", "PH", "MY", "TH", "ID",
] as const;

export function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(["en"], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** A ratio as Meta shows ROAS: "2.35×". */
export function formatRoas(roas: number): string {
  return `${roas.toFixed(2)}×`;
}

/** The fields a VALIDATION answer names (`details.fields`), path → message; empty for any other error. */
export function fieldErrorsOf(body: string | undefined): Record<string, string> {
  if (!body) return {};
  try {
    const fields = (JSON.parse(body) as { details?: { fields?: { path?: unknown; message?: unknown }[] } }).details?.fields ?? [];
    const out: Record<string, string> = {};
    for (const f of fields) if (typeof f.path === "string" && typeof f.message === "string" && !out[f.path]) out[f.path] = f.message;
    return out;
  } catch {
    return {};
  }
}

/** The launch id a failed launch's error names (`details.launchId`), so the screen can offer Retry. */
export function launchIdOf(body: string | undefined): string | null {
  if (!body) return null;
  try {
    const id = (JSON.parse(body) as { details?: { launchId?: unknown } }).details?.launchId;
    return typeof id === "string" ? id : null;
  } catch {
    return null;
  }
}
