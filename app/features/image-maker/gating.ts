/**
 * Paid actions of the Image Maker and marketing visuals: the upgrade modal's words, and what a
 * refused request means (FORBIDDEN with details.upgrade: the plan; 429 USAGE_LIMIT: the day's
 * allowance), the same way the page builder handles its Generate.
 */
import { COUNTERS, isUsageCounter, leftPhrase } from "~/domain/counters";
import { isUpgradeRefusal, openUpgradeModal, refusalDetails as detailsOf, type UpgradeFeature } from "~/features/billing";
import { HttpError } from "~/lib/http";

type Feature = Extract<UpgradeFeature, "generate" | "download">;

export const UPGRADE_COPY: Record<"images" | "visuals", Record<Feature, { title: string; message: string }>> = {
  images: {
    generate: {
      title: "Make product images",
      message:
        "Growth and Elite plans render your product images in every platform size: 100 images a day on Growth, 500 on Elite. On Free you can set up the design and see previews.",
    },
    download: {
      title: "Download your images",
      message: "Growth and Elite plans download the full-size PNGs (one by one or as a zip), without the preview watermark.",
    },
  },
  visuals: {
    generate: {
      title: "Make marketing visuals",
      message:
        "Growth and Elite plans make ad creatives for Instagram, Facebook, TikTok and Pinterest in one go: 50 visuals a day on Growth, 200 on Elite. On Free the previews work.",
    },
    download: {
      title: "Download your visuals",
      message: "Growth and Elite plans download the full-size PNGs, ready to post.",
    },
  },
};

export { refusalDetails as detailsOf, isUpgradeRefusal } from "~/features/billing";
/** Opens the upgrade modal before a paid action on the free plan. */
export function askToUpgrade(feature: Feature, area: "images" | "visuals") {
  openUpgradeModal({ feature, ...UPGRADE_COPY[area][feature] });
}

/** A refusal of a paid action opens the upgrade modal with the server's words; answers whether it did. */
export function openModalFor(err: unknown, feature: Feature, area: "images" | "visuals"): boolean {
  if (isUpgradeRefusal(err)) {
    const named = detailsOf(err).feature;
    const f: Feature = named === "download" || named === "generate" ? named : feature;
    openUpgradeModal({ feature: f, title: UPGRADE_COPY[area][f].title, message: (err as HttpError).serverMessage ?? UPGRADE_COPY[area][f].message });
    return true;
  }
  if (err instanceof HttpError && err.status === 429 && err.type === "USAGE_LIMIT") {
    const counter = detailsOf(err).counter;
    const known = isUsageCounter(counter) ? counter : area === "images" ? "images" : "marketingVisuals";
    openUpgradeModal({ feature, title: COUNTERS[known].limitTitle, message: err.serverMessage, limitLabel: leftPhrase(known, 0) });
    return true;
  }
  return false;
}
