import { ComingSoon, comingSoonMeta } from "~/components/coming-soon";

export const meta = comingSoonMeta("pageBuilder");

export default function Screen() {
  return <ComingSoon screen="pageBuilder" />;
}
