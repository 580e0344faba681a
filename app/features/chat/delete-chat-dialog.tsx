import { Trash2 } from "lucide-react";
import { Modal } from "~/ui/modal";
import type { ChatSummary } from "~/features/chat/chat-logic";

/** "Delete chat?" with the chat's title; Cancel keeps it. */
export function DeleteChatDialog({
  chat,
  onCancel,
  onConfirm,
}: {
  chat: ChatSummary | null;
  onCancel(): void;
  onConfirm(chat: ChatSummary): void;
}) {
  return (
    <Modal
      open={chat !== null}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      title="Delete chat?"
      data-testid="chat-delete-dialog"
      description={
        <>
          <span className="font-medium text-fg">&ldquo;{chat?.title}&rdquo;</span> and all of its messages will be
          deleted. This can&rsquo;t be undone.
        </>
      }
      footer={
        <>
          <button
            type="button"
            onClick={onCancel}
            className="inline-flex h-10 items-center justify-center rounded-xl border border-line bg-surface px-4 text-sm font-semibold text-fg transition-colors hover:bg-surface-2"
          >
            Cancel
          </button>
          <button
            type="button"
            onClick={() => chat && onConfirm(chat)}
            data-testid="chat-delete-confirm"
            className="inline-flex h-10 items-center justify-center gap-2 rounded-xl bg-danger px-4 text-sm font-semibold text-white shadow-md shadow-danger/25 transition-opacity hover:opacity-90"
          >
            <Trash2 className="size-4" aria-hidden />
            Delete
          </button>
        </>
      }
    />
  );
}
