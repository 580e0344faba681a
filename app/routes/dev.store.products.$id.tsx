import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { ArrowLeft, ExternalLink } from "lucide-react";
import type { ReactNode } from "react";
import { loadDevStoreProduct } from "~/server/remix/dev-store.server";
import { Badge, Button } from "~/ui";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.product.title ?? "Product"} — Dev store — Dropcraft` },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ params, context }: LoaderFunctionArgs) {
  return loadDevStoreProduct(context, params.id);
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <h3 className="text-sm font-semibold uppercase tracking-wide text-subtle">{title}</h3>
      {children}
    </section>
  );
}

export default function DevStoreProduct() {
  const { store, product } = useLoaderData<typeof loader>();
  return (
    <article className="space-y-6 rounded-2xl border border-line bg-surface p-4 sm:p-6" data-testid="dev-store-product">
      <Link to="/dev/store" className="inline-flex items-center gap-1.5 text-sm font-medium text-brand hover:underline">
        <ArrowLeft className="size-4" aria-hidden /> All products and pages
      </Link>
      <header className="space-y-2">
        <h2 className="text-xl font-bold tracking-tight text-fg">{product.title}</h2>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-[13px] text-muted">
          <Badge tone={product.status === "ACTIVE" ? "success" : "neutral"}>{product.status.toLowerCase()}</Badge>
          <span className="break-all font-mono">{`/products/${product.handle}`}</span>
          <span className="break-all font-mono text-subtle">{product.id}</span>
        </p>
        {(product.vendor || product.productType) && (
          <p className="text-sm text-muted">{[product.vendor, product.productType].filter(Boolean).join(" · ")}</p>
        )}
      </header>

      <Section title={`Variants (${product.variants.length})`}>
        <div className="overflow-x-auto rounded-xl border border-line">
          <table className="w-full min-w-[320px] text-left text-sm">
            <thead className="bg-surface-2 text-xs text-subtle">
              <tr>
                <th className="px-3 py-2 font-medium">Variant</th>
                <th className="px-3 py-2 font-medium">Price</th>
                <th className="px-3 py-2 font-medium">Compare at</th>
                <th className="px-3 py-2 font-medium">SKU</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {product.variants.map((v) => (
                <tr key={v.id} data-testid="dev-store-variant">
                  <td className="px-3 py-2 text-fg">{v.title}</td>
                  <td className="whitespace-nowrap px-3 py-2 text-fg">{`${v.price} ${store.currencyCode}`}</td>
                  <td className="whitespace-nowrap px-3 py-2 text-muted">
                    {v.compareAtPrice ? `${v.compareAtPrice} ${store.currencyCode}` : "—"}
                  </td>
                  <td className="break-all px-3 py-2 font-mono text-[13px] text-muted">{v.sku ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {product.options.length > 0 && (
          <p className="text-[13px] text-muted">
            Options: {product.options.map((o) => `${o.name} (${o.values.join(", ")})`).join("; ")}
          </p>
        )}
      </Section>

      <Section title={`Images (${product.media.length})`}>
        {product.media.length === 0 ? (
          <p className="text-sm text-muted">None.</p>
        ) : (
          // Listed, not shown: the app's CSP loads no remote images, and offline they would not load anyway.
          <ul className="space-y-1.5 text-sm">
            {product.media.map((m, i) => (
              <li key={`${m.originalSource}-${i}`} className="min-w-0">
                <a
                  href={m.originalSource}
                  target="_blank"
                  rel="noreferrer noopener"
                  className="inline-flex max-w-full items-start gap-1.5 break-all text-brand hover:underline"
                >
                  <span>{m.originalSource}</span>
                  <ExternalLink className="mt-0.5 size-3.5 shrink-0" aria-hidden />
                </a>
                <span className="block text-[13px] text-muted">Alt: {m.alt || "—"}</span>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title="Search engine listing">
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
          <dt className="text-subtle">Title</dt>
          <dd className="text-fg">{product.seo.title ?? <span className="text-muted">— (the product title)</span>}</dd>
          <dt className="text-subtle">Description</dt>
          <dd className="text-fg">{product.seo.description ?? <span className="text-muted">—</span>}</dd>
        </dl>
      </Section>

      <Section title="Description">
        {product.descriptionHtml ? (
          // sandbox="": no scripts, no forms, an opaque origin, whatever the HTML holds.
          <iframe
            title={`Description of “${product.title}”`}
            sandbox=""
            srcDoc={product.descriptionHtml}
            className="block h-96 w-full rounded-xl border border-line bg-white"
            data-testid="dev-store-description"
          />
        ) : (
          <p className="text-sm text-muted">None.</p>
        )}
      </Section>

      <Form method="post" action="/dev/store?index" className="border-t border-line pt-4">
        <input type="hidden" name="kind" value="product" />
        <input type="hidden" name="id" value={product.numericId} />
        <Button type="submit" variant="outline-danger">
          {`Delete this product (frees /products/${product.handle})`}
        </Button>
      </Form>
    </article>
  );
}
