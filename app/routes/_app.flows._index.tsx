import { ComingSoon, comingSoonMeta } from "~/features/shell";

export const meta = comingSoonMeta("explorer");

export default function Screen() {
  return <ComingSoon screen="explorer" />;
}
