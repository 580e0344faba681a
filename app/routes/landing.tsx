import { ComingSoon, comingSoonMeta } from "~/components/coming-soon";

export const meta = comingSoonMeta("landing");

export default function Screen() {
  return <ComingSoon screen="landing" />;
}
