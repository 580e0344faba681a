export { BillingToggle } from "./billing-toggle";
export { ComparisonTable } from "./comparison-table";
export { FreePlanCard, GrowthPlanCard, type PricingVariant } from "./plan-card";
export { PRICING_FAQ, PricingFaq } from "./pricing-faq";
export { PricingPlans, type PricingPlansProps } from "./pricing-plans";
