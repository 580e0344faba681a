/** /partners: the directory of apps and agency marketplaces, filtered by category and words, and the application form. */
import { ExternalLink, Handshake, Search } from "lucide-react";
import { useState } from "react";
import { PARTNER_CATEGORIES, type PartnerCategory } from "~/domain/partners";
import { useCurrentUser } from "~/features/account";
import { errorMessage } from "~/lib/http";
import { Badge, Button, Chip, EmptyState, Input, LoadError, PageHeader, Skeleton, useDebounced } from "~/ui";
import { ApplyDialog } from "./apply-dialog";
import { usePartners } from "./use-partners";

const LABEL = Object.fromEntries(PARTNER_CATEGORIES.map((c) => [c.id, c.label])) as Record<PartnerCategory, string>;

export function PartnersScreen() {
  const { user } = useCurrentUser();
  const [category, setCategory] = useState<PartnerCategory | "">("");
  const [typed, setTyped] = useState("");
  const [applying, setApplying] = useState(false);
  const q = useDebounced(typed, 200);
  const query = usePartners(category, q);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8" data-testid="partners-screen">
      <PageHeader
        title="Partners"
        description="Apps and agency directories that Shopify merchants use alongside Dropcraft. Listings are not paid placements; we publish no ratings for them."
        actions={
          <Button onClick={() => setApplying(true)} icon={<Handshake className="size-4" aria-hidden />}>
            Apply to become a partner
          </Button>
        }
      />

      <div className="mt-6 flex flex-col gap-3">
        <div className="relative max-w-md">
          <Search aria-hidden className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-subtle" />
          <Input value={typed} onChange={(e) => setTyped(e.target.value)} placeholder="Search partners (e.g. reviews, tracking)" aria-label="Search partners" className="pl-9" type="search" />
        </div>
        <div role="group" aria-label="Category" className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:px-0">
          {[{ id: "" as const, label: "All" }, ...PARTNER_CATEGORIES].map((c) => (
            <Chip key={c.id || "all"} selected={category === c.id} onClick={() => setCategory(c.id)} className="shrink-0">
              {c.label}
            </Chip>
          ))}
        </div>
      </div>

      <div className="mt-6">
        {query.isPending ? (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-48 rounded-2xl" />
            ))}
          </div>
        ) : query.isError ? (
          <LoadError onRetry={() => void query.refetch()} retrying={query.isFetching}>
            {errorMessage(query.error, "The directory could not be loaded.")}
          </LoadError>
        ) : query.data.length === 0 ? (
          <EmptyState
            icon={Search}
            title="No partners match"
            description="Try another word or category."
            action={
              <Button variant="secondary" onClick={() => { setTyped(""); setCategory(""); }}>
                Clear filters
              </Button>
            }
          />
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="partner-list">
            {query.data.map((p) => (
              <li key={p.id} className="flex flex-col rounded-2xl border border-line bg-surface p-5">
                <div className="flex items-start justify-between gap-2">
                  <h2 className="text-base font-semibold text-fg">{p.name}</h2>
                  <Badge tone={p.kind === "app" ? "brand" : "neutral"}>{p.kind === "app" ? "App" : "Agencies"}</Badge>
                </div>
                <p className="mt-1 text-xs font-medium text-muted">{LABEL[p.category]}</p>
                <p className="mt-3 text-sm leading-6 text-fg">{p.summary}</p>
                <ul className="mt-3 flex-1 space-y-1 text-sm text-muted">
                  {p.offers.map((o) => (
                    <li key={o} className="flex gap-2">
                      <span aria-hidden className="text-brand">•</span>
                      {o}
                    </li>
                  ))}
                </ul>
                <a
                  href={p.website}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="mt-4 inline-flex items-center gap-1.5 text-sm font-semibold text-brand hover:underline"
                >
                  Visit {p.name} <ExternalLink className="size-3.5" aria-hidden />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>

      <ApplyDialog open={applying} onOpenChange={setApplying} defaultEmail={user?.email} />
    </div>
  );
}
