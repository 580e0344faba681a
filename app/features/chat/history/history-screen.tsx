import { Link } from "@remix-run/react";
import {
  AlertTriangle,
  Download,
  Loader2,
  MessagesSquare,
  RefreshCw,
  Search,
  SearchX,
  SquarePen,
  Trash2,
  X,
} from "lucide-react";
import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { SEARCH_QUERY_MAX } from "~/domain/chat/search";
import type { ChatListItem } from "~/features/chat/chat-logic";
import { errorMessage } from "~/lib/http";
import { ChatRow, SkeletonRows, TableHeader } from "./chat-table";
import { Checkbox, SortMenu } from "./controls";
import { DeleteAllDialog, DeleteChatsDialog } from "./delete-dialogs";
import {
  DEFAULT_SORT,
  nextSort,
  plural,
  relativeTime,
  selectionState,
  selectRange,
  sortHistory,
  toggleAll,
  toggleOne,
  totalsLine,
  type HistorySort,
} from "./history-logic";
import {
  SEARCH_DEBOUNCE_MS,
  useChatHistory,
  useDeleteAllChats,
  useDeleteChats,
  useExportChats,
  useRenameChat,
} from "./use-history";
import { Button, buttonClasses, IconButton, useDebounced, useNow } from "~/ui";

// Links that start a chat look like the kit's primary button.
const primaryButton = buttonClasses({ variant: "primary" });

function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return Boolean(el && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName)));
}

function EmptyState() {
  return (
    <div
      className="flex flex-col items-center rounded-2xl border border-dashed border-line bg-surface/60 px-6 py-16 text-center sm:py-20"
      data-testid="history-empty"
    >
      <span className="grid size-12 place-items-center rounded-2xl bg-brand-soft text-brand">
        <MessagesSquare className="size-6" aria-hidden />
      </span>
      <h2 className="mt-4 text-lg font-semibold tracking-tight text-fg">No chats yet</h2>
      <p className="mt-1.5 max-w-sm text-sm leading-6 text-muted">
        Your conversations with the AI analyst show up here. Search them, rename them, export your research or clean up.
      </p>
      <Link to="/chat" state={{ newChat: true }} className={`${primaryButton} mt-6`} data-testid="history-start-chat">
        <SquarePen className="size-4" aria-hidden />
        Start a chat
      </Link>
    </div>
  );
}

function LoadError({ error, retrying, onRetry }: { error: unknown; retrying: boolean; onRetry(): void }) {
  return (
    <div
      className="flex flex-col items-center rounded-2xl border border-line bg-surface px-6 py-14 text-center"
      role="alert"
      data-testid="history-error"
    >
      <span className="grid size-11 place-items-center rounded-2xl bg-warning/10 text-warning">
        <AlertTriangle className="size-5" aria-hidden />
      </span>
      <h2 className="mt-4 text-base font-semibold text-fg">Couldn&rsquo;t load your chats</h2>
      <p className="mt-1 max-w-sm text-sm text-muted">{errorMessage(error, "Something went wrong on our side.")}</p>
      <Button variant="secondary" onClick={onRetry} disabled={retrying} className="mt-5" data-testid="history-retry">
        <RefreshCw className={`size-4 ${retrying ? "animate-spin" : ""}`} aria-hidden />
        Retry
      </Button>
    </div>
  );
}

/**
 * Chat Management (/history): every chat with its message count and dates, a server search over
 * titles and messages with the hit shown in context, sorting, multi-select with export to JSON
 * and delete, delete all, and rename in place. A table from 640 px, cards below.
 */
