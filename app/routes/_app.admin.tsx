import { ComingSoon, comingSoonMeta } from "~/features/shell";
import { adminLoader } from "~/server/remix/guards.server";

export const loader = adminLoader;
export const meta = comingSoonMeta("admin");

export default function Screen() {
  return <ComingSoon screen="admin" />;
}
