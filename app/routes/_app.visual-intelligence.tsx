import type { MetaFunction } from "@remix-run/cloudflare";
import { VisualIntelligenceScreen } from "~/features/intelligence";
import { protectedLoader } from "~/server/remix/guards.server";

export const loader = protectedLoader;
export const meta: MetaFunction = () => [
  { title: "Visual intelligence — Dropcraft" },
  { name: "description", content: "Ad creatives by format, length, angle and visual style, how each engages, with the best examples." },
];

export default function Screen() {
  return <VisualIntelligenceScreen />;
}
