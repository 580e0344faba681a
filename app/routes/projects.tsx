import { ComingSoon, comingSoonMeta } from "~/components/coming-soon";

export const meta = comingSoonMeta("workflows");

export default function Screen() {
  return <ComingSoon screen="workflows" />;
}
