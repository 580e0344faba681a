/**
 * Step 1: the Meta ad account. Connected: its name, currency, time zone and status. Otherwise the
 * connect form (ad account id, Facebook Page id, system-user token) with each refusal beside its
 * field, and on a local run the offline dev ad account.
 */
import { useRouteLoaderData } from "@remix-run/react";
import { Building2, Eye, EyeOff, FlaskConical, KeyRound, Unplug } from "lucide-react";
import { useState, type FormEvent } from "react";
import type { AdAccount } from "~/domain/contracts/ad-launcher";
import type { RootData } from "~/root";
import { errorMessage, HttpError } from "~/lib/http";
import { notify } from "~/lib/toast";
import { Badge, Button, ConfirmDialog, Field, IconButton, Input, Skeleton, LoadError } from "~/ui";
import { fieldErrorsOf } from "./launcher-logic";
import { useAdAccount, useConnectAdAccount, useDisconnectAdAccount } from "./use-launcher";

type Errors = { adAccountId?: string; pageId?: string; pixelId?: string; accessToken?: string; form?: string };

export function AccountStep() {
  const account = useAdAccount(true);
  if (account.isPending) return <Skeleton lines={4} />;
  if (account.isError) {
    return (
      <LoadError onRetry={() => account.refetch()} retrying={account.isFetching}>
        The ad account could not be loaded. {errorMessage(account.error, "")}
      </LoadError>
    );
  }
  return account.data ? <ConnectedAccount account={account.data} /> : <ConnectForm />;
}

function ConnectedAccount({ account }: { account: AdAccount }) {
  const disconnect = useDisconnectAdAccount();
  const [confirming, setConfirming] = useState(false);
  const rows: [string, string][] = [
    ["Ad account", `act_${account.adAccountId}`],
    ["Facebook Page", account.pageName ? `${account.pageName} (${account.pageId})` : account.pageId],
    ["Meta pixel", account.pixelId ? `${account.pixelId} (ad sets optimise for purchases)` : "None: ad sets optimise for link clicks"],
    ["Currency", account.currency],
    ["Time zone", account.timeZone],
  ];
  return (
    <div className="rounded-2xl border border-line bg-surface p-4 sm:p-5" data-testid="ad-account-card">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-brand-soft text-brand" aria-hidden>
            <Building2 className="size-5" />
          </span>
          <div className="min-w-0">
            <p className="truncate font-semibold text-fg" data-testid="ad-account-name">{account.name}</p>
            <p className="mt-0.5 flex flex-wrap items-center gap-2 text-xs text-muted">
              <Badge tone={account.status === "active" ? "success" : "warning"}>{account.status}</Badge>
              {account.isDev && <Badge tone="warning">Offline dev account</Badge>}
            </p>
          </div>
        </div>
        <Button variant="outline-danger" size="sm" icon={<Unplug aria-hidden className="size-3.5" />} onClick={() => setConfirming(true)}>
          Disconnect
        </Button>
      </div>
      <dl className="mt-4 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-xs font-medium text-subtle">{label}</dt>
            <dd className="mt-0.5 break-words text-fg">{value}</dd>
          </div>
        ))}
      </dl>
      {account.status !== "active" && (
        <p role="alert" className="mt-4 rounded-xl border border-warning/30 bg-warning/5 px-3.5 py-2.5 text-sm text-warning">
          Meta reports this account as {account.status}: it cannot run ads until Meta marks it active (see Billing and
          Account Quality in Meta's Ads Manager).
        </p>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Disconnect this ad account?"
        description="Its token is deleted here. Launches already made stay at Meta and in your list."
        confirmLabel="Disconnect"
        danger
        pending={disconnect.isPending}
        onConfirm={() =>
          disconnect.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              notify({ title: "Ad account disconnected" });
            },
            onError: (err) => notify({ title: "Could not disconnect", description: errorMessage(err, "Please try again."), variant: "destructive" }),
          })
        }
      />
    </div>
  );
}

