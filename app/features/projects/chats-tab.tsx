/** The Chats tab: the project's chats (newest first) and a new chat that starts inside the project. */
import { Link } from "@remix-run/react";
import { AlertTriangle, ChevronRight, MessagesSquare, Plus, RefreshCw } from "lucide-react";
import type { Project } from "~/domain/contracts/projects";
import { relativeTime } from "~/ui/time";
import { errorMessage } from "~/lib/http";
import { Button, Skeleton } from "~/ui";
import { plural } from "./project-logic";
import { useNow } from "~/ui/use-now";
import { useProjectChats } from "./use-projects";

export function ChatsTab({ project, onNewChat, starting }: { project: Project; onNewChat: () => void; starting: boolean }) {
  const chats = useProjectChats(project.id);
  const now = useNow();

  if (chats.isPending) {
    return (
      <div role="status" className="space-y-2" aria-busy="true" aria-label="Loading the project's chats">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-[68px] w-full rounded-xl" />
        ))}
      </div>
    );
  }
  if (chats.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 rounded-2xl border border-line bg-surface px-5 py-4 text-sm">
        <AlertTriangle className="size-4 text-warning" aria-hidden />
        <span className="flex-1 text-fg">Couldn’t load the chats: {errorMessage(chats.error, "please try again.")}</span>
        <Button variant="secondary" size="sm" onClick={() => void chats.refetch()}>
          <RefreshCw className="size-3.5" aria-hidden />
          Retry
        </Button>
      </div>
    );
  }
  if (chats.data.length === 0) {
    return (
      <div className="flex flex-col items-center rounded-2xl border border-dashed border-line bg-surface/60 px-6 py-14 text-center" data-testid="project-chats-empty">
        <span className="grid size-12 place-items-center rounded-2xl bg-brand-soft text-brand" aria-hidden>
          <MessagesSquare className="size-6" />
        </span>
        <h2 className="mt-4 text-base font-semibold text-fg">No chats in this project yet</h2>
        <p className="mt-1.5 max-w-md text-sm leading-6 text-muted">
          A chat started here answers with this project’s instructions, files and canon, and cites the files it quotes.
        </p>
        <Button className="mt-5" icon={<Plus className="size-4" aria-hidden />} loading={starting} onClick={onNewChat} data-testid="project-chats-new">
          New chat in this project
        </Button>
      </div>
    );
  }
  return (
    <section aria-label="The project's chats" className="rounded-2xl border border-line bg-surface shadow-sm shadow-black/5">
      <div className="flex items-center justify-between gap-3 border-b border-line px-4 py-3 sm:px-5">
        <p className="text-sm text-muted">{plural(chats.data.length, "chat")} in this project</p>
        <Button size="sm" variant="secondary" icon={<Plus className="size-4" aria-hidden />} loading={starting} onClick={onNewChat} data-testid="project-chats-new">
          New chat in this project
        </Button>
      </div>
      <ul className="divide-y divide-line" data-testid="project-chats">
        {chats.data.map((chat) => (
          <li key={chat.id}>
            <Link
              to={`/chat/${chat.id}`}
              className="group flex items-center gap-3.5 px-4 py-3.5 transition-colors hover:bg-surface-2/60 sm:px-5"
              data-testid="project-chat"
            >
              <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-surface-2 text-muted group-hover:text-brand" aria-hidden>
                <MessagesSquare className="size-4" />
              </span>
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-fg">{chat.title}</p>
                <p className="mt-0.5 truncate text-[13px] text-subtle">
                  {chat.firstQuestion ? `“${chat.firstQuestion}” · ` : ""}
                  {plural(chat.messageCount, "message")} · {relativeTime(chat.updatedAt, now)}
                </p>
              </div>
              <ChevronRight className="size-4 shrink-0 text-subtle group-hover:text-fg" aria-hidden />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
