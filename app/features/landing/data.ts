/**
 * Static marketing data for the public landing page (spec section 3, "Static marketing data").
 * The sample orders and testimonials are labelled as samples where they are shown; figures about
 * Dropcraft itself come from app/domain/product-facts.ts, never from here.
 */
import { CATALOG_REFRESHES_PER_DAY } from "~/domain/product-facts";
import { PLANS } from "~/domain/plans";

export { TESTIMONIALS, type CompanyLogoId, type Testimonial } from "~/domain/testimonials";

export interface SampleSale {
  product: string;
  amount: string;
  time: string;
}

export interface FaqItem {
  question: string;
  answer: string;
}


/** The fake live-sales feed: clearly labelled "Sample orders" where it is shown. */
export const SAMPLE_SALES: SampleSale[] = [
  { product: "Posture Corrector Pro", amount: "$89.97", time: "2 min ago" },
  { product: "Magnetic Phone Mount", amount: "$34.99", time: "4 min ago" },
  { product: "LED Sunset Lamp", amount: "$59.98", time: "6 min ago" },
  { product: "Portable Blender", amount: "$42.50", time: "9 min ago" },
  { product: "Pet Hair Remover Roller", amount: "$27.99", time: "11 min ago" },
  { product: "Ergonomic Desk Cushion", amount: "$74.95", time: "14 min ago" },
  { product: "Smart Water Bottle", amount: "$38.00", time: "17 min ago" },
  { product: "Heated Eye Massager", amount: "$119.90", time: "21 min ago" },
];

export const FAQS: FaqItem[] = [
  {
    question: "Is there really a free plan?",
    answer:
      "Yes. You can start 100% free with no credit card required. The free plan includes daily AI queries and access to the core tools, so you can research a niche and build your first page before paying anything.",
  },
  {
    question: "What does the Growth plan cost?",
    answer:
      `Growth is $49 per month, or $449 per year (about $37 per month, a 24% saving on the $588 full yearly price). It gives you ${PLANS.pro.features.queriesPerDay.toLocaleString("en-US")} queries a day, advanced image generation, AI automation tools, 10 page exports and 10 AI page generations per month.`,
  },
  {
    question: "Do I need a credit card to sign up?",
    answer:
      "No credit card required. Create an account with your email, verify it, and you can start using Dropcraft right away. You only add payment details if you decide to upgrade.",
  },
  {
    question: "Can I cancel anytime?",
    answer:
      "Yes. Paid plans are month-to-month or yearly with no lock-in. Cancel from your account settings whenever you like and you keep access until the end of the period you paid for.",
  },
  {
    question: "Which stores does Dropcraft support?",
    answer:
      "Pages built with the AI Page Builder export directly to Shopify. You can also download any page as CSV or clean HTML and use it with any other store platform or site builder.",
  },
  {
    question: "How does the AI work?",
    answer:
      `Dropcraft combines large language models with a product and ad library that is refreshed ${CATALOG_REFRESHES_PER_DAY} times a day. It scores product ideas for likely success, writes your store copy, generates visuals and prepares ad campaigns, and you review everything before it goes live.`,
  },
  {
    question: "Is my data safe?",
    answer:
      "Your projects, knowledge-base files and chats are private to your account, and every connection to Dropcraft is encrypted over HTTPS. Our Privacy Policy and Security Policy explain exactly what we store and how it is protected.",
  },
  {
    question: "Do I need design or coding skills?",
    answer:
      "Not at all. Paste a product URL or describe your idea and Dropcraft builds the page, the copy and the ad creatives for you. Everything stays editable if you want to fine-tune it.",
  },
];
