import {
  ArrowUpRight,
  BookOpen,
  ChevronDown,
  ChevronLeft,
  ChevronRight,
  CircleStop,
  Copy,
  FileText,
  Pencil,
  RefreshCw,
  RotateCcw,
  Sparkles,
  ThumbsDown,
  TriangleAlert,
} from "lucide-react";
import { memo, useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import type { CitedRecord } from "~/domain/contracts/chats";
import {
  answerAsMarkdown,
  answerAsText,
  canSend,
  hostOf,
  type Citation,
  type ViewMessage,
} from "~/features/chat/chat-logic";
import { notify } from "~/lib/toast";
import { Button } from "~/ui/button";
import { IconButton } from "~/ui/icon-button";
import { Menu, MenuContent, MenuItem, MenuTrigger } from "~/ui/menu";
import { Tip } from "~/ui/tooltip";
import { useCopyText } from "~/ui/use-copy-text";
import { CopyButton } from "./copy-button";
import { MarkdownContent } from "./markdown";
import { CharacterCount, Tile } from "~/ui";
import { MESSAGE_MAX } from "~/domain/chat/conversation";

/** A turn's versions: which one is shown and how to move between them. */
export interface VersionNav {
  index: number;
  count: number;
  onShow(offset: -1 | 1): void;
}

/** "‹ 2 / 3 ›" under a message that was edited or answered again. */
function VersionSwitcher({
  nav,
  what,
  disabled,
}: {
  nav: VersionNav;
  what: "question" | "answer";
  disabled?: boolean;
}) {
  return (
    <span className="inline-flex items-center text-xs tabular-nums text-subtle" data-testid="chat-versions">
      <IconButton
        label={`Previous version of this ${what}`}
        size="sm"
        disabled={disabled || nav.index === 0}
        onClick={() => nav.onShow(-1)}
      >
        <ChevronLeft className="size-4" aria-hidden />
      </IconButton>
      <span aria-live="polite" data-testid="chat-version-label">
        {nav.index + 1} / {nav.count}
      </span>
      <IconButton
        label={`Next version of this ${what}`}
        size="sm"
        disabled={disabled || nav.index === nav.count - 1}
        onClick={() => nav.onShow(1)}
      >
        <ChevronRight className="size-4" aria-hidden />
      </IconButton>
    </span>
  );
}

export function AssistantAvatar({ className = "" }: { className?: string }) {
  return (
    <span
      aria-hidden
      className={`grid size-8 shrink-0 place-items-center rounded-full bg-gradient-to-br from-brand to-brand-strong text-white shadow-md shadow-brand/25 ring-1 ring-white/10 ${className}`}
    >
      <Sparkles className="size-4" />
    </span>
  );
}

/** Three dots while the answer has not started. */
export function TypingIndicator({ label = "Researching" }: { label?: string }) {
  return (
    <div className="flex h-7 items-center gap-2.5 text-sm text-muted" role="status" data-testid="chat-typing">
      <span className="flex items-center gap-1" aria-hidden>
        {[0, 150, 300].map((delay) => (
          <span
            key={delay}
            className="size-1.5 animate-bounce rounded-full bg-brand [animation-duration:1s]"
            style={{ animationDelay: `${delay}ms` }}
          />
        ))}
      </span>
      <span className="animate-pulse">{label}…</span>
    </div>
  );
}

export const UserMessage = memo(function UserMessage({
  message,
  versions,
  editing = false,
  busy = false,
  onEditStart,
  onEditCancel,
  onEditSave,
}: {
  message: ViewMessage;
  versions?: VersionNav;
  /** This question is open for editing (its text in a box, answered again on Save). */
  editing?: boolean;
  /** An answer is being written in this chat: editing waits. */
  busy?: boolean;
  onEditStart?(message: ViewMessage): void;
  onEditCancel?(): void;
  onEditSave?(message: ViewMessage, text: string): void;
}) {
  const saved = !message.status && !message.id.startsWith("local-");
  return (
    <div
      className="group flex flex-col items-end gap-1"
      data-testid="chat-message-user"
      data-role="user"
      data-status={message.status ?? "saved"}
    >
      {editing && onEditSave && onEditCancel ? (
        <EditQuestion message={message} onCancel={onEditCancel} onSave={(text) => onEditSave(message, text)} />
      ) : (
        <div
          className={`max-w-[85%] whitespace-pre-wrap break-words rounded-3xl rounded-br-lg bg-surface-2 px-4 py-2.5 text-[15px] leading-7 text-fg ring-1 ring-line/60 sm:max-w-[75%] ${
            message.status === "sending" ? "opacity-80" : ""
          }`}
        >
          {message.content}
        </div>
      )}
      {!editing && (
        <div className="-mb-2 flex h-8 items-center gap-0.5 opacity-0 transition-opacity focus-within:opacity-100 group-hover:opacity-100 max-md:opacity-100 [&:has([data-testid=chat-versions])]:opacity-100">
          {versions && versions.count > 1 && <VersionSwitcher nav={versions} what="question" disabled={busy} />}
          {saved && onEditStart && (
            <Tip content="Edit and ask again">
              <IconButton
                label="Edit question"
                size="sm"
                disabled={busy}
                onClick={() => onEditStart(message)}
                data-testid="chat-edit"
              >
                <Pencil className="size-3.5" aria-hidden />
              </IconButton>
            </Tip>
          )}
          <CopyButton text={message.content} label="Copy message" />
        </div>
      )}
    </div>
  );
});

/** The question's text in a box: Enter (or Save) answers the edited question, Escape cancels. */
function EditQuestion({
  message,
  onCancel,
  onSave,
}: {
  message: ViewMessage;
  onCancel(): void;
  onSave(text: string): void;
}) {
  const [text, setText] = useState(message.content);
  const ref = useRef<HTMLTextAreaElement>(null);
  const countId = useId();
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.focus();
    el.setSelectionRange(el.value.length, el.value.length);
  }, []);
  const save = () => {
    if (canSend(text) && text.trim() !== message.content.trim()) onSave(text.trim());
    else if (text.trim() === message.content.trim()) onCancel();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === "Escape") {
      e.preventDefault();
      e.stopPropagation();
      onCancel();
    } else if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      save();
    }
  };
  return (
    <div
      className="w-full max-w-[85%] rounded-3xl bg-surface-2 p-3 ring-1 ring-brand/50 sm:max-w-[75%]"
      data-testid="chat-edit-box"
    >
      <label className="sr-only" htmlFor={`edit-${message.id}`}>
        Edit your question
      </label>
      <textarea
        id={`edit-${message.id}`}
        ref={ref}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        rows={Math.min(8, Math.max(2, text.split("\n").length))}
        aria-describedby={countId}
        aria-invalid={text.length > MESSAGE_MAX || undefined}
        className="block w-full resize-none bg-transparent px-1 text-[15px] leading-7 text-fg outline-none"
      />
      <CharacterCount id={countId} length={text.length} max={MESSAGE_MAX} className="px-1 pt-1" data-testid="chat-edit-char-count" />
      <div className="mt-2 flex items-center justify-end gap-2">
        <span className="mr-auto text-xs text-subtle">Your earlier version and its answer stay one click away.</span>
        <Button variant="ghost" size="sm" onClick={onCancel}>
          Cancel
        </Button>
        <Button size="sm" onClick={save} disabled={!canSend(text)} data-testid="chat-edit-save">
          Save and ask
        </Button>
      </div>
    </div>
  );
}

