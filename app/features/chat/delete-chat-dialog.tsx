import { Trash2 } from "lucide-react";
import { Modal } from "~/ui/modal";
import type { ChatSummary } from "~/features/chat/chat-logic";
import { Button } from "~/ui";

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
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button
            variant="danger"
            onClick={() => chat && onConfirm(chat)}
            data-testid="chat-delete-confirm"
            icon={<Trash2 className="size-4" aria-hidden />}
          >
            Delete
          </Button>
        </>
      }
    />
  );
}
