import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Link, useNavigate } from "@remix-run/react";
import { Ellipsis, MessageSquareText, Pencil, RefreshCw, Search, SquarePen, Trash2, X } from "lucide-react";
import {
  forwardRef,
  useEffect,
  useId,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from "react";
import { Button } from "~/ui/button";
import { IconButton } from "~/ui/icon-button";
import { useChatPath } from "./chat-paths";
import { chatAfterDelete, filterChats, groupChats, type ChatSummary } from "~/features/chat/chat-logic";
import { useIsStreaming } from "~/features/chat/chat-store";
import { ChatTitleInput } from "./chat-title-input";
import { DeleteChatDialog } from "./delete-chat-dialog";
import { useChatList, useDeleteChats, useRenameChat } from "./use-chats";

export interface ChatListHandle {
  focusSearch(): void;
}

export interface ChatListPanelProps {
  activeId: string | null;
  onNewChat(): void;
  /** A chat was chosen (the mobile sheet closes). */
  onNavigate?(): void;
  /** Extra control at the right of the header (the sheet's close button). */
  headerAction?: React.ReactNode;
}

const menuItem =
  "flex cursor-pointer select-none items-center gap-2.5 rounded-md px-2.5 py-2 text-sm outline-none transition-colors data-[highlighted]:bg-surface-2";

function ChatRow({
  chat,
  active,
  editing,
  onNavigate,
  onStartRename,
  onRename,
  onDelete,
}: {
  chat: ChatSummary;
  active: boolean;
  editing: boolean;
  onNavigate?(): void;
  onStartRename(): void;
  onRename(title: string | null): void;
  onDelete(): void;
}) {
  const streaming = useIsStreaming(chat.id);
  const [menuOpen, setMenuOpen] = useState(false);
  const chatPath = useChatPath();
  // Choosing Rename must not hand focus back to the menu button (it would blur the input).
  const renaming = useRef(false);
  // Enter or Escape in the rename box puts keyboard focus back on the chat.
  const linkRef = useRef<HTMLAnchorElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (!editing && refocus.current) {
      refocus.current = false;
      linkRef.current?.focus();
    }
  }, [editing]);

  if (editing) {
    return (
      <li className="px-0.5 py-px">
        <ChatTitleInput
          title={chat.title}
          data-testid="chat-rename-input"
          className="bg-surface"
          onDone={(title, byKey) => {
            refocus.current = byKey;
            onRename(title);
          }}
        />
      </li>
    );
  }

  const onKeyDown = (e: KeyboardEvent<HTMLAnchorElement>) => {
    if (e.key === "F2") {
      e.preventDefault();
      onStartRename();
    } else if (e.key === "Delete") {
      e.preventDefault();
      onDelete();
    }
  };

  return (
    <li className="group/row relative" data-testid="chat-list-item" data-active={active || undefined}>
      <Link
        ref={linkRef}
        to={chatPath(chat.id)}
        prefetch="none"
        onClick={onNavigate}
        onKeyDown={onKeyDown}
        aria-current={active ? "page" : undefined}
        title={chat.title}
        className={`flex h-9 items-center gap-2 rounded-lg pl-3 pr-9 text-sm transition-colors ${
          active ? "bg-surface-2 font-medium text-fg" : "text-muted hover:bg-surface-2/70 hover:text-fg"
        }`}
      >
        {active && <span aria-hidden className="absolute inset-y-2 left-0 w-[3px] rounded-r-full bg-brand" />}
        <span className="min-w-0 flex-1 truncate">{chat.title}</span>
        {streaming && (
          <span className="size-1.5 shrink-0 animate-pulse rounded-full bg-brand" aria-label="Answering" role="img" />
        )}
      </Link>
      <DropdownMenu.Root open={menuOpen} onOpenChange={setMenuOpen}>
        <DropdownMenu.Trigger
          aria-label={`Options for ${chat.title}`}
          data-testid="chat-item-menu"
          className={`absolute right-1 top-1/2 grid size-7 -translate-y-1/2 place-items-center rounded-md text-subtle transition-[opacity,background-color,color] hover:bg-surface hover:text-fg focus-visible:opacity-100 data-[state=open]:bg-surface data-[state=open]:text-fg data-[state=open]:opacity-100 group-hover/row:opacity-100 max-md:opacity-100 ${
            active ? "opacity-100" : "opacity-0"
          }`}
        >
          <Ellipsis className="size-4" aria-hidden />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="start"
            side="bottom"
            sideOffset={4}
            collisionPadding={8}
            onCloseAutoFocus={(e) => {
              if (renaming.current) e.preventDefault();
              renaming.current = false;
            }}
            className="z-[60] min-w-40 rounded-xl border border-line bg-bg-elevated p-1 text-fg shadow-xl shadow-black/30 animate-fade-in [animation-duration:120ms]"
          >
            <DropdownMenu.Item
              className={`${menuItem} text-fg`}
              onSelect={() => {
                renaming.current = true;
                onStartRename();
              }}
              data-testid="chat-rename"
            >
              <Pencil className="size-4 text-subtle" aria-hidden />
              Rename
            </DropdownMenu.Item>
            <DropdownMenu.Item
              className={`${menuItem} text-danger data-[highlighted]:bg-danger/10`}
              onSelect={onDelete}
              data-testid="chat-delete"
            >
              <Trash2 className="size-4" aria-hidden />
              Delete
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </li>
  );
}

