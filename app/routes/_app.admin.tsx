import { ComingSoon, comingSoonMeta } from "~/components/coming-soon";
import { adminLoader } from "~/lib/guards.server";

export const loader = adminLoader;
export const meta = comingSoonMeta("admin");

export default function Screen() {
  return <ComingSoon screen="admin" />;
}
