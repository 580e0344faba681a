/** Partner directory categories and application statuses, shared by the API and the screens (zod-free). */

export const PARTNER_CATEGORIES = [
  { id: "reviews", label: "Reviews and social proof" },
  { id: "email", label: "Email and SMS marketing" },
  { id: "shipping", label: "Shipping and fulfillment" },
  { id: "ads-agency", label: "Ads agencies" },
  { id: "design-agency", label: "Design and store-build agencies" },
] as const;
export type PartnerCategory = (typeof PARTNER_CATEGORIES)[number]["id"];
export const PARTNER_CATEGORY_IDS = PARTNER_CATEGORIES.map((c) => c.id) as [PartnerCategory, ...PartnerCategory[]];

export const PARTNER_APPLICATION_STATUSES = ["new", "approved", "rejected"] as const;
