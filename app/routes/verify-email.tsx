import { ComingSoon, comingSoonMeta } from "~/components/coming-soon";

export const meta = comingSoonMeta("verifyEmail");

export default function Screen() {
  return <ComingSoon screen="verifyEmail" />;
}
