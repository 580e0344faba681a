/**
 * Where a page starts: paste a product URL (the guard and the extractor read it), start from an
 * Explorer product, or type the product by hand; and the merchant's recent pages to reopen.
 */
import { Link } from "@remix-run/react";
import { ArrowRight, Compass, Eye, FileText, Link2, MousePointerClick, PenLine, Plus } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import type { PageSummary } from "~/domain/contracts/pages";
import type { CreatedPage } from "~/features/pages";
import { errorMessage, HttpError } from "~/lib/http";
import {
  Badge,
  Button,
  buttonClasses,
  EmptyState,
  Field,
  Input,
  LoadError,
  PageHeader,
  Skeleton,
  Textarea,
  cx,
  Tile,
} from "~/ui";
import { formatMoney, formatWhen, parseMoney } from "./editor-logic";
import { useCreatePage, usePageList } from "./use-pages";

const URL_STEPS = [
  "Checking the address is safe to fetch",
  "Reading the product page",
  "Finding the title, price, images and variants",
];

/** Honest progress for one request: the steps the server takes, in order, paced while it works. */
export function StepProgress({ steps, testId }: { steps: string[]; testId: string }) {
  const [step, setStep] = useState(0);
  useEffect(() => {
    const t = setInterval(() => setStep((s) => Math.min(s + 1, steps.length - 1)), 1200);
    return () => clearInterval(t);
  }, [steps.length]);
  return (
    <ol role="status" aria-live="polite" className="mt-4 space-y-2" data-testid={testId}>
      {steps.map((s, i) => (
        <li
          key={s}
          className={cx(
            "flex items-center gap-2.5 text-sm",
            i < step ? "text-muted" : i === step ? "text-fg" : "text-subtle",
          )}
        >
          <span
            aria-hidden
            className={cx(
              "grid size-5 place-items-center rounded-full text-[11px] font-semibold",
              i < step
                ? "bg-accent/15 text-accent"
                : i === step
                  ? "bg-brand-strong text-white motion-safe:animate-pulse"
                  : "bg-surface-2",
            )}
          >
            {i < step ? "✓" : i + 1}
          </span>
          {s}
          {i === step && "…"}
        </li>
      ))}
    </ol>
  );
}

function FromUrl({ onCreated }: { onCreated: (created: CreatedPage) => void }) {
  const create = useCreatePage();
  const [url, setUrl] = useState("");
  const [error, setError] = useState<string | undefined>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const v = url.trim();
    if (!/^https?:\/\//i.test(v)) return setError("Paste the product page’s full address, starting with https://");
    setError(undefined);
    create.mutate(
      { sourceUrl: v },
      {
        onSuccess: onCreated,
        onError: (err) => setError(errorMessage(err, "Couldn’t read that page. Please try again.")),
      },
    );
  };
  return (
    <form
      onSubmit={submit}
      className="rounded-2xl border border-brand/30 bg-surface p-4 shadow-sm sm:p-5"
      aria-labelledby="pb-url-title"
      data-testid="pb-from-url"
    >
      <h2 id="pb-url-title" className="flex items-center gap-2 text-base font-semibold text-fg">
        <Link2 aria-hidden className="size-4 text-brand" /> From a product link
      </h2>
      <p className="mt-1 text-sm text-muted">
        A supplier’s or a store’s product page (Shopify, AliExpress listings with product data, any page with a
        product). We read it; nothing is invented.
      </p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-start">
        <Field label={<span className="sr-only">Product URL</span>} error={error} className="min-w-0 flex-1">
          <Input
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            placeholder="https://store.com/products/…"
            inputMode="url"
            autoComplete="url"
            spellCheck={false}
            disabled={create.isPending}
            data-testid="pb-source-url"
          />
        </Field>
        <Button
          type="submit"
          loading={create.isPending}
          icon={<ArrowRight className="size-4" aria-hidden />}
          className="h-11"
          data-testid="pb-source-submit"
        >
          Build the page
        </Button>
      </div>
      {create.isPending && <StepProgress steps={URL_STEPS} testId="pb-url-progress" />}
    </form>
  );
}

