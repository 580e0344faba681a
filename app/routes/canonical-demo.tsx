import { ComingSoon, comingSoonMeta } from "~/components/coming-soon";

export const meta = comingSoonMeta("canonicalDemo");

export default function Screen() {
  return <ComingSoon screen="canonicalDemo" />;
}
