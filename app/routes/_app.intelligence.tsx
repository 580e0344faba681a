import type { MetaFunction } from "@remix-run/cloudflare";
import { IntelligenceDashboard } from "~/features/intelligence";
import { protectedLoader } from "~/server/remix/guards.server";

export const loader = protectedLoader;
export const meta: MetaFunction = () => [
  { title: "Marketing intelligence — Dropcraft" },
  { name: "description", content: "Ad activity by platform and niche, top angles and hooks, rising and falling niches and engagement, with the ads behind every chart." },
];

export default function Screen() {
  return <IntelligenceDashboard />;
}
