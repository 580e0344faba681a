import { ComingSoon, comingSoonMeta } from "~/features/shell/coming-soon";

export const meta = comingSoonMeta("landing");

export default function Screen() {
  return <ComingSoon screen="landing" />;
}
