import type { MetaFunction } from "@remix-run/cloudflare";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { CanonicalDemoScreen } from "~/features/canonical-demo";

// An open screen (ADR 005, OPEN_APP_PREFIXES): the demo runs on sample data and needs no account.
export const meta: MetaFunction = () => [
  { title: "How a project’s canon is decided — Dropcraft" },
  {
    name: "description",
    content:
      "A five-step walkthrough on a sample project: facts derived from instructions, a research import, your own edit and a delete, each decided by the canon's merge rules.",
  },
];

/** The step lives in the query string: moving between steps asks the loader nothing. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;

export default function Screen() {
  return <CanonicalDemoScreen />;
}
