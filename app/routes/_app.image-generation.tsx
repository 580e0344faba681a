import type { MetaFunction } from "@remix-run/cloudflare";
import { GenerationScreen } from "~/features/image-gallery";
import { protectedLoader } from "~/server/remix/guards.server";

export const loader = protectedLoader;
export const meta: MetaFunction = () => [
  { title: "Image generation — Dropcraft" },
  {
    name: "description",
    content:
      "Make product scenes and backdrops from a prompt, in every platform size, with your product photo in front.",
  },
];

export default function Screen() {
  return <GenerationScreen />;
}
