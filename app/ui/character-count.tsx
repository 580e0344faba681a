import { cx } from "./cx";

export type LengthState = "ok" | "near" | "over";

const nf = new Intl.NumberFormat("en-US");

/** Character feedback for a capped text: shown from 90% of the limit, an error above it. */
export function lengthState(length: number, max: number): LengthState {
  if (length > max) return "over";
  if (length >= Math.floor(max * 0.9)) return "near";
  return "ok";
}

/**
 * "3,612 / 4,000" near the limit and "12 characters over the 4,000 limit" past it; nothing
 * before. Give the text box `aria-describedby={id}` while it shows, so the count is read out.
 */
export function CharacterCount({ id, length, max, className, "data-testid": testId }: { id: string; length: number; max: number; className?: string; "data-testid"?: string }) {
  const state = lengthState(length, max);
  if (state === "ok") return null;
  return (
    <p id={id} aria-live="polite" data-testid={testId} className={cx("text-xs tabular-nums", state === "over" ? "font-medium text-danger" : "text-warning", className)}>
      {state === "over" ? `${nf.format(length - max)} characters over the ${nf.format(max)} limit` : `${nf.format(length)} / ${nf.format(max)}`}
    </p>
  );
}
