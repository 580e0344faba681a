import type { MetaFunction } from "@remix-run/cloudflare";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { TutorialsScreen } from "~/features/tutorials";

// An open screen (ADR 005, OPEN_APP_PREFIXES): signed-out visitors see the tutorials; progress needs an account.
export const meta: MetaFunction = () => [
  { title: "Tutorials — Dropcraft" },
  {
    name: "description",
    content:
      "Guided tutorials: find a winning product, build and publish a drop page, export to Shopify, make a visual, set up a project and ask the chat. Steps tick themselves as you do them.",
  },
];

/** The open tutorial lives in the query string: switching asks the server nothing. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;

export default function Screen() {
  return <TutorialsScreen />;
}
