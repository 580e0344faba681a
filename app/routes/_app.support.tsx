import { ComingSoon, comingSoonMeta } from "~/features/shell/coming-soon";

export const meta = comingSoonMeta("support");

export default function Screen() {
  return <ComingSoon screen="support" />;
}