function ByHand({ onCreated }: { onCreated: (created: CreatedPage) => void }) {
  const create = useCreatePage();
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState("");
  const [price, setPrice] = useState("");
  const [description, setDescription] = useState("");
  const [errors, setErrors] = useState<{ title?: string; price?: string; form?: string }>({});
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const cents = parseMoney(price);
    const next = {
      title: title.trim() ? undefined : "Name the product.",
      price: cents === undefined ? "Type an amount like 19.99" : undefined,
    };
    setErrors(next);
    if (next.title || next.price) return;
    create.mutate(
      { product: { title: title.trim(), description, priceCents: cents ?? null } },
      {
        onSuccess: onCreated,
        onError: (err) => setErrors({ form: errorMessage(err, "Couldn’t create the page. Please try again.") }),
      },
    );
  };
  if (!open) {
    return (
      <Tile
        radius="2xl"
        onClick={() => setOpen(true)}
        className="flex w-full items-start gap-3 p-4"
        data-testid="pb-by-hand-open"
      >
        <span className="grid size-9 shrink-0 place-items-center rounded-xl bg-surface-2 text-muted" aria-hidden>
          <PenLine className="size-4" />
        </span>
        <span>
          <span className="block text-sm font-semibold text-fg">Type it in</span>
          <span className="block text-sm text-muted">
            No link? Start from a title and a price; add the rest in the editor.
          </span>
        </span>
      </Tile>
    );
  }
  return (
    <form
      onSubmit={submit}
      className="space-y-3 rounded-2xl border border-line bg-surface p-4"
      aria-label="Type the product in"
      data-testid="pb-by-hand"
    >
      <h2 className="flex items-center gap-2 text-sm font-semibold text-fg">
        <PenLine aria-hidden className="size-4 text-brand" /> Type it in
      </h2>
      <Field label="Product title" error={errors.title}>
        <Input
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          maxLength={255}
          autoFocus
          data-testid="pb-hand-title"
        />
      </Field>
      <Field label="Price" error={errors.price} hint="In your store’s currency; change the currency in the editor.">
        <Input value={price} onChange={(e) => setPrice(e.target.value)} inputMode="decimal" placeholder="29.99" />
      </Field>
      <Field label="Description (optional)">
        <Textarea value={description} onChange={(e) => setDescription(e.target.value)} rows={3} />
      </Field>
      {errors.form && (
        <p role="alert" className="text-sm text-danger">
          {errors.form}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" loading={create.isPending} icon={<Plus className="size-4" aria-hidden />}>
          Create the page
        </Button>
        <Button variant="ghost" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function RecentPages({ onOpen }: { onOpen: (id: string) => void }) {
  const pages = usePageList();
  return (
    <section aria-labelledby="pb-recent-title" className="min-w-0">
      <h2 id="pb-recent-title" className="mb-3 text-sm font-semibold text-fg">
        Your pages
      </h2>
      {pages.isPending ? (
        <div aria-busy className="space-y-2">
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
        </div>
      ) : pages.isError ? (
        <LoadError onRetry={() => void pages.refetch()} retrying={pages.isFetching}>
          Couldn’t load your pages: {errorMessage(pages.error, "please try again")}.
        </LoadError>
      ) : pages.data.length === 0 ? (
        <EmptyState
          icon={FileText}
          title="No pages yet"
          description="Paste a product link to build your first page. Drafts are saved as you edit and listed here."
        />
      ) : (
        <ul className="space-y-2" data-testid="pb-recent">
          {pages.data.map((p) => (
            <RecentRow key={p.id} page={p} onOpen={onOpen} />
          ))}
        </ul>
      )}
    </section>
  );
}

function RecentRow({ page, onOpen }: { page: PageSummary; onOpen: (id: string) => void }) {
  return (
    <li>
      <Tile
        onClick={() => onOpen(page.id)}
        className="block w-full px-3.5 py-3"
        data-testid="pb-recent-row"
      >
        <span className="flex items-start justify-between gap-3">
          <span className="min-w-0 break-words text-sm font-medium text-fg">{page.title}</span>
          <Badge tone={page.status === "published" ? "success" : "neutral"}>
            {page.status === "published" ? "Live" : "Draft"}
          </Badge>
        </span>
        <span className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-subtle">
          <span>{formatMoney(page.priceCents, page.currency)}</span>
          <span>Edited {formatWhen(page.updatedAt)}</span>
          {page.status === "published" && (
            <>
              <span className="inline-flex items-center gap-1">
                <Eye aria-hidden className="size-3" /> {page.views} views
              </span>
              <span className="inline-flex items-center gap-1">
                <MousePointerClick aria-hidden className="size-3" /> {page.buyClicks} buy clicks
              </span>
            </>
          )}
        </span>
      </Tile>
    </li>
  );
}

export function StartView({
  onCreated,
  onOpen,
}: {
  onCreated: (created: CreatedPage) => void;
  onOpen: (id: string) => void;
}) {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8" data-testid="page-builder-start">
      <PageHeader
        title="AI Page Builder"
        description="Turn a product link into a store page that sells: check what was read, fix it, write it with AI, preview it on desktop and phone, then publish it or send it to your Shopify store."
      />
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
        <div className="min-w-0 space-y-3">
          <FromUrl onCreated={onCreated} />
          <div className="grid gap-3 sm:grid-cols-2">
            <Link
              to="/ai-explore"
              className="flex items-start gap-3 rounded-2xl border border-line bg-surface p-4 transition-colors hover:border-brand/40"
              data-testid="pb-from-explorer"
            >
              <span className="grid size-9 shrink-0 place-items-center rounded-xl bg-surface-2 text-muted" aria-hidden>
                <Compass className="size-4" />
              </span>
              <span>
                <span className="block text-sm font-semibold text-fg">From the Explorer</span>
                <span className="block text-sm text-muted">Open a winning product and choose “Build a page”.</span>
              </span>
            </Link>
            <ByHand onCreated={onCreated} />
          </div>
        </div>
        <RecentPages onOpen={onOpen} />
      </div>
    </div>
  );
}

/** The Explorer's link: `?product=<id>` makes a draft from that product straight away. */
export function FromExplorer({
  productId,
  onCreated,
  onCancel,
}: {
  productId: string;
  onCreated: (created: CreatedPage) => void;
  onCancel: () => void;
}) {
  const create = useCreatePage();
  const { mutate } = create;
  const started = useRef<string | null>(null);
  useEffect(() => {
    // One draft per visit of the link, even if the effect runs twice.
    if (started.current === productId) return;
    started.current = productId;
    mutate({ productId }, { onSuccess: onCreated });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [productId, mutate]);
  const notFound = create.error instanceof HttpError && create.error.status === 404;
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-12 sm:px-6" data-testid="pb-from-product">
      <div className="rounded-2xl border border-line bg-surface p-5">
        <h1 className="text-lg font-semibold text-fg">Building a page from {productId}</h1>
        {create.isError ? (
          <div role="alert" className="mt-3 text-sm">
            <p className="text-fg">
              {notFound
                ? `No product ${productId} in your Explorer catalog.`
                : `Couldn’t start the page: ${errorMessage(create.error, "please try again")}.`}
            </p>
            <div className="mt-3 flex flex-wrap gap-2">
              {!notFound && (
                <Button size="sm" onClick={() => mutate({ productId }, { onSuccess: onCreated })}>
                  Try again
                </Button>
              )}
              <Link to="/ai-explore" className={buttonClasses({ variant: "secondary", size: "sm" })}>
                Back to the Explorer
              </Link>
              <Button size="sm" variant="ghost" onClick={onCancel}>
                Start another way
              </Button>
            </div>
          </div>
        ) : (
          <StepProgress steps={["Reading the Explorer record", "Making the draft"]} testId="pb-product-progress" />
        )}
      </div>
    </div>
  );
}
