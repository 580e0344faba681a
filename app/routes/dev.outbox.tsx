import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import type { OutboxEmail } from "~/domain/contracts/platform";
import { Form, Link, useLoaderData, useNavigation, useRevalidator, useSearchParams } from "@remix-run/react";
import { ExternalLink, FlaskConical, Inbox, Mail, RefreshCw, Search, X } from "lucide-react";
import { useState } from "react";
import { relativeTime } from "~/ui/time";
import { loadOutbox } from "~/server/remix/dev-tools.server";
import { Button } from "~/ui/button";
import { IconButton, Segment } from "~/ui";
export { appStylesheetLinks as links } from "~/stylesheets";

export const meta: MetaFunction = () => [
  { title: "Dev outbox — Dropcraft" },
  { name: "robots", content: "noindex, nofollow" },
];

/** The local email outbox, development only: production answers 404. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const to = new URL(request.url).searchParams.get("to")?.trim().slice(0, 254) ?? "";
  return { to, emails: await loadOutbox(context, to) };
}

const KIND_TONES: Record<string, string> = {
  verify_email: "border-brand/35 bg-brand-soft text-brand",
  email_changed: "border-brand/35 bg-brand-soft text-brand",
  reset_password: "border-warning/40 bg-warning/10 text-warning",
  password_changed: "border-accent/35 bg-accent/10 text-accent",
};

function KindBadge({ kind }: { kind: string }) {
  return (
    <span
      className={`inline-flex rounded-full border px-2 py-0.5 font-mono text-[11px] font-medium ${
        KIND_TONES[kind] ?? "border-line bg-surface-2 text-muted"
      }`}
    >
      {kind}
    </span>
  );
}

/** Server and browser clocks differ: the UTC stamp is stable, the relative part is client-only. */
function Stamp({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={iso} className="text-xs text-subtle" suppressHydrationWarning>
      {iso.replace("T", " ").slice(0, 19)} UTC · {relativeTime(iso)}
    </time>
  );
}

function Preview({ email }: { email: OutboxEmail }) {
  const [view, setView] = useState<"html" | "text">("html");
  const tab = (value: "html" | "text", label: string) => (
    <Segment size="sm" aria-pressed={view === value} onClick={() => setView(value)}>
      {label}
    </Segment>
  );
  return (
    <article
      id="outbox-preview"
      className="scroll-mt-20 overflow-hidden rounded-2xl border border-line bg-surface lg:scroll-mt-6"
      data-testid="outbox-preview"
      aria-labelledby="outbox-preview-subject"
    >
      <header className="space-y-3 border-b border-line px-5 py-4">
        <div className="flex flex-wrap items-center gap-2">
          <KindBadge kind={email.kind} />
          <span className="rounded-full border border-line px-2 py-0.5 font-mono text-[11px] text-subtle">
            via {email.transport}
          </span>
        </div>
        <h2 id="outbox-preview-subject" className="text-lg font-semibold tracking-tight text-fg">
          {email.subject}
        </h2>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
          <dt className="text-subtle">To</dt>
          <dd className="break-all text-fg">{email.to}</dd>
          <dt className="text-subtle">Sent</dt>
          <dd>
            <Stamp iso={email.createdAt} />
          </dd>
          {email.link && (
            <>
              <dt className="text-subtle">Link</dt>
              <dd>
                <a
                  href={email.link}
                  className="inline-flex max-w-full items-start gap-1.5 break-all font-medium text-brand hover:underline"
                  data-testid="outbox-link"
                >
                  <span>{email.link}</span>
                  <ExternalLink className="mt-0.5 size-3.5 shrink-0" aria-hidden />
                </a>
              </dd>
            </>
          )}
        </dl>
        <div role="group" aria-label="Preview format" className="inline-flex rounded-lg bg-surface-2 p-1">
          {tab("html", "HTML")}
          {tab("text", "Plain text")}
        </div>
      </header>
      {view === "html" ? (
        // sandbox="" : no scripts, no forms, an opaque origin. Links inside do nothing; use the one above.
        <iframe
          key={email.id}
          title={`HTML preview of “${email.subject}”`}
          sandbox=""
          srcDoc={email.html}
          className="block h-[620px] w-full bg-white"
          data-testid="outbox-iframe"
        />
      ) : (
        <pre className="max-h-[620px] overflow-auto whitespace-pre-wrap break-words px-5 py-4 font-mono text-[13px] leading-relaxed text-fg">
          {email.text}
        </pre>
      )}
    </article>
  );
}

