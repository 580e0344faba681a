import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { publicUrl } from "~/server/remix/root.server";
import { LANDING_META } from "./_index";
export { landingStylesheetLinks as links } from "~/stylesheets";

/**
 * /landing: a public path the spec lists without showing its screen. It serves the landing page
 * of "/" (the same module: render delay, signed-in redirect, error fallback), and its canonical
 * link names "/" as the one address search engines should index. The route reaches nothing the
 * landing does not (tests/unit/architecture/public-bundle.test.ts bundles it).
 */
export { default, ErrorBoundary } from "./_index";

export const loader = ({ context, request }: LoaderFunctionArgs) => ({
  canonical: publicUrl(context, request, "/"),
});

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  ...LANDING_META,
  ...(data ? [{ tagName: "link", rel: "canonical", href: data.canonical }] : []),
];
