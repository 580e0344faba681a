import type { MetaFunction } from "@remix-run/cloudflare";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { PageBuilderScreen } from "~/features/page-builder";
import { protectedLoader } from "~/server/remix/guards.server";

export const loader = protectedLoader;
export const meta: MetaFunction = () => [
  { title: "AI Page Builder — Dropcraft" },
  {
    name: "description",
    content:
      "Turn a product link into a store page: correct what was read, write it with AI, preview it on desktop and phone, publish it or export it to Shopify.",
  },
];

/** The open page lives in the query string: switching pages asks the loader nothing. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;

export default function Screen() {
  return <PageBuilderScreen />;
}
