import { ComingSoon, comingSoonMeta } from "~/components/coming-soon";

export const meta = comingSoonMeta("paymentCancel");

export default function Screen() {
  return <ComingSoon screen="paymentCancel" />;
}
