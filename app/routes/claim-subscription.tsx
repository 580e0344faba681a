import { ComingSoon, comingSoonMeta } from "~/components/coming-soon";

export const meta = comingSoonMeta("claimSubscription");

export default function Screen() {
  return <ComingSoon screen="claimSubscription" />;
}
