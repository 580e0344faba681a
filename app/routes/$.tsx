import type { MetaFunction } from "@remix-run/cloudflare";
import { NotFoundScreen } from "~/features/shell";
export { appStylesheetLinks as links } from "~/stylesheets";

export const meta: MetaFunction = () => [{ title: "Page not found — Dropcraft" }];

// Unknown paths answer HTTP 404 and render the not-found screen.
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return <NotFoundScreen />;
}