function ListSkeleton() {
  return (
    <div className="space-y-1.5 px-1 pt-2" aria-hidden data-testid="chat-list-loading">
      <div className="mb-3 h-3 w-14 animate-pulse rounded bg-surface-2" />
      {[82, 64, 90, 55, 74, 68].map((w, i) => (
        <div key={i} className="flex h-9 items-center px-2">
          <div className="h-3 animate-pulse rounded bg-surface-2" style={{ width: `${w}%` }} />
        </div>
      ))}
    </div>
  );
}

/**
 * The chat list: New chat, a title search, the chats grouped by last update (Today, Yesterday,
 * Previous 7 days, …) with the open one highlighted, and per chat an options menu to rename in
 * place (Enter saves, Escape cancels; F2 on a focused chat) or delete after a confirmation
 * (Delete on a focused chat).
 */
export const ChatListPanel = forwardRef<ChatListHandle, ChatListPanelProps>(function ChatListPanel(
  { activeId, onNewChat, onNavigate, headerAction },
  ref,
) {
  const list = useChatList();
  const rename = useRenameChat();
  const remove = useDeleteChats();
  const navigate = useNavigate();
  const [query, setQuery] = useState("");
  const [editingId, setEditingId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<ChatSummary | null>(null);
  const chatPath = useChatPath();
  const searchRef = useRef<HTMLInputElement>(null);
  const searchId = useId();
  useImperativeHandle(ref, () => ({ focusSearch: () => searchRef.current?.focus() }), []);

  const chats = list.data;
  const groups = useMemo(() => (chats ? groupChats(filterChats(chats, query), Date.now()) : []), [chats, query]);
  const searching = query.trim().length > 0;

  const confirmDelete = (chat: ChatSummary) => {
    setDeleting(null);
    const next = chatAfterDelete(chats, chat.id, activeId);
    remove.mutate([chat.id]);
    if (activeId === chat.id) {
      if (next) navigate(chatPath(next), { replace: true });
      else navigate(chatPath(), { replace: true, state: { newChat: true } });
    }
  };

  return (
    <div className="flex h-full min-h-0 flex-col" data-testid="chat-list">
      <div className="shrink-0 space-y-2 p-3 lg:pl-5">
        <div className="flex items-center gap-2">
          <Button
            variant="secondary"
            onClick={() => {
              onNewChat();
              onNavigate?.();
            }}
            data-testid="chat-new"
            className="min-w-0 flex-1 justify-start gap-2.5 px-3 shadow-sm"
          >
            <SquarePen className="size-4 shrink-0 text-brand" aria-hidden />
            <span className="flex-1 truncate text-left">New chat</span>
            <kbd className="hidden rounded border border-line px-1.5 font-sans text-[10px] font-medium text-subtle xl:inline">
              Ctrl ⇧ O
            </kbd>
          </Button>
          {headerAction}
        </div>
        <div className="relative">
          <label htmlFor={searchId} className="sr-only">
            Search chats
          </label>
          <Search
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-subtle"
            aria-hidden
          />
          <input
            id={searchId}
            ref={searchRef}
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Escape" && query) {
                e.preventDefault();
                e.stopPropagation();
                setQuery("");
              }
            }}
            placeholder="Search chats"
            autoComplete="off"
            data-testid="chat-search"
            className="h-9 w-full rounded-lg border border-transparent bg-surface-2/70 pl-9 pr-8 text-sm text-fg outline-none transition-colors placeholder:text-subtle focus:border-brand/50 focus:bg-surface focus:ring-3 focus:ring-brand/15 [&::-webkit-search-cancel-button]:hidden"
          />
          {query && (
            <IconButton
              label="Clear search"
              size="sm"
              onClick={() => {
                setQuery("");
                searchRef.current?.focus();
              }}
              className="absolute right-1.5 top-1/2 size-6 -translate-y-1/2 rounded-md"
            >
              <X className="size-3.5" aria-hidden />
            </IconButton>
          )}
        </div>
      </div>

      <nav
        aria-label="Chat history"
        className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-2 pb-4 lg:pl-4 [scrollbar-color:var(--line)_transparent] [scrollbar-width:thin]"
      >
        {list.isPending ? (
          <ListSkeleton />
        ) : list.isError && !chats ? (
          <div className="mx-1 mt-2 rounded-xl border border-line bg-surface p-4 text-sm" role="alert">
            <p className="text-muted">Couldn&rsquo;t load your chats.</p>
            <Button
              variant="subtle"
              size="sm"
              className="mt-2"
              onClick={() => void list.refetch()}
              icon={<RefreshCw className="size-3.5" aria-hidden />}
            >
              Retry
            </Button>
          </div>
        ) : !chats?.length ? (
          <div className="mx-1 mt-6 flex flex-col items-center px-4 text-center" data-testid="chat-list-empty">
            <span className="grid size-10 place-items-center rounded-xl bg-surface-2 text-subtle">
              <MessageSquareText className="size-5" aria-hidden />
            </span>
            <p className="mt-3 text-sm font-medium text-fg">No chats yet</p>
            <p className="mt-1 text-xs leading-5 text-subtle">Your conversations will appear here, newest first.</p>
          </div>
        ) : groups.length === 0 ? (
          <p className="px-3 pt-4 text-sm text-subtle" role="status" data-testid="chat-search-empty">
            No chats match &ldquo;{query.trim()}&rdquo;
          </p>
        ) : (
          <>
            {groups.map((group) => (
              <section key={group.label} aria-label={group.label} className="mt-3 first:mt-1">
                <h2 className="px-3 pb-1 pt-1 text-[11px] font-semibold uppercase tracking-[0.08em] text-subtle">
                  {group.label}
                </h2>
                <ul className="space-y-px">
                  {group.chats.map((chat) => (
                    <ChatRow
                      key={chat.id}
                      chat={chat}
                      active={chat.id === activeId}
                      editing={editingId === chat.id}
                      onNavigate={onNavigate}
                      onStartRename={() => setEditingId(chat.id)}
                      onRename={(title) => {
                        setEditingId(null);
                        if (title && title !== chat.title) rename.mutate({ id: chat.id, title });
                      }}
                      onDelete={() => setDeleting(chat)}
                    />
                  ))}
                </ul>
              </section>
            ))}
          </>
        )}
      </nav>
      <p className="sr-only" role="status" aria-live="polite">
        {searching && chats?.length ? `${groups.reduce((n, g) => n + g.chats.length, 0)} chats found` : ""}
      </p>

      <DeleteChatDialog chat={deleting} onCancel={() => setDeleting(null)} onConfirm={confirmDelete} />
    </div>
  );
});

/** Opens a chat list's search with Ctrl/⌘+K and starts a new chat with Ctrl/⌘+Shift+O. */
export function useChatShortcuts(handlers: { onSearch(): void; onNewChat(): void }) {
  const ref = useRef(handlers);
  ref.current = handlers;
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      const mod = e.metaKey || e.ctrlKey;
      if (!mod || e.altKey) return;
      const key = e.key.toLowerCase();
      if (key === "k" && !e.shiftKey) {
        e.preventDefault();
        ref.current.onSearch();
      } else if (key === "o" && e.shiftKey) {
        e.preventDefault();
        ref.current.onNewChat();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
}
