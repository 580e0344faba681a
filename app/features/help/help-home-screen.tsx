/**
 * /help and /help-center: search as you type (debounced, kept in the address as ?q=), the
 * categories with their article counts, popular articles (from views and helpful votes; before
 * any, the getting-started guides), a way to a support ticket and the newsletter form.
 */
import { Link, useSearchParams } from "@remix-run/react";
import { ArrowRight, SearchX } from "lucide-react";
import { useEffect, useState } from "react";
import type { HelpArticlesAnswer } from "~/domain/contracts/help";
import { helpCategoryHref } from "~/domain/help";
import { NewsletterSignupForm } from "~/features/newsletter";
import { errorMessage } from "~/lib/http";
import { Button, LoadError, PageHeader, Skeleton } from "~/ui";
import { categoryIcon } from "./category-icons";
import { ArticleRow, HelpPage, HelpSearchBox, SupportCallout } from "./parts";
import { useDebounced } from "~/ui";
import { useHelpArticles } from "./use-help";

const SEARCH_DELAY_MS = 250;

export function HelpHomeScreen() {
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(() => params.get("q") ?? "");
  const q = useDebounced(text.trim(), SEARCH_DELAY_MS);

  // Keep the search in the address so it can be shared and survives Back.
  useEffect(() => {
    if ((params.get("q") ?? "") === q) return;
    setParams(q ? { q } : {}, { replace: true, preventScrollReset: true });
  }, [q, params, setParams]);

  const everything = useHelpArticles({});
  const search = useHelpArticles({ q: q || undefined });
  const searching = q.length > 0;
  const titles = new Map(everything.data?.categories.map((c) => [c.id, c.title]));

  return (
    <HelpPage testId="help-home">
      <PageHeader title="Help Center" description="Guides to every part of Dropcraft, written from how the product works today." />
      <div className="mt-6 max-w-2xl">
        <HelpSearchBox value={text} onChange={setText} busy={searching && search.isFetching} autoFocus={!!text} />
      </div>

      {searching ? (
        <section aria-labelledby="help-results-title" className="mt-8" data-testid="help-results">
          <SearchResults q={q} query={search} categoryTitles={titles} onClear={() => setText("")} />
        </section>
      ) : everything.isPending ? (
        <HomeSkeleton />
      ) : everything.data ? (
        <>
          <Categories categories={everything.data.categories} />
          <Popular popular={everything.data.popular} categoryTitles={titles} />
        </>
      ) : (
        <LoadError className="mt-8" onRetry={() => void everything.refetch()} retrying={everything.isFetching}>
          {errorMessage(everything.error, "The Help Center could not be loaded.")}
        </LoadError>
      )}

      <SupportCallout href="/support" className="mt-10" />
      <section aria-labelledby="help-newsletter-title" className="mt-6 rounded-2xl border border-line bg-surface p-5 sm:p-6">
        <h2 id="help-newsletter-title" className="font-semibold text-fg">
          Product updates by email
        </h2>
        <p className="mt-1 text-sm text-muted">New guides and features, now and then. Unsubscribe from any email.</p>
        <NewsletterSignupForm source="help" className="mt-4 max-w-md" />
      </section>
    </HelpPage>
  );
}

