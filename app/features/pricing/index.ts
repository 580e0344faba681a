/** The pricing feature's public face: routes and other features import only what is listed here. */
export { BillingToggle } from "./billing-toggle";
export { ComparisonTable } from "./comparison-table";
export { FreePlanCard, GrowthPlanCard, type PricingVariant } from "./plan-card";
export { PRICING_FAQ, PricingFaq } from "./pricing-faq";
export { PricingPlans, type PricingPlansProps } from "./pricing-plans";
