import { ComingSoon, comingSoonMeta } from "~/features/shell/coming-soon";

export const meta = comingSoonMeta("affiliate");

export default function Screen() {
  return <ComingSoon screen="affiliate" />;
}
