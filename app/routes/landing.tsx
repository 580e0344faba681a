import { ComingSoon, comingSoonMeta } from "~/features/shell";

export const meta = comingSoonMeta("landing");

export default function Screen() {
  return <ComingSoon screen="landing" />;
}
