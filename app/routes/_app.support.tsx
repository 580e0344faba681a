import type { MetaFunction } from "@remix-run/cloudflare";
import { SupportScreen } from "~/features/support";

export const meta: MetaFunction = () => [
  { title: "Support — Dropcraft" },
  { name: "description", content: "Open a support ticket with the Dropcraft team, follow the conversation and get replies by email." },
];

export default function Screen() {
  return <SupportScreen />;
}
