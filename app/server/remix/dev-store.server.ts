import type { AppLoadContext } from "@remix-run/cloudflare";
import { createDb } from "../../../db/client";
import { d1DevStoreStorage, deleteFromDevStore, readDevStore, type DevStoreView } from "../store-export/dev-store";
import { requireDevTools } from "./dev-tools.server";

export type { DevStoreView };

const storageOf = (context: AppLoadContext) => d1DevStoreStorage(createDb(context.cloudflare.env.DB));

/** Everything the offline dev store holds (development only: 404 without DEV_TOOLS). */
export async function loadDevStore(context: AppLoadContext): Promise<DevStoreView> {
  requireDevTools(context);
  return readDevStore(storageOf(context));
}

/** One product of the dev store by its numeric id; 404 when it has none. */
export async function loadDevStoreProduct(context: AppLoadContext, numericId: string | undefined) {
  const store = await loadDevStore(context);
  const product = store.products.find((p) => p.numericId === numericId);
  if (!product) throw new Response(null, { status: 404, statusText: "No such product in the dev store" });
  return { store: { domain: store.domain, name: store.name, currencyCode: store.currencyCode }, product };
}

/** One page of the dev store by its numeric id; 404 when it has none. */
export async function loadDevStorePage(context: AppLoadContext, numericId: string | undefined) {
  const store = await loadDevStore(context);
  const page = store.pages.find((p) => p.numericId === numericId);
  if (!page) throw new Response(null, { status: 404, statusText: "No such page in the dev store" });
  return { store: { domain: store.domain, name: store.name, currencyCode: store.currencyCode }, page };
}

/** The screens' one change: delete a product or page (frees its handle for the next export). */
export async function deleteDevStoreItem(context: AppLoadContext, form: FormData): Promise<{ deleted: boolean }> {
  requireDevTools(context);
  const kind = form.get("kind");
  const id = String(form.get("id") ?? "");
  if ((kind !== "product" && kind !== "page") || !/^\d{1,20}$/.test(id)) throw new Response(null, { status: 400 });
  return { deleted: await deleteFromDevStore(storageOf(context), kind, id) };
}
