import { ComingSoon, comingSoonMeta } from "~/features/shell";

export const meta = comingSoonMeta("marketingDemo");

export default function Screen() {
  return <ComingSoon screen="marketingDemo" />;
}
