import { ComingSoon, comingSoonMeta } from "~/features/shell/coming-soon";

export const meta = comingSoonMeta("feedback");

export default function Screen() {
  return <ComingSoon screen="feedback" />;
}
