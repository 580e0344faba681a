import { ComingSoon, comingSoonMeta } from "~/components/coming-soon";

export const meta = comingSoonMeta("chat");

export default function Screen() {
  return <ComingSoon screen="chat" />;
}
