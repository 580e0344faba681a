import type { MetaFunction } from "@remix-run/cloudflare";
import { MarketAnalysisScreen } from "~/features/market-reports";
import { protectedLoader } from "~/server/remix/guards.server";

export const loader = protectedLoader;
export const meta: MetaFunction = () => [
  { title: "Deep market analysis — Dropcraft" },
  { name: "description", content: "A long report on a niche or a product from the catalog's records: demand, competition, margins, audience, ad angles, risks and a 30-day launch plan." },
];

export default function Screen() {
  return <MarketAnalysisScreen />;
}