function SearchResults({
  q,
  query,
  categoryTitles,
  onClear,
}: {
  q: string;
  query: ReturnType<typeof useHelpArticles>;
  categoryTitles: Map<string, string>;
  onClear: () => void;
}) {
  // While the next search runs, the previous search stays on screen (never the full list).
  const data = query.data?.query ? query.data : undefined;
  if (query.isError && !data) {
    return (
      <LoadError onRetry={() => void query.refetch()} retrying={query.isFetching}>
        {errorMessage(query.error, "The search could not be run.")}
      </LoadError>
    );
  }
  if (!data) return <Skeleton lines={4} className="max-w-2xl" />;
  const hits = data.articles;
  return (
    <>
      <h2 id="help-results-title" className="text-sm text-muted" aria-live="polite" data-testid="help-results-count">
        {hits.length === 0 ? (
          <>No articles match “{q}”</>
        ) : (
          <>
            {hits.length === 1 ? "1 article matches" : `${hits.length} articles match`} “{q}”
            {data.correctedQuery && (
              <span data-testid="help-corrected">
                {" "}
                · showing results for <b className="font-semibold text-fg">{data.correctedQuery}</b>
              </span>
            )}
          </>
        )}
      </h2>
      {hits.length === 0 ? (
        <div className="mt-4 flex flex-col items-center rounded-2xl border border-dashed border-line px-6 py-12 text-center" data-testid="help-no-results">
          <SearchX className="size-6 text-subtle" aria-hidden />
          <p className="mt-3 font-semibold text-fg">No articles match “{q}”</p>
          <p className="mt-1 max-w-md text-sm text-muted">Try fewer or different words, such as the name of a screen (“Explorer”, “Image Maker”), or browse the categories.</p>
          <Button variant="secondary" size="sm" className="mt-4" onClick={onClear}>
            Clear search
          </Button>
        </div>
      ) : (
        <ul className="mt-4 space-y-2.5">
          {hits.map((hit) => (
            <ArticleRow key={`${hit.category}/${hit.slug}`} article={hit} categoryTitle={categoryTitles.get(hit.category)} />
          ))}
        </ul>
      )}
    </>
  );
}

function Categories({ categories }: { categories: HelpArticlesAnswer["data"]["categories"] }) {
  return (
    <section aria-labelledby="help-categories-title" className="mt-10">
      <h2 id="help-categories-title" className="text-lg font-semibold tracking-tight text-fg">
        Browse by topic
      </h2>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="help-categories">
        {categories.map((c) => {
          const Icon = categoryIcon(c.id);
          return (
            <li key={c.id}>
              <Link
                to={helpCategoryHref(c.id)}
                prefetch="intent"
                className="group flex h-full flex-col rounded-2xl border border-line bg-surface p-4 transition hover:border-brand/40 hover:bg-surface-2/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand"
              >
                <span className="flex items-center gap-2.5">
                  <span className="grid size-9 shrink-0 place-items-center rounded-xl bg-brand-soft text-brand">
                    <Icon className="size-[18px]" aria-hidden />
                  </span>
                  <span className="min-w-0 flex-1 font-semibold text-fg group-hover:text-brand">{c.title}</span>
                </span>
                <span className="mt-2.5 flex-1 text-sm leading-6 text-muted">{c.description}</span>
                <span className="mt-3 text-xs font-medium text-subtle">{c.count === 1 ? "1 article" : `${c.count} articles`}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Popular({ popular, categoryTitles }: { popular: HelpArticlesAnswer["data"]["popular"]; categoryTitles: Map<string, string> }) {
  const fromActivity = popular.basis === "activity";
  return (
    <section aria-labelledby="help-popular-title" className="mt-10" data-testid="help-popular">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="help-popular-title" className="text-lg font-semibold tracking-tight text-fg">
          {fromActivity ? "Popular articles" : "Start here"}
        </h2>
        {!fromActivity && (
          <Link to={helpCategoryHref("getting-started")} className="inline-flex items-center gap-1 text-sm font-medium text-brand hover:underline">
            All getting-started guides <ArrowRight className="size-3.5" aria-hidden />
          </Link>
        )}
      </div>
      <p className="mt-1 text-sm text-muted">{fromActivity ? "The guides merchants open most and find most helpful." : "The first guides to read when you are new to Dropcraft."}</p>
      <ul className="mt-4 space-y-2.5">
        {popular.articles.map((a) => (
          <ArticleRow key={`${a.category}/${a.slug}`} article={a} categoryTitle={categoryTitles.get(a.category)} />
        ))}
      </ul>
    </section>
  );
}

function HomeSkeleton() {
  return (
    <div role="status" className="mt-10 grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label="Loading the Help Center">
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} className="h-36 rounded-2xl" />
      ))}
    </div>
  );
}
