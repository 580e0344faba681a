import { Link } from "@remix-run/react";
import {
  ArrowDown,
  ArrowUp,
  CalendarPlus,
  ChevronsUpDown,
  Clock3,
  Download,
  MessageSquare,
  Pencil,
  Trash2,
} from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import { IconButton } from "~/ui/icon-button";
import { ChatTitleInput } from "~/features/chat/chat-title-input";
import { Tip } from "~/ui/tooltip";
import { CHAT_TITLE_MAX, type ChatListItem } from "~/features/chat/chat-logic";
import { useIsStreaming } from "~/features/chat/chat-store";
import { Checkbox } from "./controls";
import { fullDateTime, highlightParts, relativeTime, shortDate, type HistorySort, type SortKey } from "./history-logic";
import { Pressable } from "~/ui";

/**
 * One grid for both layouts: from 640 px a table (checkbox, title and snippet, messages, last
 * updated, created from 768 px, actions); below, each row is a card (checkbox, title and actions
 * on top, the snippet and "12 messages · 3 h ago · Mar 3" under it). The ARIA table roles keep
 * it a table to screen readers at every width.
 */
const GRID =
  "grid grid-cols-[2.25rem_minmax(0,1fr)_auto] gap-x-2 sm:grid-cols-[2.25rem_minmax(0,1fr)_5.5rem_7.5rem_6.75rem] md:grid-cols-[2.25rem_minmax(0,1fr)_5.5rem_7.5rem_7.5rem_6.75rem]";

