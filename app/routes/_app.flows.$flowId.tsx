import { ComingSoon, comingSoonMeta } from "~/components/coming-soon";

export const meta = comingSoonMeta("flow");

export default function Screen() {
  return <ComingSoon screen="flow" />;
}
