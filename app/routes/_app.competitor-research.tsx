import type { MetaFunction } from "@remix-run/cloudflare";
import { CompetitorResearchScreen } from "~/features/competitors";
import { protectedLoader } from "~/server/remix/guards.server";

export const loader = protectedLoader;
export const meta: MetaFunction = () => [
  { title: "Competitor Research — Dropcraft" },
  { name: "description", content: "Track competitor stores: catalogue, price bands, best sellers, and what they add, remove and reprice over time." },
];

export default function Screen() {
  return <CompetitorResearchScreen />;
}
