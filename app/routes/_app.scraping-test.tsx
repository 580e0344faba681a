import type { MetaFunction } from "@remix-run/cloudflare";
import { ScrapingTestScreen } from "~/features/url-inspection";
import { protectedLoader } from "~/server/remix/guards.server";

export const loader = protectedLoader;
export const meta: MetaFunction = () => [
  { title: "Scraping Test — Dropcraft" },
  { name: "description", content: "Check how Dropcraft reads a product page: the URL guard's decision and every field the product reader finds, with its source." },
];

export default function Screen() {
  return <ScrapingTestScreen />;
}
