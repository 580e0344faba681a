import { ComingSoon, comingSoonMeta } from "~/features/shell/coming-soon";

export const meta = comingSoonMeta("tutorials");

export default function Screen() {
  return <ComingSoon screen="tutorials" />;
}
