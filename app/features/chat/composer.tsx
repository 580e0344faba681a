import { ArrowUp, Square } from "lucide-react";
import { forwardRef, useEffect, useId, useImperativeHandle, useLayoutEffect, useRef, type KeyboardEvent } from "react";
import { Tip } from "~/ui/tooltip";
import { canSend, lengthState, MESSAGE_MAX } from "~/features/chat/chat-logic";
import { UsageHint } from "./usage-hint";
import { CharacterCount, Pressable } from "~/ui";

const useIsoLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

export interface ComposerHandle {
  focus(): void;
}

export interface ComposerProps {
  value: string;
  onChange(value: string): void;
  /** Called with the text when the user sends (Enter or the button). */
  onSend(text: string): void;
  /** An answer is being written: sending waits, the button stops it. */
  streaming: boolean;
  onStop(): void;
  /** ↑ in an empty box: edit the last question (absent when there is none to edit). */
  onEditLast?: () => void;
  /** Nothing can be sent yet (e.g. the chat is still loading). */
  disabled?: boolean;
  placeholder?: string;
  autoFocus?: boolean;
}

/**
 * The message box: grows with its text (up to 40% of the screen, then scrolls), Enter sends
 * and Shift+Enter starts a new line, the send button turns into Stop while an answer streams,
 * and the 30,000-character limit is shown as it nears. The per-question cost sits below it.
 */
export const Composer = forwardRef<ComposerHandle, ComposerProps>(function Composer(
  {
    value,
    onChange,
    onSend,
    streaming,
    onStop,
    onEditLast,
    disabled = false,
    placeholder = "Ask about products, niches, stores…",
    autoFocus = false,
  },
  ref,
) {
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const hintId = useId();
  const counterId = useId();
  useImperativeHandle(ref, () => ({ focus: () => textareaRef.current?.focus() }), []);

  // Grow with the content; the CSS max height caps it and the box scrolls from there.
  useIsoLayoutEffect(() => {
    const el = textareaRef.current;
    if (!el) return;
    el.style.height = "auto";
    el.style.height = `${el.scrollHeight}px`;
  }, [value]);

  useEffect(() => {
    // Focus on desktop only: on phones it would open the keyboard over the conversation.
    if (autoFocus && window.matchMedia("(pointer: fine)").matches) textareaRef.current?.focus({ preventScroll: true });
  }, [autoFocus]);

  const state = lengthState(value.length);
  const sendable = canSend(value) && !streaming && !disabled;

  const submit = () => {
    if (!sendable) return;
    onSend(value.trim());
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === "Escape" && streaming) {
      e.preventDefault();
      onStop();
      return;
    }
    if (e.key === "ArrowUp" && !value && onEditLast && !e.shiftKey && !e.altKey && !e.metaKey && !e.ctrlKey) {
      e.preventDefault();
      onEditLast();
      return;
    }
    if (e.key === "Enter" && !e.shiftKey && !e.altKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      data-testid="chat-composer"
      className="w-full"
    >
      <div
        className={`relative rounded-[26px] border bg-surface shadow-[0_8px_30px_-12px_rgba(0,0,0,0.35)] transition-[border-color,box-shadow] focus-within:shadow-[0_8px_30px_-12px_rgba(0,0,0,0.45)] ${
          state === "over"
            ? "border-danger/60"
            : "border-line focus-within:border-brand/60 focus-within:ring-4 focus-within:ring-brand/10"
        }`}
      >
        <label htmlFor={`${hintId}-input`} className="sr-only">
          Message
        </label>
        <textarea
          id={`${hintId}-input`}
          ref={textareaRef}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={onKeyDown}
          rows={1}
          placeholder={placeholder}
          aria-describedby={`${hintId} ${state !== "ok" ? counterId : ""}`.trim()}
          aria-invalid={state === "over" || undefined}
          enterKeyHint="send"
          // The card shows focus (brand border and ring); the global focus outline would box the text.
          data-testid="chat-input"
          className="block max-h-[40vh] min-h-[54px] w-full resize-none overflow-y-auto bg-transparent outline-none py-[15px] pl-5 pr-14 text-[15px] leading-6 text-fg placeholder:text-subtle [scrollbar-width:thin]"
        />
        <CharacterCount id={counterId} length={value.length} max={MESSAGE_MAX} className="px-5 pb-3" data-testid="chat-char-count" />
        <div className="absolute bottom-[9px] right-[9px]">
          {streaming ? (
            <Tip content="Stop answering">
              <Pressable
                onClick={onStop}
                aria-label="Stop answering"
                data-testid="chat-stop"
                className="grid size-9 place-items-center rounded-full bg-fg text-bg shadow-md transition-transform hover:scale-105 active:scale-95"
              >
                <Square className="size-3.5 fill-current" aria-hidden />
              </Pressable>
            </Tip>
          ) : (
            <Tip content="Send (Enter)">
              <Pressable
                type="submit"
                aria-label="Send message"
                disabled={!sendable}
                data-testid="chat-send"
                className="grid size-9 place-items-center rounded-full bg-brand-strong text-white shadow-md shadow-brand/30 transition-[transform,background-color,opacity] hover:bg-brand-hover enabled:hover:scale-105 enabled:active:scale-95 disabled:cursor-not-allowed disabled:bg-surface-2 disabled:text-subtle disabled:shadow-none"
              >
                <ArrowUp className="size-[18px]" strokeWidth={2.5} aria-hidden />
              </Pressable>
            </Tip>
          )}
        </div>
      </div>
      <UsageHint id={hintId} />
    </form>
  );
});
