import { ComingSoon, comingSoonMeta } from "~/features/shell";

export const meta = comingSoonMeta("partners");

export default function Screen() {
  return <ComingSoon screen="partners" />;
}
