import type { MetaFunction } from "@remix-run/cloudflare";
import { FeedbackScreen } from "~/features/feedback";

export const meta: MetaFunction = () => [
  { title: "Feedback — Dropcraft" },
  { name: "description", content: "Suggest ideas and report bugs, vote on what the Dropcraft team builds next, and see what is planned and done." },
];

export default function Screen() {
  return <FeedbackScreen />;
}
