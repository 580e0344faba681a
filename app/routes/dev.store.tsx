import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { FlaskConical, Store } from "lucide-react";
import { loadDevStore } from "~/server/remix/dev-store.server";
export { appStylesheetLinks as links } from "~/stylesheets";

export const meta: MetaFunction = () => [
  { title: "Dev store — Dropcraft" },
  { name: "robots", content: "noindex, nofollow" },
];

/** The offline dev store's admin, development only: production answers 404. */
export async function loader({ context }: LoaderFunctionArgs) {
  const store = await loadDevStore(context);
  return { domain: store.domain, name: store.name, accessToken: store.accessToken, scopes: store.scopes };
}

export default function DevStoreLayout() {
  const store = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 lg:px-8" data-testid="dev-store">
      <div
        className="mb-6 flex items-start gap-3 rounded-xl border border-warning/40 bg-warning/10 px-4 py-3 text-sm text-fg"
        role="note"
      >
        <FlaskConical className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
        <p>
          <strong className="font-semibold">Dev store — an offline Shopify store, development only.</strong> Exports to{" "}
          <code className="break-all font-mono text-[13px]">{store.domain}</code> land here, not in a real store. This
          page answers 404 in production.
        </p>
      </div>
      <header className="mb-6 space-y-3">
        <h1 className="flex items-center gap-2.5 text-2xl font-bold tracking-tight text-fg">
          <Store className="size-6 text-brand" aria-hidden />
          <Link to="/dev/store" className="hover:underline">
            {store.name}
          </Link>
        </h1>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
          <dt className="text-subtle">Store address</dt>
          <dd className="break-all font-mono text-[13px] text-fg" data-testid="dev-store-domain">
            {store.domain}
          </dd>
          <dt className="text-subtle">Access token</dt>
          <dd className="break-all font-mono text-[13px] text-fg" data-testid="dev-store-token">
            {store.accessToken}
          </dd>
          <dt className="text-subtle">Scopes</dt>
          <dd className="text-fg">{store.scopes.join(", ")}</dd>
        </dl>
        <p className="text-sm text-muted">
          Connect it in Export to Shopify with this address and token; what you export shows below.
        </p>
      </header>
      <Outlet />
    </main>
  );
}
