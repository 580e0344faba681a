import { ComingSoon, comingSoonMeta } from "~/features/shell/coming-soon";

export const meta = comingSoonMeta("explorer");

export default function Screen() {
  return <ComingSoon screen="explorer" />;
}
