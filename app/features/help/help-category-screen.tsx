/** /help/categories/:category: the category's articles in reading order, or a not-found state. */
import { useEffect } from "react";
import { helpCategory } from "~/domain/help";
import { HttpError, errorMessage } from "~/lib/http";
import { LoadError, PageHeader, Skeleton } from "~/ui";
import { categoryIcon } from "./category-icons";
import { ArticleRow, Breadcrumbs, HelpNotFound, HelpPage, SupportCallout } from "./parts";
import { useHelpArticles } from "./use-help";

export function HelpCategoryScreen({ category }: { category: string }) {
  const known = helpCategory(category);
  const list = useHelpArticles({ category });

  useEffect(() => {
    if (known) document.title = `${known.title} — Help Center — Dropcraft`;
  }, [known]);

  const missing = !known || (list.error instanceof HttpError && list.error.status === 404);
  if (missing) {
    return (
      <HelpPage testId="help-category">
        <Breadcrumbs items={[{ label: "Help Center", to: "/help" }, { label: "Not found" }]} />
        <HelpNotFound title="This help category doesn’t exist" description={`There is no category called “${category}”. The Help Center lists every topic.`} />
      </HelpPage>
    );
  }

  const Icon = categoryIcon(known.id);
  return (
    <HelpPage testId="help-category">
      <Breadcrumbs items={[{ label: "Help Center", to: "/help" }, { label: known.title }]} />
      <div className="flex items-start gap-3">
        <span className="mt-1 grid size-10 shrink-0 place-items-center rounded-xl bg-brand-soft text-brand">
          <Icon className="size-5" aria-hidden />
        </span>
        <PageHeader title={known.title} description={known.description} className="min-w-0 flex-1" />
      </div>
      <div className="mt-8">
        {list.isPending ? (
          <div role="status" aria-busy="true" aria-label="Loading the articles" className="space-y-2.5">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-20 rounded-xl" />
            ))}
          </div>
        ) : list.data ? (
          <>
            <p className="mb-3 text-sm text-muted" data-testid="help-category-count">
              {list.data.articles.length === 1 ? "1 article" : `${list.data.articles.length} articles`}
            </p>
            <ul className="space-y-2.5">
              {list.data.articles.map((a) => (
                <ArticleRow key={a.slug} article={{ ...a, matched: [] }} />
              ))}
            </ul>
          </>
        ) : (
          <LoadError onRetry={() => void list.refetch()} retrying={list.isFetching}>
            {errorMessage(list.error, "The articles could not be loaded.")}
          </LoadError>
        )}
      </div>
      <SupportCallout href="/support" className="mt-10" />
    </HelpPage>
  );
}
