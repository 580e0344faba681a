import { ComingSoon, comingSoonMeta } from "~/components/coming-soon";

export const meta = comingSoonMeta("paymentSuccess");

export default function Screen() {
  return <ComingSoon screen="paymentSuccess" />;
}
