import { ComingSoon, comingSoonMeta } from "~/features/shell/coming-soon";

export const meta = comingSoonMeta("mobile");

export default function Screen() {
  return <ComingSoon screen="mobile" />;
}
