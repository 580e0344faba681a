/**
 * /support: open a ticket (subject, category, message, a screenshot with its preview), my
 * tickets with their statuses, and a ticket's conversation with a reply box. `?ticket=<id>`
 * opens one (the link in the reply email); `?article=<category>/<slug>` starts a ticket about a
 * help article; `?subject=…&category=…` starts a ticket with them filled in (the AI Launcher's "Ask for
 * access"). The open ticket refetches every 15 s and on focus, so a reply arrives by itself.
 */
import { Link, useSearchParams } from "@remix-run/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, Clock, ImagePlus, LifeBuoy, Mail, X } from "lucide-react";
import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from "react";
import {
  respondByPhrase,
  SCREENSHOT_TYPES,
  SUPPORT_LIMITS,
  TICKET_CATEGORIES,
  TICKET_CATEGORY_LABELS,
  type TicketCategory,
} from "~/domain/support";
import type { SupportPromise, Ticket } from "~/domain/contracts/support";
import { useCurrentUser } from "~/features/account";
import { apiRequest, errorMessage } from "~/lib/http";
import { notify } from "~/lib/toast";
import { Button, buttonClasses, EmptyState, Field, Input, LoadError, PageHeader, Pressable, Select, Skeleton, Textarea, useNow } from "~/ui";
import { createTicket, fetchArticleTitle, fetchTicket, fetchTickets, replyToTicket, supportKeys } from "./support-client";
import { TicketStatusBadge, TicketThread, when } from "./ticket-parts";

const REFRESH_MS = 15_000;

export function SupportScreen() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <Shell><Skeleton lines={6} /></Shell>;
  if (!user) return <SignedOut />;
  return <SignedIn />;
}

function Shell({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8" data-testid="support-screen">
      <PageHeader title="Support" description="Ask the Dropcraft team about your account, billing, a bug or how to do something. Replies arrive here and by email." />
      <div className="mt-6">{children}</div>
    </div>
  );
}

function SignedOut() {
  return (
    <Shell>
      <EmptyState
        icon={LifeBuoy}
        title="Log in to contact support"
        description="Support tickets belong to your account: log in to open one, follow the conversation and get replies by email. The help center answers many questions without logging in."
        action={
          <div className="flex flex-wrap justify-center gap-2">
            <Link to="/login?redirect=%2Fsupport" className={buttonClasses({})}>Log in</Link>
            <Link to="/help" className={buttonClasses({ variant: "secondary" })}>Browse the help center</Link>
          </div>
        }
      />
    </Shell>
  );
}

