import { Link } from "@remix-run/react";
import { Plus } from "lucide-react";
import type { ReactNode } from "react";
import {
  FREE_PLAN_LIMITS,
  GROWTH_MONTHLY_QUOTAS,
  GROWTH_PRICES,
  formatPrice,
  yearlySavingPercent,
} from "~/domain/pricing";

interface FaqItem {
  question: string;
  answer: ReactNode;
}

export const PRICING_FAQ: readonly FaqItem[] = [
  {
    question: "Do I need a credit card to start?",
    answer: (
      <>
        No. The Free plan needs only an email address, has no time limit and includes {FREE_PLAN_LIMITS.queriesPerDay}{" "}
        AI research queries a day. You add a card only when you upgrade to Growth.
      </>
    ),
  },
  {
    question: "What happens when I reach a Free plan limit?",
    answer: (
      <>
        Dropcraft tells you and the counter resets the next day; nothing is charged automatically. Marketing visuals,
        image downloads, AI page generations and store exports need Growth.
      </>
    ),
  },
  {
    question: "How do monthly and yearly billing differ?",
    answer: (
      <>
        Same Growth plan, two ways to pay: {formatPrice(GROWTH_PRICES.monthly)} every month, or{" "}
        {formatPrice(GROWTH_PRICES.yearly)} once a year, which saves {yearlySavingPercent()}% against twelve monthly
        payments. Page generations and exports ({GROWTH_MONTHLY_QUOTAS.pageGenerations} and{" "}
        {GROWTH_MONTHLY_QUOTAS.pageExports} a month) are the same on both.
      </>
    ),
  },
  {
    question: "Can I cancel any time?",
    answer: (
      <>
        Yes. Cancel in the billing customer portal in a couple of clicks. You keep Growth until the end of the period
        you paid for, then your account moves to Free with all your chats and projects intact.
      </>
    ),
  },
  {
    question: "Do you offer refunds?",
    answer: (
      <>
        Your first yearly purchase has a 14-day money-back guarantee, no questions asked. Monthly payments are not
        refunded for part of a month. The details are in our <Link to="/refund-policy">Refund Policy</Link>.
      </>
    ),
  },
  {
    question: "Is my payment secure?",
    answer: (
      <>
        Payments are processed by Stripe. Your card details go straight to Stripe; Dropcraft never sees or stores your
        card number.
      </>
    ),
  },
  {
    question: "Which store platforms can I export to?",
    answer: (
      <>
        Pages export to Shopify, and you can always download a page as a Shopify product CSV or a standalone HTML file
        to use anywhere.
      </>
    ),
  },
];

export function PricingFaq({ items = PRICING_FAQ }: { items?: readonly FaqItem[] }) {
  return (
    <div className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface">
      {items.map((item) => (
        <details key={item.question} className="group">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 text-left font-medium text-fg transition-colors hover:bg-surface-2 sm:px-6 [&::-webkit-details-marker]:hidden">
            {item.question}
            <Plus
              className="size-5 shrink-0 text-muted transition-transform duration-200 group-open:rotate-45"
              aria-hidden
            />
          </summary>
          <div className="px-5 pb-5 text-[15px] leading-7 text-muted sm:px-6 [&_a]:font-medium [&_a]:text-brand [&_a]:underline [&_a]:underline-offset-2">
            {item.answer}
          </div>
        </details>
      ))}
    </div>
  );
}
