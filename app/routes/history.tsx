import { ComingSoon, comingSoonMeta } from "~/components/coming-soon";

export const meta = comingSoonMeta("history");

export default function Screen() {
  return <ComingSoon screen="history" />;
}
