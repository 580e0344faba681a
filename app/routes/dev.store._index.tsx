import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { FileText, Package, Trash2 } from "lucide-react";
import { deleteDevStoreItem, loadDevStore } from "~/server/remix/dev-store.server";
import { Badge, IconButton } from "~/ui";

export async function loader({ context }: LoaderFunctionArgs) {
  const store = await loadDevStore(context);
  return { currencyCode: store.currencyCode, products: store.products, pages: store.pages };
}

/** Deleting frees the handle, as in Shopify's admin: a second export of the same page is refused until then. */
export async function action({ request, context }: ActionFunctionArgs) {
  return deleteDevStoreItem(context, await request.formData());
}

function priceRange(prices: string[], currency: string): string {
  const sorted = prices.map(Number).sort((a, b) => a - b);
  if (sorted.length === 0) return "—";
  const low = sorted[0].toFixed(2);
  const high = sorted[sorted.length - 1].toFixed(2);
  return `${low === high ? low : `${low}–${high}`} ${currency}`;
}

function DeleteButton({ kind, id, title }: { kind: "product" | "page"; id: string; title: string }) {
  return (
    <Form method="post" action="/dev/store?index" className="shrink-0">
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="id" value={id} />
      <IconButton type="submit" outlined label={`Delete ${kind} “${title}”`} title="Delete">
        <Trash2 className="size-4" aria-hidden />
      </IconButton>
    </Form>
  );
}

export default function DevStoreIndex() {
  const { currencyCode, products, pages } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-8">
      <section aria-labelledby="dev-store-products">
        <h2 id="dev-store-products" className="mb-3 flex items-center gap-2 text-lg font-semibold text-fg">
          <Package className="size-5 text-brand" aria-hidden /> Products ({products.length})
        </h2>
        {products.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-line px-6 py-10 text-center text-sm text-muted">
            No products yet. Export a drop page to the dev store, then refresh.
          </p>
        ) : (
          <ul className="space-y-2" data-testid="dev-store-products">
            {products.map((p) => (
              <li key={p.id} className="flex items-center gap-3 rounded-xl border border-line bg-surface px-4 py-3">
                <div className="min-w-0 flex-1">
                  <Link
                    to={`products/${p.numericId}`}
                    className="block truncate text-sm font-semibold text-fg hover:text-brand hover:underline"
                  >
                    {p.title}
                  </Link>
                  <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-[13px] text-muted">
                    <Badge tone={p.status === "ACTIVE" ? "success" : "neutral"}>{p.status.toLowerCase()}</Badge>
                    <span className="break-all font-mono">{`/products/${p.handle}`}</span>
                    <span>
                      {p.variants.length} variant{p.variants.length === 1 ? "" : "s"} ·{" "}
                      {priceRange(
                        p.variants.map((v) => v.price),
                        currencyCode,
                      )}
                    </span>
                  </p>
                </div>
                <DeleteButton kind="product" id={p.numericId} title={p.title} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="dev-store-pages">
        <h2 id="dev-store-pages" className="mb-3 flex items-center gap-2 text-lg font-semibold text-fg">
          <FileText className="size-5 text-brand" aria-hidden /> Pages ({pages.length})
        </h2>
        {pages.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-line px-6 py-10 text-center text-sm text-muted">
            No pages yet. Export with “Also create the landing page” to add one.
          </p>
        ) : (
          <ul className="space-y-2" data-testid="dev-store-pages">
            {pages.map((p) => (
              <li key={p.id} className="flex items-center gap-3 rounded-xl border border-line bg-surface px-4 py-3">
                <div className="min-w-0 flex-1">
                  <Link
                    to={`pages/${p.numericId}`}
                    className="block truncate text-sm font-semibold text-fg hover:text-brand hover:underline"
                  >
                    {p.title}
                  </Link>
                  <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-[13px] text-muted">
                    <Badge tone={p.isPublished ? "success" : "neutral"}>{p.isPublished ? "visible" : "hidden"}</Badge>
                    <span className="break-all font-mono">{`/pages/${p.handle}`}</span>
                  </p>
                </div>
                <DeleteButton kind="page" id={p.numericId} title={p.title} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
