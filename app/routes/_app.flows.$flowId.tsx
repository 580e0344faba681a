import { ComingSoon, comingSoonMeta } from "~/features/shell";

export const meta = comingSoonMeta("flow");

export default function Screen() {
  return <ComingSoon screen="flow" />;
}
