import type { MetaFunction } from "@remix-run/cloudflare";
import { SeoScreen } from "~/features/seo";
import { protectedLoader } from "~/server/remix/guards.server";

export const loader = protectedLoader;
export const meta: MetaFunction = () => [
  { title: "SEO — Dropcraft" },
  {
    name: "description",
    content:
      "An SEO audit of each of your pages, with a score, what each check found and why it matters, and one-click fixes.",
  },
];

export default function Screen() {
  return <SeoScreen />;
}