function ConnectForm() {
  const connect = useConnectAdAccount();
  const devTools = Boolean((useRouteLoaderData("root") as RootData | undefined)?.devStore);
  const [adAccountId, setAdAccountId] = useState("");
  const [pageId, setPageId] = useState("");
  const [pixelId, setPixelId] = useState("");
  const [accessToken, setAccessToken] = useState("");
  const [showToken, setShowToken] = useState(false);
  const [errors, setErrors] = useState<Errors>({});

  const onError = (err: unknown) => {
    const fields = err instanceof HttpError ? fieldErrorsOf(err.body) : {};
    const known = (["adAccountId", "pageId", "pixelId", "accessToken"] as const).filter((f) => fields[f]);
    if (known.length) return setErrors(Object.fromEntries(known.map((f) => [f, fields[f]])));
    setErrors({ form: errorMessage(err, "The ad account could not be connected. Please try again.") });
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: Errors = {
      adAccountId: /^(act_)?\d{5,20}$/.test(adAccountId.trim()) ? undefined : adAccountId.trim() ? "Use the number Meta shows (digits only, \"act_\" optional)." : "Type the ad account id.",
      pageId: /^\d{5,20}$/.test(pageId.trim()) ? undefined : pageId.trim() ? "The Page id is the number in the Page's About → Page transparency." : "Type the Facebook Page id the ads run as.",
      pixelId: !pixelId.trim() || /^\d{5,20}$/.test(pixelId.trim()) ? undefined : "The pixel id is the number in Events Manager → Data sources.",
      accessToken: accessToken.trim().length >= 20 ? undefined : accessToken.trim() ? "That looks too short: paste the whole system-user token." : "Paste a system-user access token.",
    };
    setErrors(next);
    if (next.adAccountId || next.pageId || next.pixelId || next.accessToken) return;
    connect.mutate(
      { adAccountId: adAccountId.trim(), pageId: pageId.trim(), ...(pixelId.trim() ? { pixelId: pixelId.trim() } : {}), accessToken: accessToken.trim() },
      {
        onSuccess: (account) => {
          setAccessToken("");
          notify({ title: "Ad account connected", description: `${account.name} (${account.currency}).`, variant: "success" });
        },
        onError,
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="connect-ad-account-form" aria-labelledby="connect-ad-account-title">
      <div>
        <h3 id="connect-ad-account-title" className="flex items-center gap-2 text-sm font-semibold text-fg">
          <KeyRound aria-hidden className="size-4 text-brand" /> Connect a Meta ad account
        </h3>
        <p className="mt-1 text-[13px] text-muted">
          We check the account with Meta (name, currency, time zone, status and permissions) and store the token encrypted.
          Make a system-user token in Business Settings → Users → System users, with <code className="rounded bg-surface-2 px-1 text-fg">ads_management</code> and{" "}
          <code className="rounded bg-surface-2 px-1 text-fg">pages_read_engagement</code>.
        </p>
      </div>
      {devTools && (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-dashed border-warning/40 bg-warning/5 px-3.5 py-2.5 text-[13px] text-muted" data-testid="dev-ad-account-hint">
          <FlaskConical aria-hidden className="size-4 shrink-0 text-warning" />
          <span className="min-w-0 flex-1">
            Running locally: launch to the offline dev ad account, then see what was made at{" "}
            <a href="/dev/ads" target="_blank" rel="noreferrer" className="font-medium text-brand hover:underline">/dev/ads</a>.
          </span>
          <Button variant="secondary" size="sm" loading={connect.isPending && connect.variables && "dev" in connect.variables} onClick={() => connect.mutate({ dev: true }, { onError })} data-testid="use-dev-ad-account">
            Use the offline dev ad account
          </Button>
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Ad account id" hint="In Ads Manager's account menu, e.g. act_1234567890." error={errors.adAccountId} value={adAccountId} onChange={(e) => setAdAccountId(e.target.value)} placeholder="act_1234567890" autoComplete="off" spellCheck={false} inputMode="numeric" data-testid="ad-account-id" />
        <Field label="Facebook Page id" hint="The Page your ads run as." error={errors.pageId} value={pageId} onChange={(e) => setPageId(e.target.value)} placeholder="1029384756" autoComplete="off" spellCheck={false} inputMode="numeric" data-testid="page-id" />
      </div>
      <Field label="Meta pixel id (optional)" hint="With a pixel, the ad set optimises for purchases on your site." error={errors.pixelId} value={pixelId} onChange={(e) => setPixelId(e.target.value)} placeholder="123456789012345" autoComplete="off" spellCheck={false} inputMode="numeric" data-testid="pixel-id" />
      <Field label="System-user access token" error={errors.accessToken}>
        <Input
          type={showToken ? "text" : "password"}
          value={accessToken}
          onChange={(e) => setAccessToken(e.target.value)}
          placeholder="EAAB…"
          autoComplete="off"
          spellCheck={false}
          data-testid="ad-access-token"
          trailing={
            <IconButton label={showToken ? "Hide token" : "Show token"} size="sm" onClick={() => setShowToken((v) => !v)}>
              {showToken ? <EyeOff aria-hidden className="size-4" /> : <Eye aria-hidden className="size-4" />}
            </IconButton>
          }
        />
      </Field>
      {errors.form && (
        <p role="alert" className="rounded-xl border border-danger/30 bg-danger/5 px-3.5 py-2.5 text-sm text-danger" data-testid="connect-ad-account-error">
          {errors.form}
        </p>
      )}
      <Button type="submit" loading={connect.isPending && !(connect.variables && "dev" in connect.variables)} data-testid="connect-ad-account">
        Connect ad account
      </Button>
    </form>
  );
}
