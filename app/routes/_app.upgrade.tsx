import type { MetaFunction } from "@remix-run/cloudflare";
import { UpgradeScreen } from "~/features/billing";

export const meta: MetaFunction = () => [
  { title: "Plans & billing — Dropcraft" },
  {
    name: "description",
    content:
      "Compare the Free and Growth plans, switch between monthly and yearly billing, and upgrade your Dropcraft workspace.",
  },
];

export default function UpgradeRoute() {
  return <UpgradeScreen />;
}
