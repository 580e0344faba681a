import { ComingSoon, comingSoonMeta } from "~/components/coming-soon";

export const meta = comingSoonMeta("admin");

export default function Screen() {
  return <ComingSoon screen="admin" />;
}
