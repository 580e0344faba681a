import { ComingSoon, comingSoonMeta } from "~/features/shell";
import { protectedLoader } from "~/server/remix/guards.server";

export const loader = protectedLoader;
export const meta = comingSoonMeta("visualIntelligence");

export default function Screen() {
  return <ComingSoon screen="visualIntelligence" />;
}
