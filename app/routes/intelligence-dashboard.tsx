import { ComingSoon, comingSoonMeta } from "~/components/coming-soon";

export const meta = comingSoonMeta("intelligence");

export default function Screen() {
  return <ComingSoon screen="intelligence" />;
}
