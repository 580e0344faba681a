import { ComingSoon, comingSoonMeta } from "~/features/shell";

export const meta = comingSoonMeta("support");

export default function Screen() {
  return <ComingSoon screen="support" />;
}
