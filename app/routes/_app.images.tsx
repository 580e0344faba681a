import { ComingSoon, comingSoonMeta } from "~/components/coming-soon";
import { protectedLoader } from "~/lib/guards.server";

export const loader = protectedLoader;
export const meta = comingSoonMeta("images");

export default function Screen() {
  return <ComingSoon screen="images" />;
}
