import type { MetaFunction } from "@remix-run/cloudflare";
import { MarketingVisualsScreen } from "~/features/image-maker";
import { protectedLoader } from "~/server/remix/guards.server";

export const loader = protectedLoader;
export const meta: MetaFunction = () => [
  { title: "Marketing visuals — Dropcraft" },
  {
    name: "description",
    content: "Ad creatives for Instagram, Facebook, TikTok and Pinterest from one design, with each platform's safe zones shown.",
  },
];

export default function Screen() {
  return <MarketingVisualsScreen />;
}
