import { ComingSoon, comingSoonMeta } from "~/components/coming-soon";

export const meta = comingSoonMeta("explorer");

export default function Screen() {
  return <ComingSoon screen="explorer" />;
}
