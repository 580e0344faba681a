import type { MetaFunction } from "@remix-run/cloudflare";
import { IntelligenceDashboard } from "~/features/intelligence";

// Open to signed-out visitors (OPEN_APP_PREFIXES, ADR 005): it reads the public sample demo only.
export const meta: MetaFunction = () => [
  { title: "Marketing intelligence demo — Dropcraft" },
  { name: "description", content: "Try Dropcraft's marketing intelligence on sample data: ad activity, angles, hooks, rising niches and engagement. Sign up free for your own." },
];

export default function Screen() {
  return <IntelligenceDashboard mode="demo" />;
}
