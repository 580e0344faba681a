/** Pieces the Help Center's screens share: the search box, article rows, breadcrumbs and the not-found state. */
import { Link } from "@remix-run/react";
import { BookOpen, ChevronRight, FileQuestion, LifeBuoy, Search, X } from "lucide-react";
import { Fragment, type ReactNode } from "react";
import type { HelpArticleSummary, HelpSearchHit } from "~/domain/contracts/help";
import { helpArticleHref } from "~/domain/help";
import { EmptyState, IconButton, Input, Spinner, buttonClasses, cx } from "~/ui";

export function HelpPage({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8" data-testid={testId}>
      {children}
    </div>
  );
}

export function HelpSearchBox({ value, onChange, busy, autoFocus }: { value: string; onChange: (value: string) => void; busy?: boolean; autoFocus?: boolean }) {
  return (
    <form role="search" className="relative w-full" onSubmit={(e) => e.preventDefault()}>
      <Search className="pointer-events-none absolute left-4 top-1/2 size-5 -translate-y-1/2 text-subtle" aria-hidden />
      <Input
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder="Search help articles, e.g. “export to Shopify”"
        aria-label="Search help articles"
        maxLength={200}
        autoFocus={autoFocus}
        className="h-12 pl-12 pr-20 text-base"
        data-testid="help-search"
      />
      <span className="absolute right-2 top-1/2 flex -translate-y-1/2 items-center gap-1">
        {busy && <Spinner size="md" className="text-subtle" label="Searching" />}
        {value && (
          <IconButton label="Clear search" size="sm" onClick={() => onChange("")}>
            <X className="size-4" aria-hidden />
          </IconButton>
        )}
      </span>
    </form>
  );
}

/** The snippet with the matched words in bold. */
function Highlighted({ text, words }: { text: string; words: string[] }) {
  if (words.length === 0) return <>{text}</>;
  const pattern = new RegExp(`\\b(${words.map((w) => w.replace(/[^a-z0-9]/g, "")).filter(Boolean).join("|")})[a-z0-9]*`, "gi");
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    parts.push(text.slice(last, match.index));
    parts.push(
      <mark key={match.index} className="rounded bg-brand/15 px-0.5 text-fg">
        {match[0]}
      </mark>,
    );
    last = match.index! + match[0].length;
  }
  parts.push(text.slice(last));
  return (
    <>
      {parts.map((p, i) => (
        <Fragment key={i}>{p}</Fragment>
      ))}
    </>
  );
}

export function ArticleRow({ article, categoryTitle }: { article: HelpSearchHit | HelpArticleSummary; categoryTitle?: string }) {
  const hit = "snippet" in article ? article : null;
  return (
    <li>
      <Link
        to={helpArticleHref(article.category, article.slug)}
        prefetch="intent"
        className="group flex items-start gap-3 rounded-xl border border-line bg-surface px-4 py-3.5 transition hover:border-brand/40 hover:bg-surface-2/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand"
        data-testid="help-article-link"
      >
        <BookOpen className="mt-0.5 size-4 shrink-0 text-brand" aria-hidden />
        <span className="min-w-0 flex-1">
          <span className="block font-semibold text-fg group-hover:text-brand">{article.title}</span>
          {categoryTitle && <span className="mt-0.5 block text-xs font-medium uppercase tracking-wide text-subtle">{categoryTitle}</span>}
          <span className="mt-1 block break-words text-sm leading-6 text-muted">
            {hit && hit.matched.length > 0 ? <Highlighted text={hit.snippet} words={hit.matched} /> : article.summary}
          </span>
        </span>
        <ChevronRight className="mt-1 size-4 shrink-0 text-subtle transition group-hover:translate-x-0.5 group-hover:text-brand" aria-hidden />
      </Link>
    </li>
  );
}

export function Breadcrumbs({ items }: { items: { label: string; to?: string }[] }) {
  return (
    <nav aria-label="Breadcrumb" className="mb-4 flex min-w-0 flex-wrap items-center gap-1 text-[13px] text-muted">
      {items.map((item, i) => (
        <Fragment key={item.label}>
          {i > 0 && <ChevronRight className="size-3.5 shrink-0 text-subtle" aria-hidden />}
          {item.to ? (
            <Link to={item.to} className="hover:text-fg hover:underline">
              {item.label}
            </Link>
          ) : (
            <span aria-current="page" className="min-w-0 truncate text-fg">
              {item.label}
            </span>
          )}
        </Fragment>
      ))}
    </nav>
  );
}

export function HelpNotFound({ title, description }: { title: string; description: string }) {
  return (
    <EmptyState
      icon={FileQuestion}
      title={title}
      description={description}
      action={
        <Link to="/help" className={buttonClasses({ variant: "primary" })} data-testid="back-to-help">
          Back to the Help Center
        </Link>
      }
      className="mt-6"
    />
  );
}

export function SupportCallout({ href, className, emphasis }: { href: string; className?: string; emphasis?: boolean }) {
  return (
    <aside
      className={cx(
        "flex flex-col gap-3 rounded-2xl border p-5 sm:flex-row sm:items-center sm:justify-between",
        emphasis ? "border-brand/40 bg-brand-soft" : "border-line bg-surface",
        className,
      )}
      data-testid="support-callout"
    >
      <div className="flex items-start gap-3">
        <LifeBuoy className="mt-0.5 size-5 shrink-0 text-brand" aria-hidden />
        <div>
          <p className="font-semibold text-fg">Still stuck?</p>
          <p className="text-sm text-muted">Tell us what you tried; the team answers every ticket.</p>
        </div>
      </div>
      <Link
        to={href}
        className={buttonClasses({ variant: "secondary", className: "shrink-0" })}
        data-testid="open-ticket"
      >
        Open a support ticket
      </Link>
    </aside>
  );
}
