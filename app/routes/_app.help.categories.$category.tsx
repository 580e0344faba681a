import { ComingSoon, comingSoonMeta } from "~/components/coming-soon";

export const meta = comingSoonMeta("help");

export default function Screen() {
  return <ComingSoon screen="help" />;
}
