import { ComingSoon, comingSoonMeta } from "~/components/coming-soon";

export const meta = comingSoonMeta("support");

export default function Screen() {
  return <ComingSoon screen="support" />;
}
