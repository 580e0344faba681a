import { useEffect, useRef, useState } from "react";
import { notify, type ToastInput } from "~/lib/toast";

/** How long `copied` stays true after a copy when the caller does not say. */
export const COPIED_FOR_MS = 2000;

/**
 * Puts text on the clipboard: the Clipboard API, or on older browsers and insecure origins a
 * hidden textarea and the copy command. Rejects when the browser refuses both.
 */
export async function writeClipboard(text: string): Promise<void> {
  // Missing on insecure origins and older browsers (and on the server, where nothing is copied).
  const clipboard: Partial<Clipboard> | undefined = globalThis.navigator?.clipboard;
  if (clipboard?.writeText) {
    await clipboard.writeText(text);
    return;
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand("copy");
  area.remove();
  if (!ok) throw new Error("copy failed");
}

export interface CopyTextOptions {
  /** The toast when the browser refuses to copy, in the screen's own words. */
  failedToast: ToastInput;
  /** A toast after a copy; leave it out when the screen shows `copied` itself. */
  copiedToast?: ToastInput;
  /** How long `copied` stays true after a copy, in ms. */
  copiedForMs?: number;
}

export interface CopyText {
  /** Copies the text; resolves to whether it is on the clipboard. Never rejects: a refusal is the failed toast. */
  copy: (text: string) => Promise<boolean>;
  /** True for `copiedForMs` after the last copy: the screen's tick or "Copied". */
  copied: boolean;
}

/** Copy to clipboard with the kit's feedback: a `copied` flag for a moment, a toast when it fails (and one when it works, if asked). */
export function useCopyText({ failedToast, copiedToast, copiedForMs = COPIED_FOR_MS }: CopyTextOptions): CopyText {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy(text: string): Promise<boolean> {
    try {
      await writeClipboard(text);
    } catch {
      notify(failedToast);
      return false;
    }
    if (copiedToast) notify(copiedToast);
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), copiedForMs);
    return true;
  }

  return { copy, copied };
}
