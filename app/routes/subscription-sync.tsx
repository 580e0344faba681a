import { ComingSoon, comingSoonMeta } from "~/components/coming-soon";

export const meta = comingSoonMeta("subscriptionSync");

export default function Screen() {
  return <ComingSoon screen="subscriptionSync" />;
}
