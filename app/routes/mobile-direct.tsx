import type { MetaFunction } from "@remix-run/cloudflare";
import { MobileEntry } from "~/features/chat";
export { appStylesheetLinks as links } from "~/stylesheets";

export const meta: MetaFunction = () => [
  { title: "Dropcraft on your phone" },
  { name: "description", content: "Research products and niches from your phone with Dropcraft's AI chat." },
];

/** The public phone entry (?force_mobile lands here): signed in, straight to the chat; signed out, a way in. */
export default function Screen() {
  return <MobileEntry />;
}
