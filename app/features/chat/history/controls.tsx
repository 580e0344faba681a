import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { ArrowDownWideNarrow, ArrowUpNarrowWide, Check, ChevronDown, Minus } from "lucide-react";
import { useEffect, useRef, type MouseEvent } from "react";
import { dirLabel, SORT_LABELS, type HistorySort, type SortDir, type SortKey } from "./history-logic";

/**
 * A themed checkbox: a real `<input type="checkbox">` (keyboard, forms and screen readers as
 * usual) drawn with the app's colours, with a mixed state for "some selected". The label around
 * it gives a 36 px touch target.
 */
export function Checkbox({
  checked,
  indeterminate = false,
  onToggle,
  label,
  "data-testid": testId,
}: {
  checked: boolean;
  indeterminate?: boolean;
  onToggle(event: { shiftKey: boolean }): void;
  label: string;
  "data-testid"?: string;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <label className="relative grid size-9 shrink-0 cursor-pointer place-items-center rounded-lg transition-colors hover:bg-surface-2">
      <input
        ref={ref}
        type="checkbox"
        checked={checked}
        aria-label={label}
        data-testid={testId}
        // The click carries Shift (Shift+click selects a range); a keyboard Space clicks too.
        onClick={(e: MouseEvent<HTMLInputElement>) => onToggle({ shiftKey: e.shiftKey })}
        onChange={ignore}
        className="peer size-[18px] cursor-pointer appearance-none rounded-[5px] border-[1.5px] border-subtle/70 bg-transparent transition-colors checked:border-brand checked:bg-brand indeterminate:border-brand indeterminate:bg-brand hover:border-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
      />
      <Check
        className="pointer-events-none absolute size-3.5 text-white opacity-0 peer-checked:opacity-100"
        strokeWidth={3}
        aria-hidden
      />
      <Minus
        className="pointer-events-none absolute size-3.5 text-white opacity-0 peer-indeterminate:opacity-100"
        strokeWidth={3}
        aria-hidden
      />
    </label>
  );
}

// The state is held by the parent; the click handler reports the change.
const ignore = () => {};

const menuItem =
  "flex cursor-pointer select-none items-center gap-2.5 rounded-md py-2 pl-8 pr-3 text-sm text-fg outline-none transition-colors data-[highlighted]:bg-surface-2 relative";

/** "Sort: Last updated ▾" with the three orders and their directions. */
export function SortMenu({ sort, onChange }: { sort: HistorySort; onChange(sort: HistorySort): void }) {
  const DirIcon = sort.dir === "asc" ? ArrowUpNarrowWide : ArrowDownWideNarrow;
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        data-testid="history-sort"
        aria-label={`Sort: ${SORT_LABELS[sort.key]}, ${dirLabel(sort.key, sort.dir)}`}
        className="inline-flex h-10 shrink-0 items-center gap-1.5 rounded-xl border border-line bg-surface px-3 text-sm sm:gap-2 font-medium text-fg shadow-sm transition-colors hover:border-brand/40 hover:bg-surface-2 data-[state=open]:border-brand/50 data-[state=open]:bg-surface-2"
      >
        <DirIcon className="size-4 text-subtle" aria-hidden />
        <span className="hidden text-muted sm:inline">Sort:</span>
        <span className="max-sm:sr-only">{SORT_LABELS[sort.key]}</span>
        <ChevronDown className="size-3.5 text-subtle" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          collisionPadding={8}
          className="z-[60] min-w-52 rounded-xl border border-line bg-bg-elevated p-1 text-fg shadow-xl shadow-black/30 animate-fade-in [animation-duration:120ms]"
        >
          <DropdownMenu.Label className="px-3 pb-1 pt-1.5 text-[11px] font-semibold uppercase tracking-[0.08em] text-subtle">
            Sort by
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            value={sort.key}
            onValueChange={(key) =>
              onChange({ key: key as SortKey, dir: key === sort.key ? sort.dir : key === "title" ? "asc" : "desc" })
            }
          >
            {(Object.keys(SORT_LABELS) as SortKey[]).map((key) => (
              <DropdownMenu.RadioItem key={key} value={key} className={menuItem} data-testid={`history-sort-${key}`}>
                <DropdownMenu.ItemIndicator className="absolute left-2.5">
                  <Check className="size-4 text-brand" aria-hidden />
                </DropdownMenu.ItemIndicator>
                {SORT_LABELS[key]}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
          <DropdownMenu.Separator className="mx-1 my-1 h-px bg-line" />
          <DropdownMenu.RadioGroup value={sort.dir} onValueChange={(dir) => onChange({ ...sort, dir: dir as SortDir })}>
            {(sort.key === "title" ? (["asc", "desc"] as const) : (["desc", "asc"] as const)).map((dir) => (
              <DropdownMenu.RadioItem key={dir} value={dir} className={menuItem}>
                <DropdownMenu.ItemIndicator className="absolute left-2.5">
                  <Check className="size-4 text-brand" aria-hidden />
                </DropdownMenu.ItemIndicator>
                {dirLabel(sort.key, dir)}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
