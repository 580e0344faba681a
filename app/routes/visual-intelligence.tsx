import { ComingSoon, comingSoonMeta } from "~/components/coming-soon";

export const meta = comingSoonMeta("visualIntelligence");

export default function Screen() {
  return <ComingSoon screen="visualIntelligence" />;
}
