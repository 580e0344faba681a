import { ComingSoon, comingSoonMeta } from "~/components/coming-soon";

export const meta = comingSoonMeta("tutorials");

export default function Screen() {
  return <ComingSoon screen="tutorials" />;
}
