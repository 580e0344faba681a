/**
 * Step 2: what to advertise and where the ad leads. The products come from the launcher's
 * products route (pages, imports, saved catalog products); the destination is one the product
 * offers (its live drop page, the product in the connected store) or an address typed here, and
 * is checked live through the server's URL guard.
 */
import { Link } from "@remix-run/react";
import { CheckCircle2, Globe, Package, Search, XCircle } from "lucide-react";
import { useMemo, useState } from "react";
import type { LaunchProduct } from "~/domain/contracts/ad-launcher";
import { errorMessage } from "~/lib/http";
import { Badge, Button, EmptyState, Field, Input, LoadError, RadioGroup, Skeleton, Spinner, Tile, cx } from "~/ui";
import { formatMoney } from "./launcher-logic";
import type { useDestinationCheck, useLaunchProducts } from "./use-launcher";

const SOURCE_LABELS: Record<LaunchProduct["source"], string> = { catalog: "Catalog", import: "Import", page: "Page" };

export function ProductStep({
  products,
  productRef,
  onProduct,
  destinationUrl,
  onDestination,
  check,
  checkedUrl,
  onCheck,
}: {
  products: ReturnType<typeof useLaunchProducts>;
  productRef: string | null;
  onProduct: (product: LaunchProduct) => void;
  destinationUrl: string;
  onDestination: (url: string) => void;
  check: ReturnType<typeof useDestinationCheck>;
  checkedUrl: string | null;
  onCheck: (url: string) => void;
}) {
  const [query, setQuery] = useState("");
  const list = useMemo(() => {
    const q = query.trim().toLowerCase();
    return (products.data ?? []).filter((p) => !q || p.title.toLowerCase().includes(q));
  }, [products.data, query]);
  const product = products.data?.find((p) => p.ref === productRef) ?? null;

  if (products.isPending) return <Skeleton lines={5} />;
  if (products.isError) {
    return (
      <LoadError onRetry={() => products.refetch()} retrying={products.isFetching}>
        Your products could not be loaded. {errorMessage(products.error, "")}
      </LoadError>
    );
  }
  if (products.data.length === 0) {
    return (
      <EmptyState
        icon={Package}
        title="Nothing to advertise yet"
        description="Save a product in the Explorer, import your products, or build a drop page: they appear here with their price and cost."
        action={
          <div className="flex flex-wrap justify-center gap-2">
            <Link to="/ai-explore" className="font-medium text-brand hover:underline">Open the Explorer</Link>
            <span aria-hidden className="text-subtle">·</span>
            <Link to="/droppage" className="font-medium text-brand hover:underline">Build a drop page</Link>
          </div>
        }
      />
    );
  }

  return (
    <div className="space-y-6">
      <fieldset>
        <legend className="text-sm font-semibold text-fg">Product</legend>
        {products.data.length > 6 && (
          <div className="mt-2 max-w-sm">
            <Input
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              placeholder="Find a product"
              aria-label="Find a product"
              trailing={<Search aria-hidden className="mr-2 size-4 text-subtle" />}
            />
          </div>
        )}
        <RadioGroup aria-label="Product" className="mt-3 grid max-h-[26rem] gap-2 overflow-y-auto pr-1 sm:grid-cols-2" data-testid="launch-products">
          {list.map((p) => (
            <Tile key={p.ref} role="radio" selected={p.ref === productRef} onClick={() => onProduct(p)} className="flex items-center gap-3 border border-line p-3" data-testid="launch-product">
              {p.imageUrl ? (
                <img src={p.imageUrl} alt="" className="size-12 shrink-0 rounded-lg border border-line bg-surface-2 object-cover" loading="lazy" />
              ) : (
                <span className="grid size-12 shrink-0 place-items-center rounded-lg bg-surface-2 text-subtle" aria-hidden>
                  <Package className="size-5" />
                </span>
              )}
              <span className="min-w-0 flex-1">
                <span className="line-clamp-2 text-sm font-medium text-fg">{p.title}</span>
                <span className="mt-1 flex flex-wrap items-center gap-1.5 text-xs text-muted">
                  <Badge>{SOURCE_LABELS[p.source]}</Badge>
                  {p.priceCents !== null && <span className="tabular-nums">{formatMoney(p.priceCents, p.currency)}</span>}
                  {p.destinations.length > 0 && <span>· {p.destinations.length === 1 ? "1 destination" : `${p.destinations.length} destinations`}</span>}
                </span>
              </span>
            </Tile>
          ))}
          {list.length === 0 && <p className="text-sm text-muted">No product matches “{query}”.</p>}
        </RadioGroup>
      </fieldset>
      {product && <DestinationPicker product={product} destinationUrl={destinationUrl} onDestination={onDestination} check={check} checkedUrl={checkedUrl} onCheck={onCheck} />}
    </div>
  );
}