export function HistoryScreen() {
  const now = useNow();
  const [input, setInput] = useState("");
  const typed = input.trim();
  const debounced = useDebounced(typed, SEARCH_DEBOUNCE_MS);
  // Clearing the box shows every chat at once; typing waits for a pause.
  const q = typed ? debounced : "";
  const all = useChatHistory("");
  const found = useChatHistory(q, { enabled: q !== "" });

  const [sort, setSort] = useState<HistorySort>(DEFAULT_SORT);
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const anchor = useRef<string | null>(null);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<ChatListItem[] | null>(null);
  const [deleteAllOpen, setDeleteAllOpen] = useState(false);

  const rename = useRenameChat();
  const deleteChats = useDeleteChats();
  const deleteAll = useDeleteAllChats();
  const exporter = useExportChats();

  const searchRef = useRef<HTMLInputElement>(null);
  const resultsRef = useRef<HTMLDivElement>(null);
  const searchId = useId();

  const searching = typed !== "";
  // Results of an earlier search stay on screen (dimmed) until this one answers.
  const searchData = found.data?.q ? found.data : undefined;
  const shown = searching ? (searchData ?? all.data) : all.data;
  const searchFailed = searching && typed === q && found.isError && !found.isFetching;
  const stale = searching && shown?.q !== typed && !searchFailed;
  const rows = useMemo(() => (shown ? sortHistory(shown.chats, sort) : []), [shown, sort]);
  const shownIds = useMemo(() => rows.map((c) => c.id), [rows]);
  const selectedRows = rows.filter((c) => selected.has(c.id));
  const selection = selectionState(shownIds, selected);

  const allChats = all.data?.chats;
  const totals = allChats?.length ? totalsLine(allChats) : null;
  const totalMessages = allChats?.reduce((n, c) => n + c.messageCount, 0) ?? 0;
  const lastActive = allChats?.length
    ? allChats.reduce((a, b) => (Date.parse(b.updatedAt) > Date.parse(a.updatedAt) ? b : a)).updatedAt
    : null;

  const focusResults = useCallback(() => {
    // After a dialog closes (its trigger may be gone): keep keyboard focus in the list.
    setTimeout(() => resultsRef.current?.focus({ preventScroll: true }), 30);
  }, []);

  // "/" or Ctrl/⌘+K searches.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const mod = e.metaKey || e.ctrlKey;
      if (
        (e.key === "/" && !mod && !isTyping(e.target)) ||
        (mod && !e.altKey && !e.shiftKey && e.key.toLowerCase() === "k")
      ) {
        if (document.querySelector('[role="dialog"]')) return;
        e.preventDefault();
        searchRef.current?.focus();
        searchRef.current?.select();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  const onToggle = (id: string, shiftKey: boolean) => {
    setSelected((prev) => (shiftKey ? selectRange(shownIds, prev, anchor.current, id) : toggleOne(prev, id)));
    anchor.current = id;
  };

  const confirmDelete = (chats: ChatListItem[]) => {
    setToDelete(null);
    const ids = chats.map((c) => c.id);
    deleteChats.mutate(ids);
    setSelected((prev) => {
      const next = new Set(prev);
      for (const id of ids) next.delete(id);
      return next;
    });
    focusResults();
  };

  const confirmDeleteAll = () => {
    setDeleteAllOpen(false);
    setSelected(new Set());
    setInput("");
    deleteAll.mutate();
  };

  let body: React.ReactNode;
  if (all.isPending) {
    body = (
      <div role="status"
        className="overflow-hidden rounded-2xl border border-line bg-surface"
        aria-busy="true"
        aria-label="Loading your chats"
        data-testid="history-loading"
      >
        <div className="flex h-[52px] items-center gap-3 border-b border-line px-3">
          <div className="ml-2 size-[18px] rounded-[5px] bg-surface-2" />
          <div className="h-3.5 w-20 animate-pulse rounded bg-surface-2" />
        </div>
        <SkeletonRows />
      </div>
    );
  } else if (!all.data) {
    body = <LoadError error={all.error} retrying={all.isFetching} onRetry={() => void all.refetch()} />;
  } else if (all.data.chats.length === 0 && !searching) {
    body = <EmptyState />;
  } else {
    const exporting = exporter.progress;
    body = (
      <div
        ref={resultsRef}
        tabIndex={-1}
        role="region"
        aria-label="Your chats"
        className="rounded-2xl border border-line bg-surface shadow-sm shadow-black/5 outline-none"
      >
        {/* The selection bar: select all, and what can be done with the selected chats. */}
        <div className="sticky top-14 z-20 flex min-h-[52px] flex-wrap items-center gap-x-3 gap-y-2 rounded-t-2xl border-b border-line bg-surface/95 px-3 py-2 backdrop-blur supports-[backdrop-filter]:bg-surface/85 lg:top-0">
          <div className={`-ml-1 flex items-center ${rows.length ? "" : "invisible"}`}>
            <Checkbox
              checked={selection === "all"}
              indeterminate={selection === "some"}
              onToggle={() => {
                setSelected((prev) => toggleAll(shownIds, prev));
                anchor.current = null;
              }}
              label={selection === "all" ? "Deselect all shown chats" : "Select all shown chats"}
              data-testid="history-select-all"
            />
          </div>
          <p className="min-w-0 flex-1 text-sm" aria-live="polite" data-testid="history-status">
            {selectedRows.length > 0 ? (
              <span className="font-semibold text-fg">{selectedRows.length.toLocaleString("en-US")} selected</span>
            ) : searchFailed ? null : searching ? (
              stale ? (
                <span className="text-muted">Searching&hellip;</span>
              ) : (
                <span className="text-muted">
                  <span className="font-semibold text-fg">{plural(rows.length, "chat")}</span> match
                  {rows.length === 1 ? "es" : ""} &ldquo;{shown?.q}&rdquo;
                </span>
              )
            ) : (
              <span className="text-muted">{plural(rows.length, "chat")}</span>
            )}
          </p>
          {selectedRows.length > 0 ? (
            <div className="flex w-full items-center gap-1.5 sm:w-auto" data-testid="history-bulk-actions">
              <Button
                variant="secondary"
                size="sm"
                onClick={() => void exporter.run(selectedRows)}
                disabled={exporting !== null}
                data-testid="history-export"
                className="h-9 max-sm:flex-1"
              >
                {exporting ? (
                  <Loader2 className="size-4 animate-spin" aria-hidden />
                ) : (
                  <Download className="size-4 text-brand" aria-hidden />
                )}
                <span>
                  {exporting ? `Exporting ${exporting.done}/${exporting.total}` : "Export"}
                  <span className="max-sm:hidden">{exporting ? "" : " JSON"}</span>
                </span>
              </Button>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => setToDelete(selectedRows)}
                data-testid="history-delete-selected"
                className="h-9 bg-danger/10 text-danger hover:bg-danger-strong hover:text-white max-sm:flex-1"
              >
                <Trash2 className="size-4" aria-hidden />
                <span>
                  Delete<span className="max-sm:hidden"> selected</span>
                </span>
              </Button>
              <IconButton label="Clear selection" onClick={() => setSelected(new Set())}>
                <X className="size-4" aria-hidden />
              </IconButton>
            </div>
          ) : (
            <p className="hidden text-xs text-subtle md:block">Select chats to export or delete them</p>
          )}
        </div>

        {searchFailed ? (
          <div
            className="flex flex-wrap items-center gap-3 px-4 py-6 text-sm"
            role="alert"
            data-testid="history-search-error"
          >
            <AlertTriangle className="size-4 text-warning" aria-hidden />
            <span className="text-fg">Search failed: {errorMessage(found.error, "please try again.")}</span>
            <Button variant="subtle" size="sm" onClick={() => void found.refetch()}>
              <RefreshCw className="size-3.5" aria-hidden />
              Retry
            </Button>
          </div>
        ) : rows.length === 0 && searching && !stale ? (
          <div className="flex flex-col items-center px-6 py-14 text-center" data-testid="history-no-results">
            <span className="grid size-11 place-items-center rounded-2xl bg-surface-2 text-subtle">
              <SearchX className="size-5" aria-hidden />
            </span>
            <p className="mt-3 text-sm font-semibold text-fg">No chats match &ldquo;{typed}&rdquo;</p>
            <p className="mt-1 max-w-xs text-sm text-muted">
              Search looks through chat titles and every question and answer.
            </p>
            <Button
              type="button"
              onClick={() => {
                setInput("");
                searchRef.current?.focus();
              }}
              variant="secondary"
              className="mt-5 h-9"
            >
              Clear search
            </Button>
          </div>
        ) : (
          <div
            role="table"
            aria-label={searching ? `Chats matching “${shown?.q ?? typed}”` : "Chats"}
            aria-rowcount={rows.length + 1}
            aria-busy={stale || undefined}
            data-testid="history-table"
            className={`transition-opacity ${stale ? "opacity-60" : ""}`}
          >
            <TableHeader sort={sort} onSort={(key) => setSort((s) => nextSort(s, key))} />
            <div role="rowgroup">
              {rows.map((chat) => (
                <ChatRow
                  key={chat.id}
                  chat={chat}
                  query={shown?.q ?? ""}
                  now={now}
                  selected={selected.has(chat.id)}
                  editing={editingId === chat.id}
                  onToggle={({ shiftKey }) => onToggle(chat.id, shiftKey)}
                  onStartRename={() => setEditingId(chat.id)}
                  onRename={(title) => {
                    setEditingId(null);
                    if (title && title !== chat.title) rename.mutate({ id: chat.id, title });
                  }}
                  onDelete={() => setToDelete([chat])}
                  onExport={() => void exporter.run([chat])}
                />
              ))}
            </div>
          </div>
        )}
      </div>
    );
  }

  const hasChats = Boolean(allChats?.length);
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8" data-testid="history-screen">
      <header className="mb-6 flex flex-col gap-4 sm:mb-8 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">Chat Management</h1>
          <p className="mt-1.5 text-[15px] text-muted" data-testid="history-totals">
            {totals ? (
              <>
                <span className="font-medium text-fg">{totals}</span>
                {lastActive && <> · last active {relativeTime(lastActive, now)}</>}
              </>
            ) : all.isPending ? (
              <span className="inline-block h-4 w-56 animate-pulse rounded bg-surface-2 align-middle" aria-hidden />
            ) : (
              "Search, rename, export and clean up your conversations."
            )}
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-2">
          {hasChats && (
            <Button
              variant="secondary"
              onClick={() => setDeleteAllOpen(true)}
              data-testid="history-delete-all"
              className="text-danger hover:border-danger/40 hover:bg-danger/10"
            >
              <Trash2 className="size-4" aria-hidden />
              Delete all
            </Button>
          )}
          <Link to="/chat" state={{ newChat: true }} className={primaryButton} data-testid="history-new-chat">
            <SquarePen className="size-4" aria-hidden />
            New chat
          </Link>
        </div>
      </header>

      {(hasChats || searching) && (
        <div className="mb-4 flex items-center gap-2" role="search">
          <div className="relative min-w-0 flex-1 sm:max-w-xl">
            <label htmlFor={searchId} className="sr-only">
              Search chats and messages
            </label>
            <Search
              className="pointer-events-none absolute left-3.5 top-1/2 size-4 -translate-y-1/2 text-subtle"
              aria-hidden
            />
            <input
              id={searchId}
              ref={searchRef}
              type="search"
              value={input}
              maxLength={SEARCH_QUERY_MAX}
              onChange={(e) => setInput(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === "Escape" && input) {
                  e.preventDefault();
                  setInput("");
                }
              }}
              placeholder="Search titles and messages"
              autoComplete="off"
              spellCheck={false}
              data-testid="history-search"
              style={{ outline: "none" }}
              className="h-10 w-full rounded-xl border border-line bg-surface pl-10 pr-16 text-sm text-fg shadow-sm outline-none transition-[border-color,box-shadow] placeholder:text-subtle focus:border-brand/50 focus:ring-3 focus:ring-brand/15 [&::-webkit-search-cancel-button]:hidden"
            />
            <div className="absolute right-2 top-1/2 flex -translate-y-1/2 items-center gap-1">
              {searching && (stale || found.isFetching) && (
                <Loader2 className="size-4 animate-spin text-subtle" aria-label="Searching" role="img" />
              )}
              {input ? (
                <IconButton
                  label="Clear search"
                  size="sm"
                  onClick={() => {
                    setInput("");
                    searchRef.current?.focus();
                  }}
                  className="size-7"
                >
                  <X className="size-4" aria-hidden />
                </IconButton>
              ) : (
                <kbd className="mr-1 hidden rounded-md border border-line px-1.5 py-0.5 font-sans text-[11px] font-medium text-subtle sm:inline">
                  /
                </kbd>
              )}
            </div>
          </div>
          <SortMenu sort={sort} onChange={setSort} />
        </div>
      )}

      {body}

      {hasChats && (
        <p className="mt-4 hidden text-xs text-subtle sm:block">
          Tip: Shift-click selects a range · F2 renames the focused chat · press / to search
        </p>
      )}

      <DeleteChatsDialog
        chats={toDelete}
        onCancel={() => {
          setToDelete(null);
        }}
        onConfirm={confirmDelete}
      />
      <DeleteAllDialog
        open={deleteAllOpen}
        chats={allChats?.length ?? 0}
        messages={totalMessages}
        exportProgress={exporter.progress}
        deleting={deleteAll.isPending}
        onExport={() => void exporter.run(allChats ?? [])}
        onCancel={() => setDeleteAllOpen(false)}
        onConfirm={confirmDeleteAll}
      />
    </div>
  );
}
