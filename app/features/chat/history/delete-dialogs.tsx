import { Download, Loader2, Trash2 } from "lucide-react";
import { Modal } from "~/ui/modal";
import type { ChatListItem } from "~/features/chat/chat-logic";
import { plural } from "./history-logic";
import type { ExportProgress } from "./use-history";
import { Button } from "~/ui";

/** How many titles a confirmation lists before "and N more". */
const LISTED = 5;

/** "Delete 2 chats?" naming the chats (the first few) and how many messages go with them. */
export function DeleteChatsDialog({
  chats,
  onCancel,
  onConfirm,
}: {
  chats: ChatListItem[] | null;
  onCancel(): void;
  onConfirm(chats: ChatListItem[]): void;
}) {
  const list = chats ?? [];
  const messages = list.reduce((n, c) => n + c.messageCount, 0);
  const one = list.length === 1;
  return (
    <Modal
      open={chats !== null}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      title={one ? "Delete chat?" : `Delete ${plural(list.length, "chat")}?`}
      data-testid="history-delete-dialog"
      description={
        one ? (
          <>
            <span className="font-medium text-fg">&ldquo;{list[0]?.title}&rdquo;</span> and{" "}
            {messages ? `its ${plural(messages, "message")}` : "everything in it"} will be deleted. This can&rsquo;t be
            undone.
          </>
        ) : (
          <>These chats and their {plural(messages, "message")} will be deleted. This can&rsquo;t be undone.</>
        )
      }
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button
            variant="danger"
            onClick={() => onConfirm(list)}
            data-testid="history-delete-confirm"
            icon={<Trash2 className="size-4" aria-hidden />}
          >
            {one ? "Delete" : `Delete ${plural(list.length, "chat")}`}
          </Button>
        </>
      }
    >
      {!one && (
        <ul
          className="space-y-1 rounded-xl border border-line bg-surface-2/50 p-2 text-sm"
          data-testid="history-delete-list"
        >
          {list.slice(0, LISTED).map((c) => (
            <li key={c.id} className="flex items-center gap-3 rounded-lg px-2 py-1.5">
              <span className="min-w-0 flex-1 truncate text-fg">{c.title}</span>
              <span className="shrink-0 text-xs tabular-nums text-subtle">{plural(c.messageCount, "message")}</span>
            </li>
          ))}
          {list.length > LISTED && (
            <li className="px-2 py-1 text-xs text-subtle">and {plural(list.length - LISTED, "more chat")}</li>
          )}
        </ul>
      )}
    </Modal>
  );
}

/** "Delete all chats?" with the totals, and a way to download a copy first. */
export function DeleteAllDialog({
  open,
  chats,
  messages,
  exportProgress,
  deleting,
  onExport,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  chats: number;
  messages: number;
  exportProgress: ExportProgress | null;
  deleting: boolean;
  onExport(): void;
  onCancel(): void;
  onConfirm(): void;
}) {
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) onCancel();
      }}
      title="Delete all chats?"
      data-testid="history-delete-all-dialog"
      description={
        <>
          All <span className="font-medium text-fg">{plural(chats, "chat")}</span> and their{" "}
          {plural(messages, "message")} will be deleted for good. This can&rsquo;t be undone.
        </>
      }
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button
            variant="danger"
            onClick={onConfirm}
            loading={deleting}
            data-testid="history-delete-all-confirm"
            icon={<Trash2 className="size-4" aria-hidden />}
          >
            Delete all chats
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3 rounded-xl border border-line bg-surface-2/50 p-3.5 sm:flex-row sm:items-center">
        <p className="min-w-0 flex-1 text-sm text-muted">
          Want to keep your research? Download every chat as JSON first.
        </p>
        <Button
          variant="secondary"
          size="sm"
          onClick={onExport}
          disabled={exportProgress !== null || chats === 0}
          data-testid="history-delete-all-export"
          className="h-9"
        >
          {exportProgress ? (
            <>
              <Loader2 className="size-4 animate-spin" aria-hidden />
              Exporting {exportProgress.done}/{exportProgress.total}
            </>
          ) : (
            <>
              <Download className="size-4 text-brand" aria-hidden />
              Download JSON
            </>
          )}
        </Button>
      </div>
    </Modal>
  );
}