export default function DevOutboxRoute() {
  const { to, emails } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const selectedId = Number(params.get("id"));
  const selected = emails.find((e) => e.id === selectedId) ?? emails[0];
  const busy = revalidator.state === "loading" || navigation.state === "loading";

  const hrefFor = (id: number) => {
    const next = new URLSearchParams();
    if (to) next.set("to", to);
    next.set("id", String(id));
    return `?${next.toString()}#outbox-preview`;
  };

  return (
    <main className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8" data-testid="dev-outbox">
      <div
        className="mb-6 flex items-start gap-3 rounded-xl border border-warning/40 bg-warning/10 px-4 py-3 text-sm text-fg"
        role="note"
      >
        <FlaskConical className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
        <p>
          <strong className="font-semibold">Dev outbox — local emails, development only.</strong> Nothing here was
          delivered to a real inbox. This page answers 404 in production.
        </p>
      </div>

      <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="flex items-center gap-2.5 text-2xl font-bold tracking-tight text-fg">
            <Inbox className="size-6 text-brand" aria-hidden />
            Dev outbox
          </h1>
          <p className="mt-1 text-sm text-muted">
            {to ? (
              <>
                {emails.length} email{emails.length === 1 ? "" : "s"} to <strong className="text-fg">{to}</strong>,
                newest first
              </>
            ) : (
              <>The {emails.length} most recent emails, newest first</>
            )}
          </p>
        </div>
        <div className="flex w-full flex-wrap items-center gap-2 sm:w-auto">
          <Form method="get" className="flex min-w-0 flex-1 items-center gap-2 sm:flex-none" role="search">
            <label htmlFor="outbox-to" className="sr-only">
              Filter by recipient address
            </label>
            <div className="relative min-w-0 flex-1 sm:w-72">
              <Search
                className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-subtle"
                aria-hidden
              />
              <input
                id="outbox-to"
                name="to"
                type="email"
                defaultValue={to}
                key={to}
                placeholder="Filter by address, e.g. you@store.com"
                autoComplete="off"
                className="h-10 w-full rounded-lg border border-line bg-bg-elevated pl-9 pr-3 text-sm text-fg outline-none placeholder:text-subtle focus:border-brand focus:ring-3 focus:ring-brand/25"
              />
            </div>
            <Button type="submit" variant="primary" size="md">
              Filter
            </Button>
          </Form>
          {to && (
            <Link
              to="."
              className="inline-flex h-10 items-center gap-1.5 rounded-lg border border-line px-3 text-sm font-medium text-muted hover:bg-surface-2 hover:text-fg"
            >
              <X className="size-4" aria-hidden />
              Clear
            </Link>
          )}
          <IconButton outlined onClick={() => revalidator.revalidate()} disabled={busy} label="Refresh the outbox" title="Refresh">
            <RefreshCw className={`size-4 ${busy ? "animate-spin" : ""}`} aria-hidden />
          </IconButton>
        </div>
      </header>

      {emails.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-line px-6 py-16 text-center" data-testid="outbox-empty">
          <Mail className="mx-auto size-8 text-subtle" aria-hidden />
          <p className="mt-3 font-medium text-fg">No emails {to ? `to ${to}` : "yet"}</p>
          <p className="mt-1 text-sm text-muted">Sign up, ask for a password reset or change an email, then refresh.</p>
        </div>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,380px)_minmax(0,1fr)]">
          <nav aria-label="Emails" className="order-2 lg:order-none">
            <ul className="space-y-2" data-testid="outbox-list">
              {emails.map((email) => {
                const active = email.id === selected?.id;
                return (
                  <li key={email.id}>
                    <Link
                      to={hrefFor(email.id)}
                      aria-current={active ? "true" : undefined}
                      data-testid="outbox-item"
                      className={`block rounded-xl border px-4 py-3 transition-colors ${
                        active ? "border-brand/50 bg-brand-soft" : "border-line bg-surface hover:bg-surface-2"
                      }`}
                    >
                      <span className="flex items-center justify-between gap-2">
                        <KindBadge kind={email.kind} />
                        <span className="text-xs text-subtle">#{email.id}</span>
                      </span>
                      <span className="mt-2 block truncate text-sm font-semibold text-fg">{email.subject}</span>
                      <span className="block truncate text-[13px] text-muted">{email.to}</span>
                      <span className="mt-1 block">
                        <Stamp iso={email.createdAt} />
                      </span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
          <div className="order-1 min-w-0 lg:order-none">
            {selected && <Preview key={selected.id} email={selected} />}
          </div>
        </div>
      )}
    </main>
  );
}
