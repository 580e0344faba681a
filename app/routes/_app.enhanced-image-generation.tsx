import type { MetaFunction } from "@remix-run/cloudflare";
import { EnhancedScreen } from "~/features/image-gallery";
import { protectedLoader } from "~/server/remix/guards.server";

export const loader = protectedLoader;
export const meta: MetaFunction = () => [
  { title: "Enhanced image generation — Dropcraft" },
  {
    name: "description",
    content: "Variations of an image, 2× upscales, and one design across many products and sizes at once.",
  },
];

export default function Screen() {
  return <EnhancedScreen />;
}