/** The text with every hit of the query marked. */
export function Highlight({ text, query }: { text: string; query: string }) {
  if (!query) return <>{text}</>;
  return (
    <>
      {highlightParts(text, query).map((part, i) =>
        part.hit ? (
          <mark key={i} className="rounded-[3px] bg-brand/25 px-px font-medium text-fg [box-decoration-break:clone]">
            {part.text}
          </mark>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}

function SortHeader({
  label,
  column,
  sort,
  onSort,
  className = "",
}: {
  label: string;
  column: SortKey;
  sort: HistorySort;
  onSort(key: SortKey): void;
  className?: string;
}) {
  const active = sort.key === column;
  const Icon = !active ? ChevronsUpDown : sort.dir === "asc" ? ArrowUp : ArrowDown;
  return (
    <div
      role="columnheader"
      aria-sort={active ? (sort.dir === "asc" ? "ascending" : "descending") : "none"}
      className={className}
    >
      <Pressable
        onClick={() => onSort(column)}
        data-testid={`history-column-${column}`}
        className={`group/sort -mx-1.5 inline-flex items-center gap-1 rounded-md px-1.5 py-1 uppercase tracking-[0.08em] transition-colors hover:bg-surface-2 hover:text-fg ${
          active ? "text-fg" : ""
        }`}
      >
        {label}
        <Icon
          className={`size-3.5 ${active ? "text-brand" : "opacity-0 transition-opacity group-hover/sort:opacity-70 group-focus-visible/sort:opacity-70"}`}
          aria-hidden
        />
      </Pressable>
    </div>
  );
}

export function TableHeader({ sort, onSort }: { sort: HistorySort; onSort(key: SortKey): void }) {
  return (
    <div
      role="row"
      className={`${GRID} hidden items-center border-b border-line px-3 py-1.5 text-[11px] font-semibold text-subtle sm:grid`}
    >
      <div role="columnheader">
        <span className="sr-only">Selected</span>
      </div>
      <SortHeader label="Title" column="title" sort={sort} onSort={onSort} />
      <div role="columnheader" className="text-right uppercase tracking-[0.08em]">
        Messages
      </div>
      <SortHeader label="Updated" column="updated" sort={sort} onSort={onSort} className="pl-1" />
      <SortHeader label="Created" column="created" sort={sort} onSort={onSort} className="hidden pl-1 md:block" />
      <div role="columnheader">
        <span className="sr-only">Actions</span>
      </div>
    </div>
  );
}

function RenameField({ title, onDone }: { title: string; onDone(title: string | null, byKey: boolean): void }) {
  return (
    <div className="min-w-0">
      <ChatTitleInput
        title={title}
        onDone={onDone}
        describedBy="history-rename-hint"
        data-testid="history-rename-input"
        className="max-w-md bg-bg-elevated"
      />
      <p id="history-rename-hint" className="mt-1 text-[11px] text-subtle max-sm:hidden">
        Enter to save · Esc to cancel · {CHAT_TITLE_MAX} characters at most
      </p>
    </div>
  );
}

function RowAction({
  label,
  onClick,
  children,
  danger = false,
  className = "",
  "data-testid": testId,
}: {
  label: string;
  onClick(): void;
  children: ReactNode;
  danger?: boolean;
  className?: string;
  "data-testid"?: string;
}) {
  return (
    <Tip content={label}>
      <IconButton
        label={label}
        size="sm"
        onClick={onClick}
        data-testid={testId}
        className={`text-subtle ${danger ? "hover:bg-danger/10 hover:text-danger" : ""} ${className}`}
      >
        {children}
      </IconButton>
    </Tip>
  );
}

export interface ChatRowProps {
  chat: ChatListItem;
  /** The search the row answers ("" when listing every chat): its hits are marked. */
  query: string;
  now: number;
  selected: boolean;
  editing: boolean;
  onToggle(event: { shiftKey: boolean }): void;
  onStartRename(): void;
  onRename(title: string | null): void;
  onDelete(): void;
  onExport(): void;
}

export function ChatRow({
  chat,
  query,
  now,
  selected,
  editing,
  onToggle,
  onStartRename,
  onRename,
  onDelete,
  onExport,
}: ChatRowProps) {
  const streaming = useIsStreaming(chat.id);
  // Enter or Escape in the rename box puts keyboard focus back on the chat's link.
  const linkRef = useRef<HTMLAnchorElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (!editing && refocus.current) {
      refocus.current = false;
      linkRef.current?.focus();
    }
  }, [editing]);

  const count = chat.messageCount;
  return (
    <div
      role="row"
      data-testid="history-row"
      data-chat-id={chat.id}
      data-selected={selected || undefined}
      className={`${GRID} relative items-start border-b border-line px-3 py-3 transition-colors last:rounded-b-2xl last:border-b-0 sm:items-center sm:py-2 ${
        selected ? "bg-brand-soft" : "hover:bg-surface-2/60"
      }`}
    >
      {selected && <span aria-hidden className="absolute inset-y-0 left-0 w-[3px] bg-brand" />}
      <div role="cell" className="row-span-2 -ml-1 -mt-1.5 sm:row-span-1 sm:-mt-0">
        <Checkbox
          checked={selected}
          onToggle={onToggle}
          label={`Select “${chat.title}”`}
          data-testid="history-select"
        />
      </div>

      <div role="cell" className="min-w-0 self-center">
        {editing ? (
          <RenameField
            title={chat.title}
            onDone={(title, byKey) => {
              refocus.current = byKey;
              onRename(title);
            }}
          />
        ) : (
          <>
            <div className="flex min-w-0 items-center gap-2">
              <Link
                ref={linkRef}
                to={`/chat/${chat.id}`}
                prefetch="none"
                title={chat.title}
                data-testid="history-open"
                onKeyDown={(e) => {
                  if (e.key === "F2") {
                    e.preventDefault();
                    onStartRename();
                  } else if (e.key === "Delete") {
                    e.preventDefault();
                    onDelete();
                  }
                }}
                className="min-w-0 truncate rounded text-[15px] font-medium leading-6 text-fg underline-offset-4 transition-colors hover:text-brand hover:underline sm:text-sm"
              >
                <Highlight text={chat.title} query={query} />
              </Link>
              {streaming && (
                <span
                  className="size-1.5 shrink-0 animate-pulse rounded-full bg-brand"
                  role="img"
                  aria-label="Answering"
                />
              )}
            </div>
            {chat.firstQuestion && !chat.match && (
              <p
                data-testid="history-first-question"
                className="mt-0.5 line-clamp-1 break-words text-[13px] leading-5 text-muted"
                title={chat.firstQuestion}
              >
                {chat.firstQuestion}
              </p>
            )}
            {chat.match && (
              <p
                data-testid="history-match"
                className="mt-0.5 line-clamp-2 break-words text-[13px] leading-5 text-muted sm:line-clamp-1 lg:line-clamp-2"
              >
                <Highlight text={chat.match} query={query} />
              </p>
            )}
          </>
        )}
      </div>

      {/* Cards: icons and values under the title (labels for screen readers); the table: three columns. */}
      <div className="col-span-2 col-start-2 row-start-2 mt-1.5 flex flex-wrap items-center gap-x-3.5 gap-y-1 text-xs text-subtle sm:contents">
        <div
          role="cell"
          className="inline-flex items-center gap-1 tabular-nums sm:block sm:pr-2 sm:text-right sm:text-sm sm:text-muted"
          data-testid="history-count"
        >
          <MessageSquare className="size-3.5 sm:hidden" aria-hidden />
          {count.toLocaleString("en-US")}
          <span className="sr-only"> {count === 1 ? "message" : "messages"}</span>
        </div>
        <div role="cell" className="inline-flex items-center gap-1 sm:block sm:pl-1 sm:text-sm sm:text-muted">
          <Clock3 className="size-3.5 sm:hidden" aria-hidden />
          <span className="sr-only">Updated </span>
          <time dateTime={chat.updatedAt} title={`Updated ${fullDateTime(chat.updatedAt)}`}>
            {relativeTime(chat.updatedAt, now)}
          </time>
        </div>
        <div role="cell" className="inline-flex items-center gap-1 sm:hidden md:block md:pl-1 md:text-sm md:text-muted">
          <CalendarPlus className="size-3.5 md:hidden" aria-hidden />
          <span className="sr-only">Created </span>
          <time dateTime={chat.createdAt} title={`Created ${fullDateTime(chat.createdAt)}`}>
            {shortDate(chat.createdAt, now)}
          </time>
        </div>
      </div>

      <div
        role="cell"
        className="col-start-3 row-start-1 -mr-1.5 -mt-1 flex items-center justify-end gap-0.5 sm:col-start-auto sm:row-start-auto sm:m-0"
      >
        <RowAction label={`Rename “${chat.title}”`} onClick={onStartRename} data-testid="history-rename">
          <Pencil className="size-4" aria-hidden />
        </RowAction>
        <RowAction
          label={`Export “${chat.title}” as JSON`}
          onClick={onExport}
          className="max-sm:hidden"
          data-testid="history-export-one"
        >
          <Download className="size-4" aria-hidden />
        </RowAction>
        <RowAction label={`Delete “${chat.title}”`} onClick={onDelete} danger data-testid="history-delete-one">
          <Trash2 className="size-4" aria-hidden />
        </RowAction>
      </div>
    </div>
  );
}

/** Placeholder rows while the list loads. */
export function SkeletonRows({ rows = 6 }: { rows?: number }) {
  const widths = [68, 52, 80, 44, 60, 72, 56, 64];
  return (
    <>
      {Array.from({ length: rows }, (_, i) => (
        <div
          key={i}
          aria-hidden
          className={`${GRID} items-center border-b border-line px-3 py-3.5 last:border-b-0 sm:py-3`}
        >
          <div className="row-span-2 grid size-9 place-items-center sm:row-span-1">
            <div className="size-[18px] rounded-[5px] bg-surface-2" />
          </div>
          <div className="space-y-2">
            <div
              className="h-3.5 animate-pulse rounded bg-surface-2"
              style={{ width: `${widths[i % widths.length]}%` }}
            />
            {i % 3 === 0 && (
              <div
                className="h-3 animate-pulse rounded bg-surface-2/70"
                style={{ width: `${widths[(i + 3) % widths.length]}%` }}
              />
            )}
          </div>
          <div className="col-start-2 row-start-2 mt-2 h-3 w-40 animate-pulse rounded bg-surface-2/70 sm:hidden" />
          <div className="ml-auto hidden h-3.5 w-8 animate-pulse rounded bg-surface-2 sm:block" />
          <div className="hidden h-3.5 w-16 animate-pulse rounded bg-surface-2 sm:block" />
          <div className="hidden h-3.5 w-14 animate-pulse rounded bg-surface-2 md:block" />
          <div className="col-start-3 row-start-1 h-3.5 w-14 sm:col-start-auto sm:row-start-auto" />
        </div>
      ))}
    </>
  );
}
