/** Small pieces the builder's panels share. */
import { ArrowDown, ArrowUp, ImageIcon, X } from "lucide-react";
import { forwardRef, useEffect, useState, type ReactNode } from "react";
import { Field, IconButton, Input, cx, type InputProps } from "~/ui";
import { imageHost, imageName } from "./editor-logic";

export function Card({
  title,
  description,
  aside,
  children,
  className,
  id,
}: {
  title: ReactNode;
  description?: ReactNode;
  aside?: ReactNode;
  children: ReactNode;
  className?: string;
  id?: string;
}) {
  return (
    <section
      aria-labelledby={id ? `${id}-title` : undefined}
      className={cx("rounded-2xl border border-line bg-surface p-4", className)}
    >
      <div className="mb-3 flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={id ? `${id}-title` : undefined} className="text-sm font-semibold text-fg">
            {title}
          </h3>
          {description && <p className="mt-0.5 text-xs text-muted">{description}</p>}
        </div>
        {aside}
      </div>
      {children}
    </section>
  );
}

/**
 * An input whose text is parsed on every keystroke: a readable value is committed, an unreadable
 * one stays on screen with an error. The text follows the value when it changes elsewhere (undo).
 */
export const ParsedInput = forwardRef<
  HTMLInputElement,
  Omit<InputProps, "value" | "onChange"> & {
    value: unknown;
    format: (value: never) => string;
    parse: (text: string) => unknown;
    onValue: (value: never) => void;
    onValidity?: (invalid: boolean) => void;
  }
>(function ParsedInput({ value, format, parse, onValue, onValidity, ...rest }, ref) {
  const [text, setText] = useState(() => format(value as never));
  useEffect(() => {
    // Undo, redo or a server answer changed the value: show it unless the text already means it.
    const parsed = parse(text);
    if (parsed === undefined || JSON.stringify(parsed) !== JSON.stringify(value)) setText(format(value as never));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [JSON.stringify(value)]);
  return (
    <Input
      ref={ref}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        const parsed = parse(e.target.value);
        onValidity?.(parsed === undefined);
        if (parsed !== undefined) onValue(parsed as never);
      }}
      {...rest}
    />
  );
});

export function MoveButtons({
  index,
  count,
  label,
  onMove,
  size = "sm",
}: {
  index: number;
  count: number;
  label: string;
  onMove: (to: number) => void;
  size?: "sm" | "md";
}) {
  return (
    <>
      <IconButton size={size} label={`Move ${label} up`} disabled={index === 0} onClick={() => onMove(index - 1)}>
        <ArrowUp className="size-4" aria-hidden />
      </IconButton>
      <IconButton
        size={size}
        label={`Move ${label} down`}
        disabled={index === count - 1}
        onClick={() => onMove(index + 1)}
      >
        <ArrowDown className="size-4" aria-hidden />
      </IconButton>
    </>
  );
}

export function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <IconButton size="sm" label={label} onClick={onClick} className="hover:text-danger">
      <X className="size-4" aria-hidden />
    </IconButton>
  );
}

/**
 * An image by its address. The app's CSP loads only its own images, so a store's image is named
 * here (file and host) and shown for real in the preview, which may load any https image.
 */
export function ImageTile({ url, main, className }: { url: string; main?: boolean; className?: string }) {
  return (
    <span className={cx("flex min-w-0 items-center gap-2.5", className)}>
      <span
        aria-hidden
        className={cx(
          "grid size-10 shrink-0 place-items-center rounded-lg border",
          main ? "border-brand/50 bg-brand-soft text-brand" : "border-line bg-surface-2 text-subtle",
        )}
      >
        <ImageIcon className="size-4" />
      </span>
      <span className="min-w-0">
        <span className="block truncate text-sm text-fg" title={url}>
          {imageName(url)}
        </span>
        <span className="block truncate text-xs text-subtle">{imageHost(url)}</span>
      </span>
    </span>
  );
}

/** A labelled text field whose words become a value through `parse` (money, barcodes, day ranges); says why while they do not, keeping the last good value. */
export function ParsedField<T>({
  label,
  id,
  value,
  format,
  parse,
  onValue,
  invalidMessage,
  hint,
  placeholder,
  inputMode,
}: {
  label: ReactNode;
  id: string;
  value: T | null;
  format: (v: T | null) => string;
  parse: (text: string) => T | null | undefined;
  onValue: (v: T | null) => void;
  invalidMessage: string;
  hint?: string;
  placeholder?: string;
  inputMode?: "text" | "numeric" | "decimal";
}) {
  const [invalid, setInvalid] = useState(false);
  return (
    <Field label={label} id={id} hint={hint} error={invalid ? invalidMessage : undefined}>
      <ParsedInput
        id={id}
        value={value}
        format={format as (v: never) => string}
        parse={parse}
        onValue={onValue as (v: never) => void}
        onValidity={setInvalid}
        placeholder={placeholder}
        inputMode={inputMode}
        autoComplete="off"
      />
    </Field>
  );
}
