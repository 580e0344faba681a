/**
 * Connected Shopify stores: a store's card (shop, domain, masked token, scopes, what export still
 * lacks), the connect form with the steps to make a custom app's Admin API token, and
 * disconnecting with a confirmation. Used by the export dialog and the /droppage section.
 */
import { useRouteLoaderData } from "@remix-run/react";
import { AlertTriangle, Eye, EyeOff, FlaskConical, KeyRound, Store, Unplug } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import type { StoreConnection } from "~/domain/contracts/pages";
import { openUpgradeModal } from "~/features/billing";
import type { RootData } from "~/root";
import { notify } from "~/lib/toast";
import { Badge, Button, ConfirmDialog, cx, Field, IconButton, Input } from "~/ui";
import { blockingScopes, canCreatePages, requestProblem } from "./drop-pages-logic";
import { useConnectStore, useDisconnectStore } from "./use-drop-pages";

/** The steps in Shopify's admin, as the merchant meets them (Shopify's own words in bold). */
export function TokenSteps({ className }: { className?: string }) {
  return (
    <ol className={cx("space-y-2 text-sm text-muted", className)} data-testid="token-steps">
      {[
        <>
          In your Shopify admin open <b className="text-fg">Settings → Apps and sales channels</b>.
        </>,
        <>
          Choose <b className="text-fg">Develop apps</b> (allow custom app development if Shopify asks), then{" "}
          <b className="text-fg">Create an app</b> and name it “Dropcraft”.
        </>,
        <>
          Under <b className="text-fg">Configure Admin API scopes</b> tick{" "}
          <code className="rounded bg-surface-2 px-1 text-fg">write_products</code>, and{" "}
          <code className="rounded bg-surface-2 px-1 text-fg">write_content</code> to export the landing page too. Save.
        </>,
        <>
          Press <b className="text-fg">Install app</b>, then <b className="text-fg">Reveal token once</b> under Admin
          API access token and copy it (it starts with <code className="rounded bg-surface-2 px-1 text-fg">shpat_</code>
          ). Shopify shows it only once.
        </>,
      ].map((step, i) => (
        <li key={i} className="flex gap-3">
          <span
            aria-hidden
            className="grid size-6 shrink-0 place-items-center rounded-full bg-brand-soft text-xs font-semibold text-brand"
          >
            {i + 1}
          </span>
          <span className="min-w-0 pt-0.5">{step}</span>
        </li>
      ))}
    </ol>
  );
}

