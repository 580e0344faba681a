/**
 * Autosave for a text the merchant types (the business instructions): saved after a short
 * pause, one request at a time, the latest text always winning. A failed background save keeps
 * the text on screen, is logged (spec section 8), is retried with growing pauses when it may
 * succeed later, and the user is told when it gives up; Retry starts again.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { isRetryable, SYNC_RETRY_DELAYS_MS } from "~/lib/http";

export type SaveState = "idle" | "pending" | "saving" | "retrying" | "saved" | "failed";

export const AUTOSAVE_DELAY_MS = 800;

export interface AutosaveOptions {
  /** The text as typed now. */
  value: string;
  /** The text the server has (when the editor opened). */
  initial: string;
  save: (value: string) => Promise<unknown>;
  /** Called once when automatic retries stop (or the server refused the text). */
  onGiveUp?: (err: unknown) => void;
  /** What the log line names ("business-instructions"). */
  what: string;
  delayMs?: number;
}

export function useAutosave({ value, initial, save, onGiveUp, what, delayMs = AUTOSAVE_DELAY_MS }: AutosaveOptions) {
  const [state, setState] = useState<SaveState>("idle");
  const [error, setError] = useState<unknown>(null);
  const latest = useRef(value);
  const lastSaved = useRef(initial);
  const inFlight = useRef(false);
  const attempt = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const mounted = useRef(true);
  /** Whether anything was typed yet: "Saved" is only said after a save. */
  const touched = useRef(false);
  // The latest callbacks, without restarting the timers when they change.
  const saveRef = useRef(save);
  const giveUpRef = useRef(onGiveUp);
  useEffect(() => {
    saveRef.current = save;
    giveUpRef.current = onGiveUp;
  });

  const set = useCallback((next: SaveState) => {
    if (mounted.current) setState(next);
  }, []);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    if (inFlight.current) return; // the answer of the save in flight sends the newer text
    const text = latest.current;
    if (text === lastSaved.current) {
      set(touched.current ? "saved" : "idle");
      attempt.current = 0;
      return;
    }
    inFlight.current = true;
    set(attempt.current > 0 ? "retrying" : "saving");
    saveRef
      .current(text)
      .then(() => {
        inFlight.current = false;
        lastSaved.current = text;
        attempt.current = 0;
        if (mounted.current) setError(null);
        if (latest.current !== text) flush();
        else set("saved");
      })
      .catch((err: unknown) => {
        inFlight.current = false;
        console.warn(`[projects] ${what} sync failed:`, err);
        if (latest.current !== text) {
          // Newer text arrived meanwhile: save that instead.
          attempt.current = 0;
          flush();
          return;
        }
        if (isRetryable(err) && attempt.current < SYNC_RETRY_DELAYS_MS.length) {
          const pause = SYNC_RETRY_DELAYS_MS[attempt.current];
          attempt.current += 1;
          set("retrying");
          timer.current = setTimeout(flush, pause);
          return;
        }
        attempt.current = 0;
        if (mounted.current) setError(err);
        set("failed");
        giveUpRef.current?.(err);
      });
  }, [what, set]);

  // Each change waits for a pause in typing.
  useEffect(() => {
    latest.current = value;
    if (value === lastSaved.current && !inFlight.current) return;
    attempt.current = 0;
    touched.current = true;
    if (!inFlight.current) setState("pending");
    clearTimeout(timer.current);
    timer.current = setTimeout(flush, delayMs);
  }, [value, delayMs, flush]);

  // Leaving the page with unsaved text: the browser asks first; leaving the screen saves at once.
  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (latest.current !== lastSaved.current) {
        e.preventDefault();
        e.returnValue = "";
      }
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, []);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearTimeout(timer.current);
      if (!inFlight.current && latest.current !== lastSaved.current) {
        saveRef.current(latest.current).catch((err: unknown) => console.warn(`[projects] ${what} sync failed:`, err));
      }
    };
  }, [what]);

  const retry = useCallback(() => {
    attempt.current = 0;
    flush();
  }, [flush]);

  return { state, error, retry };
}
