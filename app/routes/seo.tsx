import { ComingSoon, comingSoonMeta } from "~/components/coming-soon";

export const meta = comingSoonMeta("seo");

export default function Screen() {
  return <ComingSoon screen="seo" />;
}
