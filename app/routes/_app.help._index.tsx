import type { MetaFunction } from "@remix-run/cloudflare";
import { HelpHomeScreen } from "~/features/help";

export const meta: MetaFunction = () => [
  { title: "Help Center — Dropcraft" },
  { name: "description", content: "Guides to every part of Dropcraft: getting started, chat and research, projects, winning products, the page builder and Shopify export, images, billing and your account." },
];

export default function Screen() {
  return <HelpHomeScreen />;
}
