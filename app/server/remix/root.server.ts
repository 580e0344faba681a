import type { AppLoadContext } from "@remix-run/cloudflare";
import { getEnv } from "../platform/env";

/** The configuration every page may show (support address, academy link); nothing secret. */
export function publicConfig(context: AppLoadContext) {
  const config = getEnv(context.cloudflare.env);
  return { supportEmail: config.SUPPORT_EMAIL, academyUrl: config.ACADEMY_URL };
}
