import { ComingSoon, comingSoonMeta } from "~/components/coming-soon";

export const meta = comingSoonMeta("resetPassword");

export default function Screen() {
  return <ComingSoon screen="resetPassword" />;
}
