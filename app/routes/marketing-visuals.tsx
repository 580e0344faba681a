import { ComingSoon, comingSoonMeta } from "~/components/coming-soon";

export const meta = comingSoonMeta("marketingVisuals");

export default function Screen() {
  return <ComingSoon screen="marketingVisuals" />;
}
