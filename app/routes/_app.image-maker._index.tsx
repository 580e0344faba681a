import type { MetaFunction } from "@remix-run/cloudflare";
import { ImageMakerScreen } from "~/features/image-maker";
import { protectedLoader } from "~/server/remix/guards.server";

export const loader = protectedLoader;
export const meta: MetaFunction = () => [
  { title: "Image Maker — Dropcraft" },
  {
    name: "description",
    content: "Product images and ad creatives in every platform size, from your product photo, your product data and your brand.",
  },
];

export default function Screen() {
  return <ImageMakerScreen />;
}