function SignedIn() {
  const [params, setParams] = useSearchParams();
  const openId = params.get("ticket");
  const article = params.get("article");
  const list = useQuery({ queryKey: supportKeys.list(), queryFn: ({ signal }) => fetchTickets(signal), refetchInterval: REFRESH_MS, refetchOnWindowFocus: true });
  const open = (id: string | null) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (id) next.set("ticket", id);
      else next.delete("ticket");
      next.delete("article");
      return next;
    });

  return (
    <Shell>
      {list.data && <PromiseLine promise={list.data.promise} />}
      <div className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
        <section aria-labelledby="my-tickets" className={openId ? "hidden lg:block" : undefined}>
          <h2 id="my-tickets" className="text-base font-semibold text-fg">My tickets</h2>
          <div className="mt-3">
            {list.isPending ? (
              <Skeleton lines={4} />
            ) : list.isError ? (
              <LoadError onRetry={() => list.refetch()} retrying={list.isFetching}>Your tickets could not be loaded. {errorMessage(list.error, "")}</LoadError>
            ) : list.data.data.length === 0 ? (
              <p className="rounded-xl border border-dashed border-line px-4 py-6 text-center text-sm text-muted">No tickets yet. Your questions and our replies will be listed here.</p>
            ) : (
              <ul className="flex flex-col gap-2" data-testid="ticket-list">
                {list.data.data.map((t) => (
                  <li key={t.id}>
                    <Pressable
                      onClick={() => open(t.id)}
                      aria-current={t.id === openId ? "true" : undefined}
                      className="w-full rounded-xl border border-line bg-surface px-4 py-3 text-left transition-colors hover:border-brand/40 aria-[current=true]:border-brand aria-[current=true]:bg-brand-soft/40 focus-visible:outline-2 focus-visible:outline-brand"
                      data-testid="ticket-row"
                    >
                      <span className="flex items-start justify-between gap-2">
                        <span className="min-w-0 truncate font-medium text-fg">{t.subject}</span>
                        <TicketStatusBadge status={t.status} />
                      </span>
                      <span className="mt-1 block truncate text-xs text-muted">{t.lastMessage}</span>
                      <span className="mt-1 block text-xs text-subtle">{TICKET_CATEGORY_LABELS[t.category]} · updated {when(t.updatedAt)}</span>
                    </Pressable>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </section>
        <section aria-label={openId ? "Ticket" : "New ticket"}>
          {openId ? (
            <TicketView id={openId} onBack={() => open(null)} />
          ) : (
            <NewTicketForm
              articleKey={article && /^[a-z0-9-]+\/[a-z0-9-]+$/.test(article) ? article : null}
              initialSubject={(params.get("subject") ?? "").slice(0, SUPPORT_LIMITS.subject)}
              initialCategory={(TICKET_CATEGORIES as readonly string[]).includes(params.get("category") ?? "") ? (params.get("category") as TicketCategory) : undefined}
              onCreated={(t) => open(t.id)}
            />
          )}
        </section>
      </div>
    </Shell>
  );
}

function PromiseLine({ promise }: { promise: SupportPromise }) {
  return promise.firstResponseHours ? (
    <p className="flex items-center gap-2 rounded-xl border border-accent/30 bg-accent/10 px-4 py-2.5 text-sm text-fg" data-testid="support-promise">
      <Clock className="size-4 shrink-0 text-accent" aria-hidden />
      Your plan includes a first reply within {promise.firstResponseHours} hours of opening a ticket.
    </p>
  ) : (
    <p className="flex items-center gap-2 rounded-xl border border-line bg-surface px-4 py-2.5 text-sm text-muted" data-testid="support-promise">
      <Mail className="size-4 shrink-0" aria-hidden />
      Replies come by email and appear here. The free plan has no promised response time; paid plans get a first reply within 24 hours.
    </p>
  );
}

function NewTicketForm({
  articleKey,
  initialSubject = "",
  initialCategory = "feature-question",
  onCreated,
}: {
  articleKey: string | null;
  initialSubject?: string;
  initialCategory?: TicketCategory;
  onCreated: (t: Ticket) => void;
}) {
  const queryClient = useQueryClient();
  const [subject, setSubject] = useState(initialSubject);
  const [category, setCategory] = useState<TicketCategory>(initialCategory);
  const [message, setMessage] = useState("");
  const [screenshot, setScreenshot] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [errors, setErrors] = useState<{ subject?: string; message?: string }>({});
  const fileInput = useRef<HTMLInputElement>(null);
  const preview = useMemo(() => (screenshot ? URL.createObjectURL(screenshot) : null), [screenshot]);
  useEffect(() => () => { if (preview) URL.revokeObjectURL(preview); }, [preview]);

  const article = useQuery({ queryKey: supportKeys.article(articleKey ?? ""), queryFn: ({ signal }) => fetchArticleTitle(articleKey!, signal), enabled: Boolean(articleKey), retry: false });
  const prefilled = useRef(false);
  useEffect(() => {
    if (!articleKey || prefilled.current || article.isPending) return;
    prefilled.current = true;
    setSubject((s) => s || (article.data ? `Question about: ${article.data}` : "Question about a help article"));
  }, [articleKey, article.isPending, article.data]);

  const create = useMutation({
    mutationFn: createTicket,
    onSuccess: async (t) => {
      notify({ title: "Ticket opened", description: "We'll reply here and by email.", variant: "success" });
      await queryClient.invalidateQueries({ queryKey: supportKeys.list() });
      queryClient.setQueryData(supportKeys.detail(t.id), t);
      onCreated(t);
    },
    onError: (err) => notify({ title: "The ticket was not sent", description: errorMessage(err, "Try again."), variant: "destructive" }),
  });

  const pick = (file: File | undefined) => {
    setFileError(undefined);
    if (!file) return;
    if (!(SCREENSHOT_TYPES as readonly string[]).includes(file.type)) return setFileError("Attach a PNG, JPEG or WebP image.");
    if (file.size > SUPPORT_LIMITS.screenshotBytes) return setFileError(`That image is ${(file.size / 1024 / 1024).toFixed(1)} MB; 5 MB at most.`);
    setScreenshot(file);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = { subject: subject.trim() ? undefined : "Give your ticket a subject.", message: message.trim() ? undefined : "Tell us what happened or what you need." };
    setErrors(next);
    if (next.subject || next.message) return;
    create.mutate({ subject: subject.trim(), category, message: message.trim(), articleKey: articleKey ?? undefined, screenshot });
  };

  return (
    <form onSubmit={submit} noValidate className="rounded-2xl border border-line bg-surface p-5 shadow-sm shadow-black/5 sm:p-6" data-testid="new-ticket-form">
      <h2 className="text-base font-semibold text-fg">Open a ticket</h2>
      {articleKey && <p className="mt-1 text-sm text-muted">About the help article <Link className="text-brand underline-offset-2 hover:underline" to={`/help/articles/${articleKey}`}>{article.data ?? articleKey}</Link>.</p>}
      <div className="mt-4 grid gap-4">
        <Field label="Subject" error={errors.subject}>
          <Input value={subject} onChange={(e) => setSubject(e.target.value)} maxLength={SUPPORT_LIMITS.subject} placeholder="e.g. Export to Shopify stops at step 2" name="subject" />
        </Field>
        <Field label="Category">
          <Select value={category} onChange={(e) => setCategory(e.target.value as TicketCategory)} name="category">
            {TICKET_CATEGORIES.map((c) => <option key={c} value={c}>{TICKET_CATEGORY_LABELS[c]}</option>)}
          </Select>
        </Field>
        <Field label="Message" error={errors.message} hint="What you did, what you expected and what happened instead.">
          <Textarea value={message} onChange={(e) => setMessage(e.target.value)} maxLength={SUPPORT_LIMITS.message} rows={6} name="message" />
        </Field>
        <div>
          {/* The visible button opens the file picker; the input itself is no Tab stop (it would be an invisible one). */}
          <p className="text-sm font-medium text-fg">Screenshot <span className="font-normal text-muted">(optional: PNG, JPEG or WebP, up to 5 MB)</span></p>
          <input ref={fileInput} type="file" accept={SCREENSHOT_TYPES.join(",")} className="sr-only" tabIndex={-1} aria-hidden data-testid="screenshot-input" onChange={(e) => { pick(e.target.files?.[0]); e.target.value = ""; }} />
          {preview ? (
            <div className="mt-2 flex items-start gap-3">
              <img src={preview} alt="Screenshot to attach" className="max-h-40 max-w-[60%] rounded-lg border border-line object-contain" data-testid="screenshot-preview" />
              <Button type="button" variant="ghost" size="sm" icon={<X className="size-4" aria-hidden />} onClick={() => setScreenshot(null)}>Remove</Button>
            </div>
          ) : (
            <Button type="button" variant="secondary" size="sm" className="mt-2" icon={<ImagePlus className="size-4" aria-hidden />} onClick={() => fileInput.current?.click()}>Attach a screenshot</Button>
          )}
          {fileError && <p role="alert" className="mt-1.5 text-sm text-danger">{fileError}</p>}
        </div>
      </div>
      <div className="mt-5 flex justify-end">
        <Button type="submit" loading={create.isPending} data-testid="send-ticket">Send ticket</Button>
      </div>
    </form>
  );
}

function TicketView({ id, onBack }: { id: string; onBack: () => void }) {
  const queryClient = useQueryClient();
  const now = useNow(60_000);
  const ticket = useQuery({ queryKey: supportKeys.detail(id), queryFn: ({ signal }) => fetchTicket(id, signal), refetchInterval: REFRESH_MS, refetchOnWindowFocus: true, retry: false });
  const [reply, setReply] = useState("");
  const send = useMutation({
    mutationFn: () => replyToTicket(id, reply.trim()),
    onSuccess: (t) => {
      setReply("");
      queryClient.setQueryData(supportKeys.detail(id), t);
      void queryClient.invalidateQueries({ queryKey: supportKeys.list() });
    },
    onError: (err) => notify({ title: "Your reply was not sent", description: errorMessage(err, "Try again."), variant: "destructive" }),
  });

  const back = (
    <Button variant="ghost" size="sm" icon={<ArrowLeft className="size-4" aria-hidden />} onClick={onBack}>New ticket</Button>
  );
  if (ticket.isPending) return <div>{back}<Skeleton lines={5} className="mt-3" /></div>;
  if (ticket.isError) {
    return (
      <div>
        {back}
        <LoadError className="mt-3" onRetry={() => ticket.refetch()} retrying={ticket.isFetching}>This ticket could not be loaded. {errorMessage(ticket.error, "")}</LoadError>
      </div>
    );
  }
  const t = ticket.data;
  return (
    <article className="rounded-2xl border border-line bg-surface p-5 shadow-sm shadow-black/5 sm:p-6" data-testid="ticket-view">
      {back}
      <header className="mt-2 flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="break-words text-lg font-semibold text-fg">{t.subject}</h2>
          <p className="mt-0.5 text-xs text-muted">{TICKET_CATEGORY_LABELS[t.category]} · opened {when(t.createdAt)}</p>
        </div>
        <TicketStatusBadge status={t.status} />
      </header>
      {t.respondBy && t.status !== "closed" && (
        <p className="mt-3 flex items-center gap-2 text-sm text-fg" data-testid="respond-by">
          <Clock className="size-4 text-accent" aria-hidden />
          {respondByPhrase(t.respondBy, now, t.firstResponseAt)}
        </p>
      )}
      {t.articleKey && <p className="mt-2 text-sm text-muted">About <Link className="text-brand hover:underline" to={`/help/articles/${t.articleKey}`}>this help article</Link>.</p>}
      {t.screenshotUrl && <Screenshot url={t.screenshotUrl} />}
      <div className="mt-5"><TicketThread messages={t.messages} viewer="user" /></div>
      <form
        className="mt-5 border-t border-line pt-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (reply.trim()) send.mutate();
        }}
      >
        <Field label={t.status === "closed" ? "Reply (this reopens the ticket)" : "Your reply"}>
          <Textarea value={reply} onChange={(e) => setReply(e.target.value)} rows={3} maxLength={SUPPORT_LIMITS.message} name="reply" />
        </Field>
        <div className="mt-3 flex justify-end">
          <Button type="submit" loading={send.isPending} disabled={!reply.trim()} data-testid="send-reply">Send reply</Button>
        </div>
      </form>
    </article>
  );
}

/** The screenshot comes through the API with the caller's credentials, so it is fetched as a blob. */
function Screenshot({ url }: { url: string }) {
  const shot = useQuery({
    queryKey: ["support", "screenshot", url],
    queryFn: async ({ signal }) => URL.createObjectURL(await (await apiRequest("GET", url, undefined, { signal })).blob()),
    staleTime: Infinity,
  });
  if (!shot.data) return null;
  return (
    <a href={shot.data} target="_blank" rel="noreferrer" className="mt-3 inline-block">
      <img src={shot.data} alt="Attached screenshot" className="max-h-48 rounded-lg border border-line object-contain" />
    </a>
  );
}
