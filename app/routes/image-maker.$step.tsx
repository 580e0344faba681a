import { ComingSoon, comingSoonMeta } from "~/components/coming-soon";

export const meta = comingSoonMeta("imageGeneration");

export default function Screen() {
  return <ComingSoon screen="imageGeneration" />;
}
