import { forwardRef, useCallback, useEffect, useRef, type ButtonHTMLAttributes, type HTMLAttributes, type KeyboardEvent } from "react";
import { cx } from "./cx";

/*
 * Selectable surfaces. Each draws its chosen look from the ARIA state the caller already has to
 * give it (aria-pressed for a toggle, role="radio" + aria-checked inside a radiogroup,
 * aria-current for the open item of a list), so the look can never disagree with what a screen
 * reader hears. `selected` is a shorthand that sets the right attribute for the role.
 */

type Base = ButtonHTMLAttributes<HTMLButtonElement>;

export interface ChoiceProps extends Base {
  /** Sets aria-checked (role="radio") or aria-pressed (otherwise). Leave it out to pass the attribute yourself. */
  selected?: boolean;
}

function selectionAttrs(role: string | undefined, selected: boolean | undefined) {
  if (selected === undefined) return {};
  return role === "radio" ? { "aria-checked": selected } : { "aria-pressed": selected };
}

/** A button with no look of its own, for surfaces that draw their own (an image to enlarge, a dock, a video poster). It still defaults to type="button" and takes the kit's focus ring and disabled cursor. */
export const Pressable = forwardRef<HTMLButtonElement, Base>(function Pressable(
  { type = "button", className, ...rest },
  ref,
) {
  return <button ref={ref} type={type} className={cx("disabled:cursor-not-allowed", className)} {...rest} />;
});

export type TileSurface = "card" | "elevated" | "plain";

const TILE_SURFACES: Record<TileSurface, string> = {
  card: "border border-line bg-surface hover:border-brand/40",
  elevated: "border border-line bg-bg-elevated hover:border-brand/40 hover:bg-surface-2",
  // A row in a list or a disclosure header: no border, a tint on hover.
  plain: "hover:bg-surface-2",
};

export interface TileProps extends ChoiceProps {
  surface?: TileSurface;
  /** none for a row inside a divided list. */
  radius?: "none" | "lg" | "xl" | "2xl";
}

/** A selectable or clickable surface: a template, a preset, a product to pick, an example to try, a row to open. Padding and layout come from the caller. */
export const Tile = forwardRef<HTMLButtonElement, TileProps>(function Tile(
  { surface = "card", radius = "xl", selected, role, type = "button", className, ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      role={role}
      {...selectionAttrs(role, selected)}
      className={cx(
        "text-left transition-[border-color,background-color,transform] disabled:cursor-not-allowed disabled:opacity-60",
        TILE_SURFACES[surface],
        radius === "none" ? "" : radius === "lg" ? "rounded-lg" : radius === "2xl" ? "rounded-2xl" : "rounded-xl",
        surface !== "plain" &&
          "aria-checked:border-brand aria-checked:bg-brand-soft/40 aria-pressed:border-brand aria-pressed:bg-brand-soft/40 aria-[current=true]:border-brand/50 aria-[current=true]:bg-brand-soft/40",
        surface === "plain" && "aria-checked:bg-brand-soft aria-pressed:bg-brand-soft aria-[current=true]:bg-surface-2",
        className,
      )}
      {...rest}
    />
  );
});

export interface ChipProps extends ChoiceProps {
  size?: "sm" | "md";
  /** brand: always drawn chosen, for a chip that stands for something in force (a filter to remove, a sample already tracked). */
  tone?: "neutral" | "brand";
}

/** A small round toggle: a style, a sample to try, an active filter. Chosen chips turn brand. */
export const Chip = forwardRef<HTMLButtonElement, ChipProps>(function Chip(
  { size = "md", tone = "neutral", selected, role, type = "button", className, ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      role={role}
      {...selectionAttrs(role, selected)}
      className={cx(
        "inline-flex max-w-full items-center gap-1.5 rounded-full border font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-60",
        tone === "brand"
          ? "border-brand/35 bg-brand-soft text-fg hover:border-brand/60"
          : "border-line text-muted hover:border-subtle/60 hover:text-fg aria-checked:border-brand aria-checked:bg-brand-soft aria-checked:text-fg aria-pressed:border-brand/40 aria-pressed:bg-brand-soft aria-pressed:text-fg",
        size === "sm" ? "h-7 px-2.5 text-xs" : "h-9 px-3.5 text-sm",
        className,
      )}
      {...rest}
    />
  );
});

