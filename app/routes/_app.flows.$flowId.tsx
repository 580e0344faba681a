import { ComingSoon, comingSoonMeta } from "~/features/shell/coming-soon";

export const meta = comingSoonMeta("flow");

export default function Screen() {
  return <ComingSoon screen="flow" />;
}
