import { ComingSoon, comingSoonMeta } from "~/components/coming-soon";

export const meta = comingSoonMeta("marketingDemo");

export default function Screen() {
  return <ComingSoon screen="marketingDemo" />;
}
