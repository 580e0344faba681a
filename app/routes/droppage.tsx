import { ComingSoon, comingSoonMeta } from "~/components/coming-soon";

export const meta = comingSoonMeta("dropPage");

export default function Screen() {
  return <ComingSoon screen="dropPage" />;
}
