import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { devAdImageResponse } from "~/server/remix/dev-ads.server";

/** An image uploaded to the offline dev ad account (development only: 404 in production). */
export async function loader({ context, params }: LoaderFunctionArgs) {
  return devAdImageResponse(context, params.hash);
}
