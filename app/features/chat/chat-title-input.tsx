import { useEffect, useRef, useState } from "react";
import { CHAT_TITLE_MAX, cleanTitle } from "~/features/chat/chat-logic";

export interface ChatTitleInputProps {
  title: string;
  /** The new title (null: keep the old one); `byKey` when Enter or Escape ended it, so focus can return. */
  onDone(title: string | null, byKey: boolean): void;
  className?: string;
  describedBy?: string;
  "data-testid"?: string;
}

/**
 * Renaming a chat in place, shared by the chat list and Chat Management: focused and selected on
 * open; Enter or leaving saves, Escape cancels; settles exactly once.
 */
export function ChatTitleInput({
  title,
  onDone,
  className = "",
  describedBy,
  "data-testid": testId,
}: ChatTitleInputProps) {
  const [value, setValue] = useState(title);
  const ref = useRef<HTMLInputElement>(null);
  const finished = useRef(false);
  useEffect(() => {
    ref.current?.focus();
    ref.current?.select();
  }, []);
  const finish = (save: boolean, byKey = false) => {
    if (finished.current) return;
    finished.current = true;
    onDone(save ? cleanTitle(value) : null, byKey);
  };
  return (
    <input
      ref={ref}
      value={value}
      maxLength={CHAT_TITLE_MAX}
      aria-label="Chat title"
      aria-describedby={describedBy}
      data-testid={testId}
      onChange={(e) => setValue(e.target.value)}
      onBlur={() => finish(true)}
      onKeyDown={(e) => {
        if (e.key === "Enter") {
          e.preventDefault();
          finish(true, true);
        } else if (e.key === "Escape") {
          e.preventDefault();
          e.stopPropagation();
          finish(false, true);
        }
      }}
      className={`h-9 w-full rounded-lg border border-brand/60 px-2.5 text-sm text-fg shadow-[0_0_0_3px_var(--brand-soft)] outline-none ${className}`}
    />
  );
}
