import { ComingSoon, comingSoonMeta } from "~/components/coming-soon";

export const meta = comingSoonMeta("settings");

export default function Screen() {
  return <ComingSoon screen="settings" />;
}
