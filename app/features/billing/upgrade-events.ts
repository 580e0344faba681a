/**
 * The upgrade modal's window event (spec section 2, "Upgrade modal") and the free-plan gates
 * (section 6). Plain functions: any button, hook or request handler can call them.
 */
import { COUNTERS, isUsageCounter, leftPhrase } from "~/domain/counters";
import { HttpError } from "~/lib/http";
import { getKnownSubscription, isFreeStatus } from "~/features/account";

export const UPGRADE_MODAL_EVENT = "show-upgrade-modal";

export type UpgradeFeature = "export" | "download" | "generate";
export const UPGRADE_FEATURES: readonly UpgradeFeature[] = ["export", "download", "generate"];

export interface UpgradeModalDetail {
  feature?: UpgradeFeature;
  title?: string;
  message?: string;
  /** What ran out, e.g. "0 queries left today"; empty: the feature's own 'Limit reached' line. */
  limitLabel?: string;
}

export const UPGRADE_MODAL_DEFAULTS: Readonly<Required<UpgradeModalDetail>> = Object.freeze({
  feature: "export",
  title: "Upgrade Required",
  message: "This feature is only available to premium users.",
  limitLabel: "",
});

/** Fills in the defaults; unknown features and blank texts fall back too. */
export function resolveUpgradeDetail(detail: unknown): Required<UpgradeModalDetail> {
  const d = (typeof detail === "object" && detail !== null ? detail : {}) as Record<string, unknown>;
  const text = (value: unknown, fallback: string) => (typeof value === "string" && value.trim() ? value : fallback);
  return {
    feature: UPGRADE_FEATURES.includes(d.feature as UpgradeFeature)
      ? (d.feature as UpgradeFeature)
      : UPGRADE_MODAL_DEFAULTS.feature,
    title: text(d.title, UPGRADE_MODAL_DEFAULTS.title),
    message: text(d.message, UPGRADE_MODAL_DEFAULTS.message),
    limitLabel: text(d.limitLabel, UPGRADE_MODAL_DEFAULTS.limitLabel),
  };
}

/** Opens the upgrade modal (mounted once in the app shell) by dispatching its window event. */
export function openUpgradeModal(detail: UpgradeModalDetail = {}) {
  if (typeof window === "undefined") return;
  window.dispatchEvent(new CustomEvent<UpgradeModalDetail>(UPGRADE_MODAL_EVENT, { detail }));
}

/** True for the server's "you used your allowance" answer: 429 with type USAGE_LIMIT. */
/** What an API refusal's `details` say (the upgrade modal's feature, the counter, a conflict's revision…). */
export interface RefusalDetails {
  feature?: string;
  upgrade?: boolean;
  counter?: string;
  revision?: number;
  fields?: { path: string; message: string }[];
  missing?: string[];
}

export function refusalDetails(err: unknown): RefusalDetails {
  if (!(err instanceof HttpError)) return {};
  try {
    const details = (JSON.parse(err.body) as { details?: unknown }).details;
    return typeof details === "object" && details !== null ? (details as RefusalDetails) : {};
  } catch {
    return {};
  }
}

/** The server's FORBIDDEN answer for a paid action on the free plan (details.upgrade true). */
export function isUpgradeRefusal(err: unknown): err is HttpError {
  return err instanceof HttpError && err.status === 403 && err.type === "FORBIDDEN" && refusalDetails(err).upgrade === true;
}

export function isUsageLimitError(err: unknown): err is HttpError {
  return err instanceof HttpError && err.status === 429 && err.type === "USAGE_LIMIT";
}

/**
 * For request callers: a usage-limit answer opens the upgrade modal for "generate" with the
 * server's message and returns true (handled); anything else returns false.
 */
export function handleUsageLimitError(err: unknown): boolean {
  if (!isUsageLimitError(err)) return false;
  const counter = counterOf(err.body);
  const known = isUsageCounter(counter) ? counter : undefined;
  openUpgradeModal({
    feature: "generate",
    title: known ? COUNTERS[known].limitTitle : "Limit reached",
    message: err.serverMessage,
    limitLabel: known ? leftPhrase(known, 0) : undefined,
  });
  return true;
}

/** Which allowance ran out, from the error body's details (absent on older answers). */
function counterOf(body: string): string | undefined {
  try {
    const counter = (JSON.parse(body) as { details?: { counter?: unknown } }).details?.counter;
    return typeof counter === "string" ? counter : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The free-plan gate for export, download and generate buttons: true for paid users; otherwise
 * the upgrade modal opens for that feature and the caller stops (false).
 */
export function requirePremium(feature: UpgradeFeature, detail: Omit<UpgradeModalDetail, "feature"> = {}): boolean {
  const status = getKnownSubscription();
  if (status && !isFreeStatus(status)) return true;
  openUpgradeModal({ ...detail, feature });
  return false;
}
