import type { MetaFunction } from "@remix-run/cloudflare";
import { ExplorerScreen } from "~/features/explorer";
import { protectedLoader } from "~/server/remix/guards.server";

export const loader = protectedLoader;
export const meta: MetaFunction = () => [
  { title: "Explorer: winning products — Dropcraft" },
  { name: "description", content: "Catalog products ranked by a winning score that shows its reasons: filter, compare, open a product and save the ones to test." },
];

export default function Screen() {
  return <ExplorerScreen />;
}
