import { ArrowUpRight, BookOpen, ChevronDown, CircleStop, RotateCcw, Sparkles, TriangleAlert } from "lucide-react";
import { memo, useId, useState } from "react";
import { answerAsText, hostOf, type Citation, type ViewMessage } from "~/features/chat/chat-logic";
import { CopyButton } from "./copy-button";
import { MarkdownContent } from "./markdown";

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

export const UserMessage = memo(function UserMessage({ message }: { message: ViewMessage }) {
  return (
    <div
      className="group flex flex-col items-end gap-1"
      data-testid="chat-message-user"
      data-role="user"
      data-status={message.status ?? "saved"}
    >
      <div
        className={`max-w-[85%] whitespace-pre-wrap break-words rounded-3xl rounded-br-lg bg-surface-2 px-4 py-2.5 text-[15px] leading-7 text-fg ring-1 ring-line/60 sm:max-w-[75%] ${
          message.status === "sending" ? "opacity-80" : ""
        }`}
      >
        {message.content}
      </div>
      <div className="-mb-2 flex h-8 items-center opacity-0 transition-opacity focus-within:opacity-100 group-hover:opacity-100 max-md:opacity-100">
        <CopyButton text={message.content} label="Copy message" />
      </div>
    </div>
  );
});

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

function SourceCard({ citation, index }: { citation: Citation; index: number }) {
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
        <span className="mt-0.5 block truncate text-xs text-subtle">{meta}</span>
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

function Sources({ citations }: { citations: Citation[] }) {
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
            <SourceCard citation={c} index={i} />
          </li>
        ))}
      </ol>
      {citations.length > SOURCES_SHOWN && (
        <button
          type="button"
          onClick={() => setAll((v) => !v)}
          aria-expanded={all}
          aria-controls={listId}
          className="mt-2 inline-flex h-8 items-center gap-1 rounded-lg px-2 text-xs font-semibold text-muted transition-colors hover:bg-surface-2 hover:text-fg"
        >
          {all ? "Show fewer sources" : `Show ${hidden} more source${hidden === 1 ? "" : "s"}`}
          <ChevronDown className={`size-3.5 transition-transform ${all ? "rotate-180" : ""}`} aria-hidden />
        </button>
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
        <button
          type="button"
          onClick={onRetry}
          disabled={disabled}
          data-testid="chat-retry"
          className="inline-flex h-8 items-center gap-1.5 rounded-lg border border-line bg-surface px-3 text-[13px] font-semibold text-fg transition-colors hover:border-brand/50 hover:bg-surface-2 disabled:cursor-not-allowed disabled:opacity-60"
        >
          <RotateCcw className="size-3.5" aria-hidden />
          {retryLabel}
        </button>
      )}
    </div>
  );
}

/** A blinking caret after the last block of an answer being written. */
const CARET =
  "[&>:last-child]:after:ml-1 [&>:last-child]:after:inline-block [&>:last-child]:after:h-[1.1em] [&>:last-child]:after:w-[3px] [&>:last-child]:after:translate-y-[0.2em] [&>:last-child]:after:animate-pulse [&>:last-child]:after:rounded-full [&>:last-child]:after:bg-brand [&>:last-child]:after:content-['']";

export const AssistantMessage = memo(function AssistantMessage({
  message,
  onRetry,
  retryDisabled,
}: {
  message: ViewMessage;
  onRetry?: (message: ViewMessage) => void;
  retryDisabled?: boolean;
}) {
  const streaming = message.status === "streaming";
  const stopped = message.status === "stopped" || (!message.status && message.stopped === true);
  const hasText = message.content.trim().length > 0;
  const settled = !streaming;
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
        {hasText ? (
          <div aria-busy={streaming || undefined}>
            <MarkdownContent content={message.content} streaming={streaming} className={streaming ? CARET : ""} />
          </div>
        ) : (
          streaming && <TypingIndicator />
        )}
        {message.citations && message.citations.length > 0 && <Sources citations={message.citations} />}

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
            text={hasText ? "You stopped this answer." : "You stopped this answer before it started."}
            onRetry={onRetry ? () => onRetry(message) : undefined}
            retryLabel="Ask again"
            disabled={retryDisabled}
          />
        )}

        {settled && hasText && message.status !== "error" && (
          <div className="mt-2 flex min-h-8 flex-wrap items-center gap-1 text-xs text-subtle">
            <CopyButton text={answerAsText(message)} label="Copy answer" />
            {message.provider && (
              <span
                className="ml-1 inline-flex items-center gap-1.5 rounded-full border border-line px-2 py-0.5 text-[11px] font-medium text-muted"
                data-testid="chat-provider"
              >
                <span aria-hidden className="size-1.5 rounded-full bg-accent" />
                {message.provider}
              </span>
            )}
          </div>
        )}
      </div>
    </div>
  );
});
