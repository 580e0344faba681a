import type { AppLoadContext } from "@remix-run/cloudflare";
import type { ProductFacts } from "~/domain/product-facts";
import { createDb } from "../../../db/client";
import { loadProductFacts } from "../market/product-facts";
import { devToolsEnabled, getEnv, publicOrigin } from "../platform/env";
import { DEV_STORE_ACCESS_TOKEN, DEV_STORE_PATH, DEV_STORE_SHOP_DOMAIN } from "../store-export/dev-store";

/** The configuration every page may show (support address, academy link); nothing secret. */
export function publicConfig(context: AppLoadContext) {
  const config = getEnv(context.cloudflare.env);
  return {
    supportEmail: config.SUPPORT_EMAIL,
    academyUrl: config.ACADEMY_URL,
    // On a local run only: the offline dev store's published domain and token, for the connect form.
    devStore: devToolsEnabled(config) ? { shopDomain: DEV_STORE_SHOP_DOMAIN, accessToken: DEV_STORE_ACCESS_TOKEN, adminPath: DEV_STORE_PATH } : null,
  };
}

/** The figures the product states about itself on any page (library size, merchants), from D1. */
export function productFacts(context: AppLoadContext): Promise<ProductFacts | null> {
  return loadProductFacts(createDb(context.cloudflare.env.DB));
}

/**
 * An absolute address on the app's public origin (APP_URL, or the request's own on a local run),
 * built as the drop pages' canonical links are (`publicOrigin`): never from a Host header alone.
 */
export function publicUrl(context: AppLoadContext, request: Request, path: string): string {
  return `${publicOrigin(getEnv(context.cloudflare.env), request.url)}${path}`;
}