function ExecutiveSummary({ text }: { text: string }) {
  return (
    <section
      aria-label="Executive summary"
      className="relative mb-5 overflow-hidden rounded-2xl border border-brand/25 bg-brand-soft px-4 py-3.5"
      data-testid="chat-summary"
    >
      <span aria-hidden className="absolute inset-y-0 left-0 w-1 bg-gradient-to-b from-brand to-accent" />
      <p className="mb-1.5 flex items-center gap-1.5 text-xs font-semibold uppercase tracking-[0.08em] text-brand">
        <Sparkles className="size-3.5" aria-hidden />
        Executive summary
      </p>
      <p className="whitespace-pre-wrap text-[15px] leading-7 text-fg">{text}</p>
    </section>
  );
}

const SOURCES_SHOWN = 4;

/** "sample-catalog" → "Sample catalog"; other labels as given. */
function sourceLabel(source: string): string {
  if (!/^[a-z0-9]+(?:[-_][a-z0-9]+)+$/.test(source)) return source;
  const words = source.replace(/[-_]+/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function SourceCard({
  citation,
  index,
  onOpen,
}: {
  citation: Citation;
  index: number;
  onOpen?: (record: CitedRecord) => void;
}) {
  const host = hostOf(citation.url);
  const label = sourceLabel(citation.source);
  // Titles often start with their source ("Sample catalog · …"): say it once.
  const repeated = citation.title.toLowerCase().startsWith(label.toLowerCase());
  const title = repeated
    ? citation.title.slice(label.length).replace(/^\s*[·:|–-]\s*/, "") || citation.title
    : citation.title;
  const meta = [label, host].filter(Boolean).join(" · ");
  const body = (
    <>
      <span className="grid size-5 shrink-0 place-items-center rounded-md bg-surface-2 text-[11px] font-semibold text-muted ring-1 ring-line">
        {index + 1}
      </span>
      <span className="min-w-0 flex-1">
        <span className="line-clamp-2 text-[13px] font-medium leading-5 text-fg">{title}</span>
        {/* Muted, not subtle: on the card's hover tint subtle text falls under 4.5:1 (light theme, 4.41). */}
        <span className="mt-0.5 block truncate text-xs text-muted">{meta}</span>
      </span>
      {host && (
        <ArrowUpRight
          className="size-3.5 shrink-0 text-subtle transition-transform group-hover/src:-translate-y-px group-hover/src:translate-x-px group-hover/src:text-fg"
          aria-hidden
        />
      )}
    </>
  );
  const cls = "flex h-full items-start gap-2.5 rounded-xl border border-line bg-surface px-3 py-2.5";
  if (citation.record && onOpen) {
    const record = citation.record;
    return (
      <Tile
        onClick={() => onOpen(record)}
        className={`group/src ${cls} w-full hover:bg-surface-2`}
        data-testid="chat-source-open"
      >
        {/* The name is the card's own text first (WCAG 2.5.3), then what a press does. */}
        {body}
        <span className="sr-only">, open source {index + 1}</span>
        <ArrowUpRight className="size-3.5 shrink-0 text-subtle group-hover/src:text-fg" aria-hidden />
      </Tile>
    );
  }
  return host ? (
    <a
      href={citation.url}
      target="_blank"
      rel="noopener noreferrer nofollow"
      className={`group/src ${cls} transition-colors hover:border-brand/40 hover:bg-surface-2`}
    >
      {body}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  ) : (
    <div className={cls}>{body}</div>
  );
}

function Sources({ citations, onOpen }: { citations: Citation[]; onOpen?: (record: CitedRecord) => void }) {
  const [all, setAll] = useState(false);
  const listId = useId();
  const shown = all ? citations : citations.slice(0, SOURCES_SHOWN);
  const hidden = citations.length - shown.length;
  return (
    <section aria-label="Sources" className="mt-5" data-testid="chat-sources">
      <h3 className="mb-2 flex items-center gap-1.5 text-xs font-semibold uppercase tracking-[0.08em] text-subtle">
        <BookOpen className="size-3.5" aria-hidden />
        Sources
        <span className="rounded-full bg-surface-2 px-1.5 py-px text-[10px] font-semibold text-muted">
          {citations.length}
        </span>
      </h3>
      <ol id={listId} className="grid gap-2 sm:grid-cols-2">
        {shown.map((c, i) => (
          <li key={`${i}-${c.title}`}>
            <SourceCard citation={c} index={i} onOpen={onOpen} />
          </li>
        ))}
      </ol>
      {citations.length > SOURCES_SHOWN && (
        <Button
          variant="ghost"
          size="sm"
          className="mt-2"
          onClick={() => setAll((v) => !v)}
          aria-expanded={all}
          aria-controls={listId}
        >
          {all ? "Show fewer sources" : `Show ${hidden} more source${hidden === 1 ? "" : "s"}`}
          <ChevronDown className={`size-3.5 transition-transform ${all ? "rotate-180" : ""}`} aria-hidden />
        </Button>
      )}
    </section>
  );
}

function TurnAlert({
  tone,
  text,
  onRetry,
  retryLabel,
  disabled,
}: {
  tone: "error" | "stopped";
  text: string;
  onRetry?: () => void;
  retryLabel: string;
  disabled?: boolean;
}) {
  const error = tone === "error";
  const Icon = error ? TriangleAlert : CircleStop;
  return (
    <div
      role={error ? "alert" : "status"}
      data-testid={error ? "chat-turn-error" : "chat-turn-stopped"}
      className={`mt-3 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border px-3.5 py-2.5 text-sm ${
        error ? "border-danger/30 bg-danger/10 text-fg" : "border-line bg-surface text-muted"
      }`}
    >
      <Icon className={`size-4 shrink-0 ${error ? "text-danger" : "text-subtle"}`} aria-hidden />
      <span className="min-w-0 flex-1">{text}</span>
      {onRetry && (
        <Button
          variant="secondary"
          size="sm"
          onClick={onRetry}
          disabled={disabled}
          data-testid="chat-retry"
          icon={<RotateCcw className="size-3.5" aria-hidden />}
        >
          {retryLabel}
        </Button>
      )}
    </div>
  );
}

/** A blinking caret after the last block of an answer being written. */
const CARET =
  "[&>:last-child]:after:ml-1 [&>:last-child]:after:inline-block [&>:last-child]:after:h-[1.1em] [&>:last-child]:after:w-[3px] [&>:last-child]:after:translate-y-[0.2em] [&>:last-child]:after:animate-pulse [&>:last-child]:after:rounded-full [&>:last-child]:after:bg-brand [&>:last-child]:after:content-['']";

/** "Copy" with a choice: the answer as Markdown (for docs and notes) or as plain text (for email and chat). */
function CopyAnswerMenu({ message }: { message: ViewMessage }) {
  const { copy: copyText } = useCopyText({
    failedToast: { title: "Copy failed", description: "Your browser did not allow copying.", variant: "destructive" },
  });
  const copy = async (text: string, what: string) => {
    if (await copyText(text)) notify({ title: `Copied as ${what}` });
  };
  return (
    <Menu>
      <Tip content="Copy answer">
        <MenuTrigger asChild>
          <IconButton label="Copy answer" size="sm" data-testid="chat-copy-menu">
            <Copy className="size-4" aria-hidden />
          </IconButton>
        </MenuTrigger>
      </Tip>
      <MenuContent align="start">
        <MenuItem onSelect={() => void copy(answerAsMarkdown(message), "Markdown")} data-testid="chat-copy-markdown">
          <FileText className="size-4 text-subtle" aria-hidden />
          Copy as Markdown
        </MenuItem>
        <MenuItem onSelect={() => void copy(answerAsText(message), "plain text")} data-testid="chat-copy-text">
          <Copy className="size-4 text-subtle" aria-hidden />
          Copy as plain text
        </MenuItem>
      </MenuContent>
    </Menu>
  );
}

/** Why an answer did not use a query, in the merchant's words. */
function notCountedReason(message: ViewMessage): string {
  if (message.stopped) return "Stopped before it began: this answer did not use a query.";
  if (message.refund === "not-what-i-asked") return "You marked it 'Not what I asked': its query was given back.";
  if (message.refund === "repeat") return "The same answer as an earlier version: this one did not use a query.";
  return "Nothing found to answer with: this answer did not use a query.";
}

export const AssistantMessage = memo(function AssistantMessage({
  message,
  onRetry,
  retryDisabled,
  versions,
  onRegenerate,
  onNotWhatIAsked,
  onOpenRecord,
  expandAnalysis = false,
}: {
  message: ViewMessage;
  onRetry?: (message: ViewMessage) => void;
  retryDisabled?: boolean;
  versions?: VersionNav;
  /** Answer the question again (a new version; this one stays). */
  onRegenerate?: (message: ViewMessage) => void;
  /** Mark an answer that misread the question (kept for review, its query given back). */
  onNotWhatIAsked?: (message: ViewMessage) => Promise<void>;
  onOpenRecord?: (record: CitedRecord) => void;
  /** Show the full analysis of a research answer open (it was just written on this page). */
  expandAnalysis?: boolean;
}) {
  const streaming = message.status === "streaming";
  const stopped = message.status === "stopped" || (!message.status && message.stopped === true);
  // A saved research answer shows its executive summary first and its analysis on request.
  const research = message.fullResearch !== undefined && !streaming;
  const analysis = research ? (message.fullResearch ?? "") : message.content;
  const hasText = analysis.trim().length > 0;
  const settled = !streaming;
  const [open, setOpen] = useState(expandAnalysis);
  const [marking, setMarking] = useState(false);
  const analysisId = useId();
  return (
    <div
      className="group flex gap-3 sm:gap-4"
      data-testid="chat-message-assistant"
      data-role="assistant"
      data-status={message.status ?? "saved"}
    >
      <AssistantAvatar className="mt-0.5 max-sm:hidden" />
      <div className="min-w-0 flex-1">
        {message.summary && <ExecutiveSummary text={message.summary} />}
        {research && hasText && (
          <Button
            variant="secondary"
            size="sm"
            className="mb-3"
            onClick={() => setOpen((v) => !v)}
            aria-expanded={open}
            aria-controls={analysisId}
            data-testid="chat-full-analysis-toggle"
          >
            {open ? "Hide Full Analysis" : "View Full Analysis"}
            <ChevronDown className={`size-4 transition-transform ${open ? "rotate-180" : ""}`} aria-hidden />
          </Button>
        )}
        {hasText && (!research || open) ? (
          <div id={analysisId} aria-busy={streaming || undefined} data-testid="chat-analysis">
            <MarkdownContent content={analysis} streaming={streaming} className={streaming ? CARET : ""} />
          </div>
        ) : (
          streaming && !message.summary && <TypingIndicator />
        )}
        {message.citations && message.citations.length > 0 && (
          <Sources citations={message.citations} onOpen={onOpenRecord} />
        )}

        {message.status === "error" && (
          <TurnAlert
            tone="error"
            text={message.error?.message ?? "The answer could not be written."}
            onRetry={onRetry ? () => onRetry(message) : undefined}
            retryLabel="Retry"
            disabled={retryDisabled}
          />
        )}
        {stopped && (
          <TurnAlert
            tone="stopped"
            text={
              hasText
                ? "You stopped this answer. What it wrote is saved."
                : "You stopped this answer before it started."
            }
            onRetry={onRetry ? () => onRetry(message) : undefined}
            retryLabel="Ask again"
            disabled={retryDisabled}
          />
        )}

        {settled && message.status !== "error" && (hasText || versions || message.notCounted) && (
          <div className="mt-2 flex min-h-8 flex-wrap items-center gap-1 text-xs text-subtle">
            {versions && versions.count > 1 && (
              <VersionSwitcher nav={versions} what="answer" disabled={retryDisabled} />
            )}
            {hasText && <CopyAnswerMenu message={message} />}
            {onRegenerate && !message.id.startsWith("local-") && (
              <Tip content="Answer again (uses 1 query)">
                <IconButton
                  label="Regenerate answer"
                  size="sm"
                  disabled={retryDisabled}
                  onClick={() => onRegenerate(message)}
                  data-testid="chat-regenerate"
                >
                  <RefreshCw className="size-3.5" aria-hidden />
                </IconButton>
              </Tip>
            )}
            {onNotWhatIAsked && hasText && !message.notCounted && !message.id.startsWith("local-") && (
              <Tip content="This answer misread my question: we review it, and give the query back (up to 3 a day)">
                <Button
                  variant="ghost"
                  size="sm"
                  className="h-8 gap-1.5 px-2 text-xs text-subtle"
                  disabled={retryDisabled || marking}
                  onClick={() => {
                    setMarking(true);
                    void onNotWhatIAsked(message).finally(() => setMarking(false));
                  }}
                  data-testid="chat-not-what-i-asked"
                >
                  <ThumbsDown className="size-3.5" aria-hidden />
                  Not what I asked
                </Button>
              </Tip>
            )}
            {message.provider && (
              <span
                className="ml-1 inline-flex items-center gap-1.5 rounded-full border border-line px-2 py-0.5 text-[11px] font-medium text-muted"
                data-testid="chat-provider"
              >
                <span aria-hidden className="size-1.5 rounded-full bg-accent" />
                {message.provider}
              </span>
            )}
            {message.notCounted && (
              <Tip content={notCountedReason(message)}>
                <span
                  className="ml-1 inline-flex items-center rounded-full border border-line bg-surface-2 px-2 py-0.5 text-[11px] font-semibold text-muted"
                  data-testid="chat-not-counted"
                  tabIndex={0}
                >
                  Not counted
                  <span className="sr-only">: {notCountedReason(message)}</span>
                </span>
              </Tip>
            )}
          </div>
        )}
      </div>
    </div>
  );
});
