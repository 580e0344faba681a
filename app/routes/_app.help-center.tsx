import { ComingSoon, comingSoonMeta } from "~/features/shell";

export const meta = comingSoonMeta("help");

export default function Screen() {
  return <ComingSoon screen="help" />;
}
