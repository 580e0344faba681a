import { ComingSoon, comingSoonMeta } from "~/features/shell";

export const meta = comingSoonMeta("feedback");

export default function Screen() {
  return <ComingSoon screen="feedback" />;
}
