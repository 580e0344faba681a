import { ComingSoon, comingSoonMeta } from "~/components/coming-soon";

export const meta = comingSoonMeta("paymentReceipt");

export default function Screen() {
  return <ComingSoon screen="paymentReceipt" />;
}