export function ConnectStoreForm({
  initialDomain = "",
  onConnected,
  onCancel,
  stepsOpen = true,
}: {
  initialDomain?: string;
  onConnected?: (c: StoreConnection) => void;
  onCancel?: () => void;
  /** Show the token steps unfolded (a first connection) or folded (reconnecting). */
  stepsOpen?: boolean;
}) {
  const connect = useConnectStore();
  const [shopDomain, setShopDomain] = useState(initialDomain);
  const [accessToken, setAccessToken] = useState("");
  const [showToken, setShowToken] = useState(false);
  const [errors, setErrors] = useState<{ shopDomain?: string; accessToken?: string; form?: string }>({});
  const titleId = useId();
  // Only on a local run (DEV_TOOLS): the offline dev store, which export reaches with no network.
  const devStore = (useRouteLoaderData("root") as RootData | undefined)?.devStore;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = {
      shopDomain: shopDomain.trim() ? undefined : "Type your store's address, e.g. my-shop.myshopify.com",
      accessToken: accessToken.trim() ? undefined : "Paste the Admin API access token of your custom app",
    };
    setErrors(next);
    if (next.shopDomain || next.accessToken) return;
    connect.mutate(
      { shopDomain: shopDomain.trim(), accessToken: accessToken.trim() },
      {
        onSuccess: (c) => {
          setAccessToken("");
          notify({
            title: "Store connected",
            description: c.missingScopes.length
              ? `${c.shopName ?? c.shopDomain}: the token still lacks ${c.missingScopes.join(", ")}.`
              : `${c.shopName ?? c.shopDomain} is ready for export.`,
            variant: c.missingScopes.length ? "default" : "success",
          });
          onConnected?.(c);
        },
        onError: (err) => {
          const problem = requestProblem(err, "The store could not be connected. Please try again.");
          if (problem.kind === "upgrade")
            return openUpgradeModal({
              feature: "export",
              title: "Exporting to your store is a paid feature",
              message: problem.message,
            });
          if (problem.kind === "field") return setErrors({ [problem.field]: problem.message });
          // A refused token (401 at Shopify) belongs next to the token field.
          if (problem.kind === "reconnect") return setErrors({ accessToken: problem.message });
          setErrors({ form: problem.message });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby={titleId} className="space-y-4" data-testid="connect-store-form">
      <div>
        <h3 id={titleId} className="flex items-center gap-2 text-sm font-semibold text-fg">
          <KeyRound aria-hidden className="size-4 text-brand" /> Connect a Shopify store
        </h3>
        <p className="mt-1 text-[13px] text-muted">
          Export uses a custom app’s Admin API access token. It is checked with Shopify, stored encrypted and never
          shown again.
        </p>
      </div>
      <details open={stepsOpen} className="group rounded-xl border border-line bg-bg-elevated/60">
        <summary className="flex cursor-pointer list-none items-center justify-between gap-2 rounded-xl px-3.5 py-2.5 text-sm font-medium text-fg [&::-webkit-details-marker]:hidden">
          How to get an access token
          <span aria-hidden className="text-subtle transition-transform group-open:rotate-180">
            ▾
          </span>
        </summary>
        <TokenSteps className="px-3.5 pb-3.5" />
      </details>
      {devStore && (
        <div
          className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-dashed border-warning/40 bg-warning/5 px-3.5 py-2.5 text-[13px] text-muted"
          data-testid="dev-store-hint"
        >
          <FlaskConical aria-hidden className="size-4 shrink-0 text-warning" />
          <span className="min-w-0 flex-1">
            Running locally: export to the offline dev store, then see it at{" "}
            <a
              href={devStore.adminPath}
              target="_blank"
              rel="noreferrer"
              className="font-medium text-brand hover:underline"
            >
              {devStore.adminPath}
            </a>
            .
          </span>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              setShopDomain(devStore.shopDomain);
              setAccessToken(devStore.accessToken);
              setErrors({});
            }}
            data-testid="use-dev-store"
          >
            Use the offline dev store
          </Button>
        </div>
      )}
      <Field
        label="Store address"
        hint="Your my-shop.myshopify.com domain (Settings → Domains), not a custom domain."
        error={errors.shopDomain}
        value={shopDomain}
        onChange={(e) => setShopDomain(e.target.value)}
        placeholder="my-shop.myshopify.com"
        autoComplete="off"
        spellCheck={false}
        inputMode="url"
        data-testid="shop-domain"
      />
      <Field label="Admin API access token" error={errors.accessToken}>
        <Input
          type={showToken ? "text" : "password"}
          value={accessToken}
          onChange={(e) => setAccessToken(e.target.value)}
          placeholder="shpat_…"
          autoComplete="off"
          spellCheck={false}
          data-testid="access-token"
          trailing={
            <IconButton
              label={showToken ? "Hide token" : "Show token"}
              size="sm"
              onClick={() => setShowToken((v) => !v)}
            >
              {showToken ? <EyeOff aria-hidden className="size-4" /> : <Eye aria-hidden className="size-4" />}
            </IconButton>
          }
        />
      </Field>
      {errors.form && (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-lg border border-danger/30 bg-danger/5 px-3 py-2 text-sm text-danger"
        >
          <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
          {errors.form}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel && (
          <Button variant="ghost" onClick={onCancel} disabled={connect.isPending}>
            Cancel
          </Button>
        )}
        <Button type="submit" loading={connect.isPending} data-testid="connect-store">
          {connect.isPending ? "Checking with Shopify…" : "Connect store"}
        </Button>
      </div>
    </form>
  );
}

/** A connected store: what it is, what its token may do, and disconnect. */
export function ConnectionCard({
  connection: c,
  selected,
  onSelect,
  onDisconnected,
  needsPage = false,
}: {
  connection: StoreConnection;
  /** Present when the card is a choice (the export dialog). */
  selected?: boolean;
  onSelect?: () => void;
  onDisconnected?: () => void;
  /** The landing page is being exported too: say when the token cannot create it. */
  needsPage?: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  const disconnect = useDisconnectStore();
  const name = c.shopName ?? c.shopDomain;
  const lacksPage = !canCreatePages(c);
  const blocking = blockingScopes(c);
  const choice = onSelect !== undefined;

  const body = (
    <>
      <span className="flex min-w-0 items-start gap-3">
        <span aria-hidden className="grid size-9 shrink-0 place-items-center rounded-xl bg-accent/10 text-accent">
          <Store className="size-[18px]" />
        </span>
        <span className="min-w-0">
          <span className="block truncate text-sm font-semibold text-fg">{name}</span>
          <span className="block truncate text-[13px] text-muted">{c.shopDomain}</span>
          <span className="mt-1 block font-mono text-xs text-subtle">
            <span className="sr-only">Token </span>
            {c.tokenMasked}
          </span>
        </span>
      </span>
      <span role="group" className="mt-2.5 flex flex-wrap gap-1.5" aria-label="Token scopes">
        {c.scopes.length === 0 ? <Badge>no scopes</Badge> : c.scopes.map((s) => <Badge key={s}>{s}</Badge>)}
      </span>
    </>
  );

  return (
    <div
      className={cx(
        "rounded-xl border bg-surface p-3.5 transition-colors",
        selected ? "border-brand/60 ring-1 ring-brand/40" : "border-line",
      )}
      data-testid="store-connection"
    >
      <div className="flex items-start justify-between gap-2">
        {choice ? (
          <label className="flex min-w-0 flex-1 cursor-pointer gap-3">
            <input
              type="radio"
              name="export-store"
              checked={selected}
              onChange={onSelect}
              className="mt-2.5 size-4 shrink-0 accent-[var(--brand)]"
              aria-label={`Export to ${name}`}
            />
            <span className="min-w-0 flex-1">{body}</span>
          </label>
        ) : (
          <div className="min-w-0 flex-1">{body}</div>
        )}
        <IconButton
          label={`Disconnect ${name}`}
          tooltip
          size="sm"
          onClick={() => setConfirming(true)}
          data-testid="disconnect-store"
        >
          <Unplug aria-hidden className="size-4" />
        </IconButton>
      </div>
      {blocking.length > 0 ? (
        <p
          className="mt-2.5 flex items-start gap-2 rounded-lg bg-warning/10 px-2.5 py-2 text-[13px] text-warning"
          data-testid="missing-scopes"
        >
          <AlertTriangle aria-hidden className="mt-0.5 size-3.5 shrink-0" />
          <span>
            The token lacks {blocking.join(", ")}: export fails until you tick {blocking.length === 1 ? "it" : "them"}{" "}
            under Configure Admin API scopes and connect again with the new token.
          </span>
        </p>
      ) : (
        lacksPage &&
        (needsPage || !choice) && (
          <p
            className="mt-2.5 flex items-start gap-2 rounded-lg bg-warning/10 px-2.5 py-2 text-[13px] text-warning"
            data-testid="missing-scopes"
          >
            <AlertTriangle aria-hidden className="mt-0.5 size-3.5 shrink-0" />
            <span>Without write_content (or write_online_store_pages) the product is exported but not the landing page.</span>
          </p>
        )
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Disconnect ${name}?`}
        description="Its access token is deleted from Dropcraft. Products already exported stay in your store; to revoke the token itself, uninstall the custom app in Shopify."
        confirmLabel="Disconnect"
        danger
        pending={disconnect.isPending}
        data-testid="disconnect-dialog"
        onConfirm={() =>
          disconnect.mutate(c.id, {
            onSuccess: () => {
              setConfirming(false);
              notify({ title: "Store disconnected", description: `${name}’s token was deleted.` });
              onDisconnected?.();
            },
            onError: (err) => {
              setConfirming(false);
              notify({
                title: "Couldn’t disconnect the store",
                description: requestProblem(err, "Please try again.").message,
                variant: "destructive",
              });
            },
          })
        }
      />
    </div>
  );
}
