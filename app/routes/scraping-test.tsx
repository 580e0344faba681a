import { ComingSoon, comingSoonMeta } from "~/components/coming-soon";

export const meta = comingSoonMeta("scrapingTest");

export default function Screen() {
  return <ComingSoon screen="scrapingTest" />;
}
