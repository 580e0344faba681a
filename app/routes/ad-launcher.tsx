import { ComingSoon, comingSoonMeta } from "~/components/coming-soon";

export const meta = comingSoonMeta("adLauncher");

export default function Screen() {
  return <ComingSoon screen="adLauncher" />;
}
