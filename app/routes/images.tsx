import { ComingSoon, comingSoonMeta } from "~/components/coming-soon";

export const meta = comingSoonMeta("images");

export default function Screen() {
  return <ComingSoon screen="images" />;
}
