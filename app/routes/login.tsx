import { ComingSoon, comingSoonMeta } from "~/components/coming-soon";

export const meta = comingSoonMeta("login");

export default function Screen() {
  return <ComingSoon screen="login" />;
}
