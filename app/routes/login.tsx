import type { MetaFunction } from "@remix-run/cloudflare";
import { LoginScreen } from "~/features/auth";
export { appStylesheetLinks as links } from "~/stylesheets";

export const meta: MetaFunction = () => [
  { title: "Log in — Dropcraft" },
  { name: "description", content: "Log in to Dropcraft, the AI workspace for e-commerce sellers." },
];

export default function Route() {
  return <LoginScreen />;
}
