import type { MetaFunction } from "@remix-run/cloudflare";
import { DropPagesScreen } from "~/features/drop-pages";
import { protectedLoader } from "~/server/remix/guards.server";

export const loader = protectedLoader;
export const meta: MetaFunction = () => [
  { title: "Drop pages — Dropcraft" },
  {
    name: "description",
    content:
      "Your product pages: publish them at their own address, see views and buy clicks, and export them to your Shopify store.",
  },
];

export default function Screen() {
  return <DropPagesScreen />;
}
