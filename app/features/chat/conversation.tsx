import { useQueryClient } from "@tanstack/react-query";
import { Link } from "@remix-run/react";
import {
  FolderOpen,
  ArrowDown,
  Download,
  MessageSquareOff,
  PanelLeft,
  PanelLeftClose,
  PanelLeftOpen,
  RefreshCw,
  SquarePen,
} from "lucide-react";
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { Button } from "~/ui/button";
import { IconButton } from "~/ui/icon-button";
import { Tip } from "~/ui/tooltip";
import { downloadBlob } from "~/ui/download";
import type { CitedRecord } from "~/domain/contracts/chats";
import { markNotWhatIAsked, type AnswerRequest } from "~/features/chat/chat-client";
import { chatKeys } from "~/features/chat/chat-cache";
import {
  chatAsMarkdown,
  messageKey,
  normalizeMessage,
  messageVersions,
  visibleMessages,
  type ChatDetail,
  type ViewMessage,
} from "~/features/chat/chat-logic";
import {
  followAnswer,
  NEW_CHAT_DRAFT,
  stopStream,
  switchVersion,
  useDraft,
  useIsStreaming,
} from "~/features/chat/chat-store";
import { useProject } from "~/features/projects";
import { errorMessage } from "~/lib/http";
import { notify } from "~/lib/toast";
import { Composer, type ComposerHandle } from "./composer";
import { EmptyChat } from "./empty-chat";
import { AssistantMessage, UserMessage, type VersionNav } from "./message-item";
import { RecordPanel } from "./record-panel";
import { isNotFound, useChatDetail } from "./use-chats";

const useIsoLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

export interface ConversationProps {
  /** The chat shown; null is the new-chat state. */
  chatId: string | null;
  /** The chat has no server copy yet (its first question is being asked). */
  isNew: boolean;
  /** Asks a question in this chat (or creates the chat with it when chatId is null). */
  onSend(text: string, options: { retryOf?: ViewMessage }): void;
  /** Regenerates an answer or answers an edited question (a new version of the turn). */
  onAnswerAgain(request: Exclude<AnswerRequest, { kind: "ask" }>): void;
  onNewChat(): void;
  /** Mobile: opens the chat list sheet. */
  onOpenList(): void;
  /** Desktop: whether the chat list column is hidden, and its toggle. */
  listCollapsed: boolean;
  onToggleList(): void;
  /** A button floating over the page's bottom right (height with margins, left edge in px). */
  floating?: { height: number; left: number };
}

/** Saves the chat's shown branch as a Markdown file. */
function downloadMarkdown(detail: ChatDetail) {
  const slug =
    detail.chat.title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "chat";
  downloadBlob(new Blob([chatAsMarkdown(detail)], { type: "text/markdown;charset=utf-8" }), `${slug}.md`);
}

/** The project a chat belongs to, as a chip back to it (its name from the project's own cache entry). */
function ProjectChip({ projectId }: { projectId: string }) {
  const project = useProject(projectId);
  const name = project.data?.name;
  return (
    <Link
      to={`/project/${encodeURIComponent(projectId)}`}
      className="hidden max-w-[40%] shrink items-center gap-1.5 truncate rounded-full border border-line px-2.5 py-1 text-xs font-medium text-muted hover:bg-surface-2 hover:text-fg sm:inline-flex"
      data-testid="chat-project"
      title={name ? `Project: ${name}` : "Project"}
    >
      <FolderOpen className="size-3.5 shrink-0" aria-hidden />
      <span className="truncate">{name ?? "Project"}</span>
    </Link>
  );
}