function DestinationPicker({
  product,
  destinationUrl,
  onDestination,
  check,
  checkedUrl,
  onCheck,
}: {
  product: LaunchProduct;
  destinationUrl: string;
  onDestination: (url: string) => void;
  check: ReturnType<typeof useDestinationCheck>;
  checkedUrl: string | null;
  onCheck: (url: string) => void;
}) {
  const offered = product.destinations.some((d) => d.url === destinationUrl);
  const [custom, setCustom] = useState(offered ? "" : destinationUrl);
  const [typing, setTyping] = useState(!offered && destinationUrl !== "");
  const choose = (url: string) => {
    onDestination(url);
    onCheck(url);
  };
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-fg">Where the ad leads</legend>
      {product.destinations.length === 0 && (
        <p className="mt-1 text-[13px] text-muted">
          This product has no live drop page or store product yet. <Link to="/droppage" className="font-medium text-brand hover:underline">Publish a drop page</Link>{" "}
          or type the address of its page below.
        </p>
      )}
      <RadioGroup aria-label="Destination" className="mt-2 grid gap-2">
        {product.destinations.map((d) => (
          <Tile key={d.url} role="radio" selected={!typing && d.url === destinationUrl} onClick={() => { setTyping(false); choose(d.url); }} className="flex items-center gap-3 border border-line px-3 py-2.5" data-testid="launch-destination">
            <Globe aria-hidden className="size-4 shrink-0 text-brand" />
            <span className="min-w-0">
              <span className="block text-sm font-medium text-fg">{d.label}</span>
              <span className="block truncate text-xs text-muted">{d.url}</span>
            </span>
          </Tile>
        ))}
        <Tile role="radio" selected={typing} onClick={() => { setTyping(true); onDestination(custom); }} className="flex items-center gap-3 border border-line px-3 py-2.5">
          <Globe aria-hidden className="size-4 shrink-0 text-subtle" />
          <span className="text-sm font-medium text-fg">Another address</span>
        </Tile>
      </RadioGroup>
      {typing && (
        <form
          className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            if (custom.trim()) choose(custom.trim());
          }}
        >
          <Field label="Destination address" className="flex-1" value={custom} onChange={(e) => { setCustom(e.target.value); onDestination(e.target.value); }} placeholder="https://your-store.com/products/…" inputMode="url" spellCheck={false} data-testid="destination-url" />
          <Button type="submit" variant="secondary" disabled={!custom.trim()}>Check</Button>
        </form>
      )}
      <DestinationResult url={destinationUrl} checkedUrl={checkedUrl} check={check} onRetry={() => onCheck(destinationUrl)} />
    </fieldset>
  );
}

function DestinationResult({ url, checkedUrl, check, onRetry }: { url: string; checkedUrl: string | null; check: ReturnType<typeof useDestinationCheck>; onRetry: () => void }) {
  // Only the check of the address shown: typing a new one hides the old answer until it is checked.
  if (!url.trim() || checkedUrl !== url.trim()) return null;
  if (check.isFetching) {
    return (
      <p className="mt-3 flex items-center gap-2 text-sm text-muted" aria-live="polite">
        <Spinner /> Checking that the page answers…
      </p>
    );
  }
  if (check.error) {
    return (
      <p role="alert" className="mt-3 text-sm text-danger">
        The check could not run: {errorMessage(check.error, "please try again")}.{" "}
        <Button variant="link" onClick={onRetry}>Check again</Button>
      </p>
    );
  }
  if (!check.data) return null;
  const ok = check.data.ok;
  return (
    <p
      aria-live="polite"
      className={cx("mt-3 flex items-start gap-2 rounded-xl border px-3.5 py-2.5 text-sm", ok ? "border-accent/30 bg-accent/5 text-fg" : "border-danger/30 bg-danger/5 text-danger")}
      data-testid="destination-result"
      data-ok={ok}
    >
      {ok ? <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" /> : <XCircle aria-hidden className="mt-0.5 size-4 shrink-0" />}
      <span className="min-w-0 flex-1">{check.data.message}</span>
      <Button variant="link" onClick={onRetry}>Check again</Button>
    </p>
  );
}
