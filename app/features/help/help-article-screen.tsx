/**
 * /help/articles/:category/:slug: the article with its table of contents, "Was this helpful?"
 * (one vote per signed-in user; signed out, a way to log in), related articles and a support
 * ticket pre-filled with the article. Unknown articles get a not-found state.
 */
import { Link, useLocation } from "@remix-run/react";
import { ListTree, ThumbsDown, ThumbsUp } from "lucide-react";
import { useEffect } from "react";
import type { HelpArticle } from "~/domain/contracts/help";
import { helpCategory, helpCategoryHref, supportTicketHref } from "~/domain/help";
import { useCurrentUser } from "~/features/account";
import { HttpError, errorMessage } from "~/lib/http";
import { notify } from "~/lib/toast";
import { Button, LoadError, Skeleton, cx } from "~/ui";
import { ArticleMarkdown } from "./article-markdown";
import { ArticleRow, Breadcrumbs, HelpNotFound, HelpPage, SupportCallout } from "./parts";
import { useHelpArticle, useHelpVote } from "./use-help";

export function HelpArticleScreen({ category, slug }: { category: string; slug: string }) {
  const article = useHelpArticle(category, slug);
  const categoryInfo = helpCategory(category);

  useEffect(() => {
    if (article.data) document.title = `${article.data.title} — Help Center — Dropcraft`;
  }, [article.data]);

  if (article.error instanceof HttpError && (article.error.status === 404 || article.error.status === 400)) {
    return (
      <HelpPage testId="help-article">
        <Breadcrumbs items={[{ label: "Help Center", to: "/help" }, ...(categoryInfo ? [{ label: categoryInfo.title, to: helpCategoryHref(category) }] : []), { label: "Not found" }]} />
        <HelpNotFound
          title="This article doesn’t exist"
          description="It may have moved, or the link is mistyped. Search the Help Center or browse its topics to find what you need."
        />
      </HelpPage>
    );
  }

  const data = article.data;
  return (
    <HelpPage testId="help-article">
      <Breadcrumbs
        items={[
          { label: "Help Center", to: "/help" },
          { label: data?.categoryTitle ?? categoryInfo?.title ?? category, to: helpCategoryHref(category) },
          { label: data?.title ?? "Article" },
        ]}
      />
      {article.isPending ? (
        <div role="status" aria-busy="true" aria-label="Loading the article" className="max-w-3xl space-y-4">
          <Skeleton className="h-9 w-3/4" />
          <Skeleton lines={3} />
          <Skeleton lines={6} className="pt-6" />
        </div>
      ) : !data ? (
        <LoadError onRetry={() => void article.refetch()} retrying={article.isFetching}>
          {errorMessage(article.error, "The article could not be loaded.")}
        </LoadError>
      ) : (
        <ArticleBody article={data} />
      )}
    </HelpPage>
  );
}

function ArticleBody({ article }: { article: HelpArticle }) {
  const ticketHref = supportTicketHref(article.category, article.slug);
  return (
    <div className="lg:grid lg:grid-cols-[minmax(0,1fr)_15rem] lg:gap-10">
      <article className="min-w-0 max-w-3xl" aria-labelledby="help-article-title">
        <h1 id="help-article-title" className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">
          {article.title}
        </h1>
        <p className="mt-2 text-base leading-7 text-muted">{article.summary}</p>

        {article.headings.length > 1 && (
          <details className="group mt-5 rounded-xl border border-line bg-surface px-4 py-3 lg:hidden" data-testid="help-toc-mobile">
            <summary className="flex cursor-pointer list-none items-center gap-2 text-sm font-semibold text-fg">
              <ListTree className="size-4 text-brand" aria-hidden /> On this page
            </summary>
            <TocLinks headings={article.headings} className="mt-2" />
          </details>
        )}

        <div className="mt-6" data-testid="help-article-body">
          <ArticleMarkdown markdown={article.markdown} />
        </div>

        <VoteBox article={article} />
        <SupportCallout href={ticketHref} className="mt-6" emphasis={article.myVote === false} />

        {article.related.length > 0 && (
          <section aria-labelledby="help-related-title" className="mt-10" data-testid="help-related">
            <h2 id="help-related-title" className="text-lg font-semibold tracking-tight text-fg">
              Related articles
            </h2>
            <ul className="mt-3 space-y-2.5">
              {article.related.map((r) => (
                <ArticleRow key={`${r.category}/${r.slug}`} article={r} />
              ))}
            </ul>
          </section>
        )}
      </article>

      {article.headings.length > 1 && (
        <aside className="hidden lg:block" aria-label="Table of contents">
          <nav className="sticky top-6 rounded-xl border border-line bg-surface p-4" data-testid="help-toc">
            <p className="flex items-center gap-2 text-xs font-semibold uppercase tracking-wide text-subtle">
              <ListTree className="size-3.5" aria-hidden /> On this page
            </p>
            <TocLinks headings={article.headings} className="mt-2" />
          </nav>
        </aside>
      )}
    </div>
  );
}

