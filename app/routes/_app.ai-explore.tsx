import type { MetaFunction } from "@remix-run/cloudflare";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { ExplorerScreen } from "~/features/explorer";

// An open screen (ADR 005, OPEN_APP_PREFIXES): signed-out visitors see what it does; the API checks every read.
export const meta: MetaFunction = () => [
  { title: "Explorer: winning products — Dropcraft" },
  {
    name: "description",
    content:
      "Catalog products ranked by a winning score that shows its reasons: filter, compare, open a product and save the ones to test.",
  },
];

/** Filters, sort, page and the open product live in the query string: changing them asks the server nothing. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;

export default function Screen() {
  return <ExplorerScreen />;
}