function Header({
  title,
  projectId,
  heading,
  listCollapsed,
  onOpenList,
  onToggleList,
  onNewChat,
  onExport,
}: {
  title: string;
  projectId?: string | null;
  heading: boolean;
  listCollapsed: boolean;
  onOpenList(): void;
  onToggleList(): void;
  onNewChat(): void;
  /** Absent while there is nothing to export. */
  onExport?: () => void;
}) {
  const TitleTag = heading ? "h1" : "p";
  return (
    <header
      className="flex h-12 shrink-0 items-center gap-1 border-b border-line/70 px-2 sm:px-3"
      data-testid="chat-header"
    >
      <Tip content="Chats">
        <IconButton label="Show chats" onClick={onOpenList} data-testid="chat-list-open" className="md:hidden">
          <PanelLeft className="size-[18px]" aria-hidden />
        </IconButton>
      </Tip>
      <Tip content={listCollapsed ? "Show chats" : "Hide chats"}>
        <IconButton
          label={listCollapsed ? "Show chats" : "Hide chats"}
          onClick={onToggleList}
          aria-expanded={!listCollapsed}
          aria-controls="chat-list-column"
          className="max-md:hidden"
        >
          {listCollapsed ? (
            <PanelLeftOpen className="size-[18px]" aria-hidden />
          ) : (
            <PanelLeftClose className="size-[18px]" aria-hidden />
          )}
        </IconButton>
      </Tip>
      <TitleTag
        className="min-w-0 flex-1 truncate px-1 text-sm font-semibold text-fg"
        title={title}
        data-testid="chat-title"
      >
        {title}
      </TitleTag>
      {projectId && <ProjectChip projectId={projectId} />}
      {onExport && (
        <Tip content="Export as Markdown">
          <IconButton label="Export chat as Markdown" onClick={onExport} data-testid="chat-export-markdown">
            <Download className="size-[18px]" aria-hidden />
          </IconButton>
        </Tip>
      )}
      <Tip content="New chat">
        <IconButton
          label="New chat"
          onClick={onNewChat}
          className={listCollapsed ? "" : "md:hidden"}
          data-testid="chat-header-new"
        >
          <SquarePen className="size-[18px]" aria-hidden />
        </IconButton>
      </Tip>
    </header>
  );
}

function Centered({ children }: { children: ReactNode }) {
  return <div className="flex flex-1 flex-col items-center justify-center px-6 py-10 text-center">{children}</div>;
}

function ConversationSkeleton() {
  return (
    <div className="mx-auto w-full max-w-3xl space-y-8 px-4 py-8 sm:px-6" aria-hidden data-testid="chat-loading">
      <div className="ml-auto h-11 w-2/5 animate-pulse rounded-3xl bg-surface-2" />
      <div className="flex gap-4">
        <div className="size-8 shrink-0 animate-pulse rounded-full bg-surface-2 max-sm:hidden" />
        <div className="flex-1 space-y-3">
          {[92, 100, 78, 85, 40].map((w, i) => (
            <div key={i} className="h-3.5 animate-pulse rounded bg-surface-2" style={{ width: `${w}%` }} />
          ))}
        </div>
      </div>
      <div className="ml-auto h-11 w-1/3 animate-pulse rounded-3xl bg-surface-2" />
    </div>
  );
}

/**
 * Follows the newest text while the reader is at the bottom; once they scroll up it stays put
 * and offers a "jump to latest" button instead.
 */
function useStickToBottom(enabled: boolean, deps: unknown[]) {
  const scrollerRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const enabledRef = useRef(enabled);
  enabledRef.current = enabled;
  const [atBottom, setAtBottom] = useState(true);

  const scrollToBottom = useCallback((behavior: ScrollBehavior = "auto") => {
    const el = scrollerRef.current;
    if (!el) return;
    stick.current = true;
    setAtBottom(true);
    el.scrollTo({ top: el.scrollHeight, behavior });
  }, []);

  useEffect(() => {
    const el = scrollerRef.current;
    if (!el) return;
    const onScroll = () => {
      const distance = el.scrollHeight - el.scrollTop - el.clientHeight;
      const bottom = distance < 96;
      stick.current = bottom;
      setAtBottom(bottom);
    };
    el.addEventListener("scroll", onScroll, { passive: true });
    return () => el.removeEventListener("scroll", onScroll);
  }, []);

  // New content (a delta, a re-render of the markdown): keep up if we were at the bottom.
  useIsoLayoutEffect(() => {
    const el = scrollerRef.current;
    if (el && enabled && stick.current) el.scrollTop = el.scrollHeight;
  }, [enabled, ...deps]);

  useEffect(() => {
    const content = contentRef.current;
    const el = scrollerRef.current;
    if (!content || !el || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => {
      if (enabledRef.current && stick.current) el.scrollTop = el.scrollHeight;
    });
    observer.observe(content);
    return () => observer.disconnect();
  }, []);

  return { scrollerRef, contentRef, atBottom, scrollToBottom };
}