export interface SegmentProps extends ChoiceProps {
  size?: "sm" | "md";
}

/** One option of a segmented control (put them in a `role="radiogroup"` with `segmentGroupClasses`). The chosen one is lifted onto the surface. */
export const Segment = forwardRef<HTMLButtonElement, SegmentProps>(function Segment(
  { size = "md", selected, role, type = "button", className, ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      role={role}
      {...selectionAttrs(role, selected)}
      className={cx(
        "inline-flex items-center justify-center gap-1.5 whitespace-nowrap rounded-lg font-medium text-muted transition-colors hover:text-fg disabled:cursor-not-allowed disabled:opacity-60",
        "aria-checked:bg-surface aria-checked:text-fg aria-checked:shadow-sm aria-checked:ring-1 aria-checked:ring-line aria-pressed:bg-surface aria-pressed:text-fg aria-pressed:shadow-sm aria-pressed:ring-1 aria-pressed:ring-line",
        size === "sm" ? "h-8 px-2.5 text-[13px]" : "h-9 px-3 text-sm",
        className,
      )}
      {...rest}
    />
  );
});

/** The track a row of Segments sits on. */
export const segmentGroupClasses = (className?: string) => cx("flex gap-1 rounded-xl bg-surface-2 p-1", className);

/** The enabled radios that belong to this group (not to a group nested inside it). */
function radiosOf(group: HTMLElement): HTMLElement[] {
  return [...group.querySelectorAll<HTMLElement>('[role="radio"]')].filter(
    (el) => el.closest('[role="radiogroup"]') === group && !(el as HTMLButtonElement).disabled && el.getAttribute("aria-disabled") !== "true",
  );
}

/** One Tab stop per group: the chosen radio, or the first when none is chosen. */
function rovingTabStops(group: HTMLElement) {
  const radios = radiosOf(group);
  const stop = radios.find((el) => el.getAttribute("aria-checked") === "true") ?? radios[0];
  for (const el of radios) el.tabIndex = el === stop ? 0 : -1;
}

const NEXT_KEYS: Record<string, 1 | -1 | "first" | "last"> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1, Home: "first", End: "last" };

/**
 * A `role="radiogroup"` with the keyboard of the WAI-ARIA radio pattern for the Tiles, Segments
 * and Chips (role="radio") inside it: Tab reaches the chosen option only, the arrow keys (and
 * Home, End) move to the next option and choose it, wrapping at the ends.
 */
export const RadioGroup = forwardRef<HTMLDivElement, HTMLAttributes<HTMLDivElement>>(function RadioGroup({ onKeyDown, ...rest }, forwardedRef) {
  const own = useRef<HTMLDivElement | null>(null);
  const ref = useCallback(
    (el: HTMLDivElement | null) => {
      own.current = el;
      if (typeof forwardedRef === "function") forwardedRef(el);
      else if (forwardedRef) forwardedRef.current = el;
    },
    [forwardedRef],
  );
  useEffect(() => {
    const group = own.current;
    if (!group) return;
    rovingTabStops(group);
    // Options come and go (a list that loads) and the choice moves (a click): keep one Tab stop.
    const observer = new MutationObserver(() => rovingTabStops(group));
    observer.observe(group, { subtree: true, childList: true, attributes: true, attributeFilter: ["aria-checked", "disabled"] });
    return () => observer.disconnect();
  }, []);
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(event);
    const step = NEXT_KEYS[event.key];
    const group = own.current;
    if (event.defaultPrevented || step === undefined || !group || event.altKey || event.ctrlKey || event.metaKey) return;
    const radios = radiosOf(group);
    const current = radios.indexOf(event.target as HTMLElement);
    if (current < 0 || radios.length === 0) return;
    const index = step === "first" ? 0 : step === "last" ? radios.length - 1 : (current + step + radios.length) % radios.length;
    event.preventDefault();
    radios[index].focus();
    radios[index].click();
  };
  return <div ref={ref} role="radiogroup" onKeyDown={move} {...rest} />;
});
