import { ComingSoon, comingSoonMeta } from "~/features/shell";

export const meta = comingSoonMeta("tutorials");

export default function Screen() {
  return <ComingSoon screen="tutorials" />;
}
