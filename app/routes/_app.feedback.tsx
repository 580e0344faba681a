import { ComingSoon, comingSoonMeta } from "~/components/coming-soon";

export const meta = comingSoonMeta("feedback");

export default function Screen() {
  return <ComingSoon screen="feedback" />;
}
