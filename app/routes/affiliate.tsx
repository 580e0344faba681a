import { ComingSoon, comingSoonMeta } from "~/features/shell";

export const meta = comingSoonMeta("affiliate");

export default function Screen() {
  return <ComingSoon screen="affiliate" />;
}
