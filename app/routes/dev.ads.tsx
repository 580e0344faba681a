import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { FlaskConical, Megaphone } from "lucide-react";
import { loadDevAds } from "~/server/remix/dev-ads.server";
import { Badge } from "~/ui";
export { appStylesheetLinks as links } from "~/stylesheets";

export const meta: MetaFunction = () => [
  { title: "Dev ad account — Dropcraft" },
  { name: "robots", content: "noindex, nofollow" },
];

/** The offline dev ad account's Ads Manager, development only: production answers 404. */
export async function loader({ context }: LoaderFunctionArgs) {
  const ads = await loadDevAds(context);
  return ads;
}

function StatusBadge({ status }: { status: string }) {
  return (
    <Badge tone={status === "ACTIVE" ? "success" : "neutral"}>
      {status}
    </Badge>
  );
}

const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency}`;

export default function DevAds() {
  const data = useLoaderData<typeof loader>();
  const currency = data.account?.currency ?? "USD";
  return (
    <main className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 lg:px-8" data-testid="dev-ads">
      <div className="mb-6 flex items-start gap-3 rounded-xl border border-warning/40 bg-warning/10 px-4 py-3 text-sm text-fg" role="note">
        <FlaskConical className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
        <p>
          <strong className="font-semibold">Dev ad account — an offline Meta ad account, development only.</strong> Launches made with
          “Use the offline dev ad account” land here, not at Meta; their delivery and insights are simulated. This page answers 404 in
          production.
        </p>
      </div>
      <header className="mb-6 space-y-3">
        <h1 className="flex items-center gap-2.5 text-2xl font-bold tracking-tight text-fg">
          <Megaphone className="size-6 text-brand" aria-hidden />
          {data.account?.name ?? "Dev ad account"}
        </h1>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
          <dt className="text-subtle">Ad account</dt>
          <dd className="break-all font-mono text-[13px] text-fg">act_{data.adAccountId}</dd>
          <dt className="text-subtle">Page</dt>
          <dd className="break-all text-fg">
            {data.pageName} <span className="font-mono text-[13px]">({data.pageId})</span>
          </dd>
          <dt className="text-subtle">Currency</dt>
          <dd className="text-fg">{currency}</dd>
        </dl>
      </header>
      {data.campaigns.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-line px-6 py-10 text-center text-sm text-muted">
          No campaigns yet. Launch from the AI Launcher with the offline dev ad account, then refresh.
        </p>
      ) : (
        <ul className="space-y-6" data-testid="dev-ads-campaigns">
          {data.campaigns.map((campaign) => (
            <li key={campaign.id} className="rounded-2xl border border-line bg-surface p-4 sm:p-6" data-testid="dev-ads-campaign">
              <h2 className="flex flex-wrap items-center gap-2 text-lg font-semibold text-fg">
                <span className="min-w-0 break-words">{campaign.name}</span>
                <StatusBadge status={campaign.status} />
              </h2>
              <p className="mt-1 text-[13px] text-muted">
                Campaign <span className="font-mono">{campaign.id}</span> · {campaign.objective} · active {campaign.activeMinutes} min (simulated)
              </p>
              <ul className="mt-4 space-y-4">
                {campaign.adsets.map((adset) => (
                  <li key={adset.id} className="rounded-xl border border-line p-3" data-testid="dev-ads-adset">
                    <h3 className="flex flex-wrap items-center gap-2 text-sm font-semibold text-fg">
                      <span className="min-w-0 break-words">{adset.name}</span>
                      <StatusBadge status={adset.status} />
                    </h3>
                    <p className="mt-1 text-[13px] text-muted">
                      Ad set <span className="font-mono">{adset.id}</span> · {money(adset.dailyBudgetCents, currency)} a day · optimises for{" "}
                      {adset.optimizationGoal}
                    </p>
                    <ul className="mt-3 grid gap-3 sm:grid-cols-2">
                      {adset.ads.map((ad) => (
                        <li key={ad.id} className="flex gap-3 rounded-lg border border-line p-3" data-testid="dev-ads-ad">
                          {ad.imageHash ? (
                            <img src={`/dev/ads/image/${ad.imageHash}`} alt="" className="size-20 shrink-0 rounded-md border border-line object-cover" />
                          ) : null}
                          <div className="min-w-0 space-y-1 text-[13px]">
                            <p className="flex flex-wrap items-center gap-2 font-semibold text-fg">
                              <span className="min-w-0 break-words">{ad.name}</span>
                              <StatusBadge status={ad.status} />
                            </p>
                            <p className="break-words text-fg">{ad.message}</p>
                            <p className="break-words font-semibold text-fg">{ad.headline}</p>
                            <p className="break-words text-muted">{ad.description}</p>
                            <p className="break-all text-muted">
                              {ad.callToAction} → {ad.link}
                            </p>
                          </div>
                        </li>
                      ))}
                    </ul>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
