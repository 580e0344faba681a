import { ComingSoon, comingSoonMeta } from "~/components/coming-soon";

export const meta = comingSoonMeta("competitorResearch");

export default function Screen() {
  return <ComingSoon screen="competitorResearch" />;
}
