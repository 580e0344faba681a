import type { MetaFunction } from "@remix-run/cloudflare";
import { useParams } from "@remix-run/react";
import { FlowDetailScreen } from "~/features/explorer";

/**
 * /flows/:flowId, the flow detail of the spec's route table: one Explorer product's own page.
 * An open screen like /ai-explore (ADR 005, OPEN_APP_PREFIXES lists /flows), so no protected
 * loader: a signed-out visitor gets the page's explanation and a log-in that comes back here, a
 * signed-in merchant the product (the API checks every read). The tab's title names the product
 * once it has loaded.
 */
export const meta: MetaFunction = () => [
  { title: "Product page — Explorer — Dropcraft" },
  {
    name: "description",
    content:
      "One product's winning score with its reasons, weekly orders, ads and prices, the stores selling it, and every tool started with it.",
  },
];

export default function Screen() {
  const { flowId } = useParams();
  return <FlowDetailScreen flowId={flowId} />;
}
