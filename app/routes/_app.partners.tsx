import type { MetaFunction } from "@remix-run/cloudflare";
import { PartnersScreen } from "~/features/partners";

export const meta: MetaFunction = () => [
  { title: "Partners — Dropcraft" },
  { name: "description", content: "Apps and agencies Shopify merchants use alongside Dropcraft, by category, and how to apply to become a partner." },
];

export default function PartnersRoute() {
  return <PartnersScreen />;
}
