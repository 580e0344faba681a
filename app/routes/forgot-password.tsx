import { ComingSoon, comingSoonMeta } from "~/components/coming-soon";

export const meta = comingSoonMeta("forgotPassword");

export default function Screen() {
  return <ComingSoon screen="forgotPassword" />;
}
