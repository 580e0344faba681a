import { ComingSoon, comingSoonMeta } from "~/components/coming-soon";

export const meta = comingSoonMeta("mobile");

export default function Screen() {
  return <ComingSoon screen="mobile" />;
}