function TocLinks({ headings, className }: { headings: HelpArticle["headings"]; className?: string }) {
  return (
    <ol className={cx("space-y-1 text-sm", className)}>
      {headings.map((h) => (
        <li key={h.id}>
          <a href={`#${h.id}`} className="block rounded px-1 py-1 leading-5 text-muted hover:bg-surface-2 hover:text-fg">
            {h.text}
          </a>
        </li>
      ))}
    </ol>
  );
}

function VoteBox({ article }: { article: HelpArticle }) {
  const { user, isLoading } = useCurrentUser();
  const location = useLocation();
  const vote = useHelpVote(article.category, article.slug);
  const { helpful, notHelpful } = article.votes;
  const total = helpful + notHelpful;

  const cast = (value: boolean) =>
    vote.mutate(value, {
      onSuccess: () => notify({ title: "Thanks for telling us", description: value ? "Glad it helped." : "If it left a question open, a support ticket reaches the team.", variant: "success" }),
      onError: (err) => notify({ title: "Your vote was not saved", description: errorMessage(err, "Please try again."), variant: "destructive" }),
    });

  const choice = (value: boolean, label: string, Icon: typeof ThumbsUp) => {
    const selected = article.myVote === value;
    return (
      <Button
        variant={selected ? "primary" : "secondary"}
        size="sm"
        aria-pressed={selected}
        loading={vote.isPending && vote.variables === value}
        disabled={vote.isPending}
        onClick={() => cast(value)}
        icon={<Icon className="size-4" aria-hidden />}
        data-testid={value ? "vote-yes" : "vote-no"}
      >
        {label}
      </Button>
    );
  };

  return (
    <section aria-labelledby="help-vote-title" className="mt-10 rounded-2xl border border-line bg-surface p-5" data-testid="help-vote">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h2 id="help-vote-title" className="font-semibold text-fg">
          Was this helpful?
        </h2>
        {user ? (
          <div className="flex gap-2">
            {choice(true, "Yes", ThumbsUp)}
            {choice(false, "No", ThumbsDown)}
          </div>
        ) : isLoading ? (
          <Skeleton className="h-9 w-32" />
        ) : (
          <p className="text-sm text-muted" data-testid="vote-login">
            <Link to={`/login?redirect=${encodeURIComponent(location.pathname)}`} className="font-medium text-brand hover:underline">
              Log in
            </Link>{" "}
            to tell us.
          </p>
        )}
      </div>
      <p className="mt-2 text-sm text-muted" aria-live="polite" data-testid="vote-status">
        {article.myVote === true && "You found this helpful. You can change your answer at any time."}
        {article.myVote === false && "Sorry it didn’t help. Open a ticket below and tell us what you were looking for."}
        {article.myVote === null && total > 0 && `${helpful} of ${total} ${total === 1 ? "reader" : "readers"} found this helpful.`}
        {article.myVote !== null && total > 0 && ` ${helpful} of ${total} ${total === 1 ? "reader" : "readers"} found this helpful.`}
      </p>
    </section>
  );
}
