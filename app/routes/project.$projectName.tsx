import { ComingSoon, comingSoonMeta } from "~/components/coming-soon";

export const meta = comingSoonMeta("project");

export default function Screen() {
  return <ComingSoon screen="project" />;
}
