/** The program's terms, steps and FAQ as shown on /invite-earn and /affiliate: every figure comes from AFFILIATE_TERMS. */
import { Banknote, CalendarClock, Cookie, Hourglass, Link2, Percent, UserPlus, Wallet } from "lucide-react";
import { AFFILIATE_TERMS, formatCents } from "~/domain/affiliate";

const T = AFFILIATE_TERMS;
const threshold = formatCents(T.payoutThresholdCents).replace(".00", "");

export const TERMS_ROWS = [
  { icon: Percent, label: "Commission", value: `${T.commissionPercent}% of every payment`, detail: "Of what your referred customer actually pays us, after discounts." },
  { icon: CalendarClock, label: "Duration", value: `${T.durationMonths} months`, detail: "From the day your referred customer signs up; renewals in that time count." },
  { icon: Cookie, label: "Cookie window", value: `${T.cookieDays} days`, detail: "They can sign up any time within this after their first visit through your link." },
  { icon: Hourglass, label: "Approval hold", value: `${T.holdDays} days`, detail: "Each commission waits this long after the payment, so a refund can reverse it." },
  { icon: Wallet, label: "Payout threshold", value: threshold, detail: `Approved commissions are paid ${T.payoutSchedule} once they reach it.` },
  { icon: Banknote, label: "Payout method", value: "PayPal or bank transfer", detail: `${T.payoutMethod.charAt(0).toUpperCase()}${T.payoutMethod.slice(1)}.` },
] as const;

export const STEPS = [
  { icon: UserPlus, title: "Get your link", body: "Create a free Dropcraft account. Your personal referral link is waiting on this page." },
  { icon: Link2, title: "Share it", body: `Send it to merchants, post it in your community or your content. A visit through it is remembered for ${T.cookieDays} days.` },
  {
    icon: Banknote,
    title: "Earn on their payments",
    body: `When someone you referred pays for a plan, you earn ${T.commissionPercent}% of each payment for ${T.durationMonths} months. After the ${T.holdDays}-day hold it is approved and paid out.`,
  },
] as const;

export const FAQ = [
  {
    q: "When and how do I get paid?",
    a: `A commission is pending for ${T.holdDays} days after the payment it comes from. Our team then approves it, and approved commissions are paid ${T.payoutSchedule} once they add up to at least ${threshold}, by ${T.payoutMethod}. Each payout appears in your payout history here.`,
  },
  {
    q: "How long does a referral last?",
    a: `Your link sets a first-party cookie for ${T.cookieDays} days from the visitor's first visit. If they sign up in that window, the signup is yours, and their payments earn you commission for ${T.durationMonths} months from that signup. If a visitor already arrived through another member's link inside its window, that first link keeps them.`,
  },
  {
    q: "Can I refer myself or my own other accounts?",
    a: "No. Signups from your own account, from your own mailbox under another spelling (such as a +tag or, on Gmail, dots), or from the address you sign in from are not credited. Each account can be referred only once, and one mailbox only once.",
  },
  {
    q: "What happens if a customer is refunded or disputes a payment?",
    a: "A full refund or a chargeback reverses the commission on that payment. A partial refund reduces it in proportion. If the commission was already paid out, the difference is taken off your next payout.",
  },
  {
    q: "What counts as a paying customer?",
    a: "A customer you referred who has paid at least once, with that commission not reversed. Sign-ups on the free plan count as sign-ups but earn nothing until they pay.",
  },
] as const;
