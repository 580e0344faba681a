import type { MetaFunction } from "@remix-run/cloudflare";
import { SignupScreen } from "~/features/auth";
export { appStylesheetLinks as links } from "~/stylesheets";

export const meta: MetaFunction = () => [
  { title: "Sign up — Dropcraft" },
  {
    name: "description",
    content: "Create your free Dropcraft account. No credit card required.",
  },
];

export default function Route() {
  return <SignupScreen />;
}