/** The open chat: header, messages (or the new-chat state), and the composer. */
export function Conversation({
  chatId,
  isNew,
  onSend,
  onAnswerAgain,
  onNewChat,
  onOpenList,
  listCollapsed,
  onToggleList,
  floating,
}: ConversationProps) {
  const detail = useChatDetail(chatId);
  const streaming = useIsStreaming(chatId);
  const queryClient = useQueryClient();
  const [draft, setDraftValue] = useDraft(chatId ?? NEW_CHAT_DRAFT);
  const composerRef = useRef<ComposerHandle>(null);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [openRecord, setOpenRecord] = useState<CitedRecord | null>(null);

  // Every version of every turn; the screen shows one branch of them.
  const allMessages = detail.data?.messages ?? [];
  const messages = visibleMessages(detail.data);

  // "Not what I asked": the server records it and says whether the query came back; the answer shows it at once.
  const onNotWhatIAsked = useCallback(
    async (message: ViewMessage) => {
      if (!chatId) return;
      try {
        const result = await markNotWhatIAsked(chatId, message.id);
        const saved = normalizeMessage(result.message);
        queryClient.setQueryData<ChatDetail>(chatKeys.detail(chatId), (d) =>
          d ? { ...d, messages: d.messages.map((m) => (m.id === saved.id ? { ...m, ...saved } : m)) } : d,
        );
        notify(
          result.refunded
            ? { title: "Thanks: this query was given back", description: "We keep the question and answer to improve how questions are read." }
            : { title: "Recorded for review", description: "Today's 3 give-backs are used, so this query stays counted." },
        );
      } catch (err) {
        notify({ title: "Couldn't mark this answer", description: errorMessage(err, "Please try again."), variant: "destructive" });
      }
    },
    [chatId, queryClient],
  );

  // An answer the server is writing that this page did not start (a reload, another device): follow it.
  const answering = Boolean(detail.data?.chat.answering);
  useEffect(() => {
    if (chatId && answering && !streaming) void followAnswer(queryClient, chatId);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the server says it is answering
  }, [chatId, answering]);

  // Escape stops the answer being written, wherever the focus is (a dialog handles its own Escape).
  useEffect(() => {
    if (!streaming || !chatId) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== "Escape" || e.defaultPrevented || document.querySelector("[role=dialog]")) return;
      stopStream(chatId);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [streaming, chatId]);

  const versionsOf = (m: ViewMessage): VersionNav | undefined => {
    if (!chatId) return undefined;
    const { ids, index } = messageVersions(allMessages, m);
    if (ids.length < 2) return undefined;
    return { index, count: ids.length, onShow: (offset) => switchVersion(queryClient, chatId, ids[index + offset]) };
  };
  const lastQuestion = [...messages]
    .reverse()
    .find((m) => m.role === "user" && !m.status && !m.id.startsWith("local-"));
  const last = messages[messages.length - 1];
  const notFound = Boolean(chatId && !isNew && isNotFound(detail.error));
  const loadError = Boolean(chatId && !isNew && detail.isError && !notFound && !detail.data);
  const loading = Boolean(chatId && detail.isPending && !isNew);
  const empty = !chatId || (!loading && !notFound && !loadError && messages.length === 0);
  const { scrollerRef, contentRef, atBottom, scrollToBottom } = useStickToBottom(!empty && !notFound && !loadError, [
    messages.length,
    last?.content.length,
    last?.status,
    last?.summary,
    last?.citations?.length,
  ]);

  // Lift the composer above a floating button only when they would overlap.
  const composerBoxRef = useRef<HTMLDivElement>(null);
  const [bottomInset, setBottomInset] = useState(0);
  const floatHeight = floating?.height ?? 0;
  const floatLeft = floating?.left ?? Infinity;
  useEffect(() => {
    const box = composerBoxRef.current;
    if (!box || !floatHeight) {
      setBottomInset(0);
      return;
    }
    const update = () => setBottomInset(box.getBoundingClientRect().right > floatLeft - 8 ? floatHeight : 0);
    update();
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(update);
    observer?.observe(box);
    return () => observer?.disconnect();
  }, [floatHeight, floatLeft, listCollapsed]);

  const send = (text: string, retryOf?: ViewMessage) => {
    scrollToBottom();
    onSend(text, { retryOf });
    composerRef.current?.focus();
  };

  // Stable for the memoised messages: reads the latest list and sender through refs.
  const latest = useRef({ messages, send });
  latest.current = { messages, send };
  const retry = useCallback((msg: ViewMessage) => {
    const list = latest.current.messages;
    const i = list.findIndex((m) => messageKey(m) === messageKey(msg));
    // A saved answer knows its question from the message before it.
    const prev = list[i - 1];
    const question = msg.question ?? (prev?.role === "user" ? prev.content : undefined);
    if (question) latest.current.send(question, msg);
  }, []);

  const title = notFound ? "Chat not found" : (detail.data?.chat.title ?? (chatId ? "" : "New chat"));

  // The tab names the open chat.
  useEffect(() => {
    if (title) document.title = `${title} — Dropcraft`;
  }, [title]);

  return (
    <div className="flex h-full min-h-0 flex-col">
      <Header
        title={title || "\u00a0"}
        projectId={detail.data?.chat.projectId}
        heading={!empty}
        listCollapsed={listCollapsed}
        onOpenList={onOpenList}
        onToggleList={onToggleList}
        onNewChat={onNewChat}
        onExport={detail.data && messages.length > 0 && !streaming ? () => downloadMarkdown(detail.data!) : undefined}
      />

      <p className="sr-only" role="status" aria-live="polite">
        {streaming ? "Writing the answer…" : ""}
      </p>

      <div className="relative min-h-0 flex-1">
        <div
          ref={scrollerRef}
          className="absolute inset-0 overflow-y-auto overscroll-contain [scrollbar-color:var(--line)_transparent] [scrollbar-width:thin]"
          data-testid="chat-scroller"
        >
          <div ref={contentRef} className="flex min-h-full flex-col">
            {notFound ? (
              <Centered>
                <span className="grid size-12 place-items-center rounded-2xl bg-surface-2 text-subtle">
                  <MessageSquareOff className="size-6" aria-hidden />
                </span>
                <h1 className="mt-4 text-lg font-semibold text-fg">This chat doesn&rsquo;t exist</h1>
                <p className="mt-1 max-w-sm text-sm text-muted">
                  It may have been deleted, or the link is for another account.
                </p>
                <Button className="mt-5" onClick={onNewChat} icon={<SquarePen className="size-4" aria-hidden />}>
                  Start a new chat
                </Button>
              </Centered>
            ) : loadError ? (
              <Centered>
                <p className="text-sm text-muted" role="alert">
                  {errorMessage(detail.error, "Couldn't load this chat.")}
                </p>
                <Button
                  variant="subtle"
                  size="sm"
                  className="mt-3"
                  onClick={() => void detail.refetch()}
                  icon={<RefreshCw className="size-3.5" aria-hidden />}
                >
                  Retry
                </Button>
              </Centered>
            ) : loading ? (
              <ConversationSkeleton />
            ) : empty ? (
              <EmptyChat onPick={(prompt) => send(prompt)} disabled={streaming} />
            ) : (
              <ol
                className="mx-auto w-full max-w-3xl flex-1 space-y-6 px-4 pb-10 pt-6 sm:px-6"
                aria-label="Messages"
                data-testid="chat-messages"
              >
                {messages.map((m) => (
                  <li key={messageKey(m)}>
                    {m.role === "user" ? (
                      <UserMessage
                        message={m}
                        versions={versionsOf(m)}
                        editing={editingId === m.id}
                        busy={streaming}
                        onEditStart={(msg) => setEditingId(msg.id)}
                        onEditCancel={() => {
                          setEditingId(null);
                          composerRef.current?.focus();
                        }}
                        onEditSave={(msg, text) => {
                          setEditingId(null);
                          scrollToBottom();
                          onAnswerAgain({ kind: "edit", messageId: msg.id, content: text });
                        }}
                      />
                    ) : (
                      <AssistantMessage
                        message={m}
                        retryDisabled={streaming}
                        onRetry={retry}
                        versions={versionsOf(m)}
                        onRegenerate={(msg) => onAnswerAgain({ kind: "regenerate", messageId: msg.id })}
                        onNotWhatIAsked={onNotWhatIAsked}
                        onOpenRecord={setOpenRecord}
                        expandAnalysis={Boolean(m.key)}
                      />
                    )}
                  </li>
                ))}
              </ol>
            )}
          </div>
        </div>

        {!atBottom && !empty && (
          <IconButton
            label="Jump to latest message"
            onClick={() => scrollToBottom("smooth")}
            data-testid="chat-jump"
            className="absolute bottom-3 left-1/2 -translate-x-1/2 rounded-full border border-line bg-bg-elevated/95 shadow-lg shadow-black/25 backdrop-blur animate-fade-in"
          >
            <ArrowDown className="size-4" aria-hidden />
          </IconButton>
        )}
      </div>

      <RecordPanel record={openRecord} onClose={() => setOpenRecord(null)} />

      {!notFound && (
        <div
          className="shrink-0 bg-gradient-to-t from-bg via-bg to-bg/0 px-3 pt-1 sm:px-6"
          style={{ paddingBottom: `calc(${bottomInset}px + max(0.75rem, env(safe-area-inset-bottom)))` }}
        >
          <div ref={composerBoxRef} className="mx-auto w-full max-w-3xl">
            <Composer
              ref={composerRef}
              key={chatId ?? NEW_CHAT_DRAFT}
              value={draft}
              onChange={setDraftValue}
              onSend={(text) => send(text)}
              streaming={streaming}
              onStop={() => {
                if (chatId) stopStream(chatId);
                composerRef.current?.focus();
              }}
              onEditLast={lastQuestion && !streaming ? () => setEditingId(lastQuestion.id) : undefined}
              disabled={loading}
              autoFocus
            />
          </div>
        </div>
      )}
    </div>
  );
}
