import { ComingSoon, comingSoonMeta } from "~/components/coming-soon";

export const meta = comingSoonMeta("usage");

export default function Screen() {
  return <ComingSoon screen="usage" />;
}
