import { ComingSoon, comingSoonMeta } from "~/features/shell";

export const meta = comingSoonMeta("mobile");

export default function Screen() {
  return <ComingSoon screen="mobile" />;
}
