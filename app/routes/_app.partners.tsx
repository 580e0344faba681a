import { ComingSoon, comingSoonMeta } from "~/components/coming-soon";

export const meta = comingSoonMeta("partners");

export default function Screen() {
  return <ComingSoon screen="partners" />;
}
