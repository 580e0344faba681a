import { ComingSoon, comingSoonMeta } from "~/components/coming-soon";

export const meta = comingSoonMeta("affiliate");

export default function Screen() {
  return <ComingSoon screen="affiliate" />;
}
