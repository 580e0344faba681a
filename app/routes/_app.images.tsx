import type { MetaFunction } from "@remix-run/cloudflare";
import { GalleryScreen } from "~/features/image-gallery";
import { protectedLoader } from "~/server/remix/guards.server";

export const loader = protectedLoader;
export const meta: MetaFunction = () => [
  { title: "Images — Dropcraft" },
  {
    name: "description",
    content:
      "Your uploads, generated images and marketing visuals: filter them, download them, or use them in your pages.",
  },
];

export default function Screen() {
  return <GalleryScreen />;
}
