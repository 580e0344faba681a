import { ComingSoon, comingSoonMeta } from "~/components/coming-soon";

export const meta = comingSoonMeta("signup");

export default function Screen() {
  return <ComingSoon screen="signup" />;
}
