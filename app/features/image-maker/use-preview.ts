/**
 * Live previews of a design (POST /api/images/preview: small, watermarked, not metered). The
 * request waits until the design has been still for a moment; the previous picture stays on
 * screen (the caller dims it) while the next one renders. Recent answers are kept by their body,
 * so stepping back and forth does not render the same picture twice.
 */
import { useEffect, useRef, useState } from "react";
import type { VisualDesignInput } from "~/domain/contracts/images";
import type { VisualPresetId } from "~/domain/images";
import { renderPreview } from "~/features/images";
import { errorMessage, HttpError } from "~/lib/http";

const CACHE_MAX = 60;
const cache = new Map<string, Blob>();

function remember(key: string, blob: Blob) {
  cache.delete(key);
  cache.set(key, blob);
  while (cache.size > CACHE_MAX) cache.delete(cache.keys().next().value as string);
}

// At most a few renders at once: a screen of five cards should not trip the server's rate limit.
const MAX_PARALLEL = 3;
let running = 0;
const waiting: (() => void)[] = [];
async function slot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_PARALLEL) await new Promise<void>((r) => waiting.push(r));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

export interface PreviewState {
  /** The picture on screen (an object URL), the newest that rendered. */
  src: string | null;
  /** A newer design is waiting or rendering. */
  loading: boolean;
  error: string | null;
}

export function useDesignPreview(
  design: VisualDesignInput | null,
  presetId: VisualPresetId,
  options: { productId?: string | null; delayMs?: number; enabled?: boolean } = {},
): PreviewState & { retry: () => void } {
  const { productId, delayMs = 400, enabled = true } = options;
  const body = design && enabled ? JSON.stringify({ design, presetId, ...(productId ? { productId } : {}) }) : null;
  const [state, setState] = useState<PreviewState>({ src: null, loading: Boolean(body), error: null });
  const [attempt, setAttempt] = useState(0);
  const current = useRef<string | null>(null);
  const retries = useRef(new Map<string, number>());

  useEffect(() => {
    if (!body) return;
    let cancelled = false;
    const controller = new AbortController();
    const show = (blob: Blob) => {
      if (cancelled) return;
      const url = URL.createObjectURL(blob);
      if (current.current) URL.revokeObjectURL(current.current);
      current.current = url;
      setState({ src: url, loading: false, error: null });
    };
    const hit = cache.get(body);
    if (hit) {
      show(hit);
      return;
    }
    setState((s) => ({ ...s, loading: true, error: null }));
    const timer = setTimeout(() => {
      void slot(async () => {
        if (cancelled) return;
        try {
          const parsed = JSON.parse(body) as Parameters<typeof renderPreview>[0];
          const blob = await renderPreview(parsed, controller.signal);
          remember(body, blob);
          show(blob);
        } catch (err) {
          if (cancelled) return;
          const limited = err instanceof HttpError && err.status === 429;
          // A refusal of the design (4xx) will not change by itself; a busy or failing renderer may.
          const passing = !(err instanceof HttpError && err.status < 500 && !limited);
          const again = limited || (passing && (retries.current.get(body) ?? 0) < 2);
          if (again && !limited) retries.current.set(body, (retries.current.get(body) ?? 0) + 1);
          if (again) {
            setState((s) => ({ ...s, loading: true, error: null }));
            setTimeout(() => !cancelled && setAttempt((a) => a + 1), limited ? 2500 : 1500);
            return;
          }
          setState((s) => ({ ...s, loading: false, error: errorMessage(err, "The preview could not be drawn.") }));
        }
      });
    }, delayMs);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      controller.abort();
    };
  }, [body, delayMs, attempt]);

  useEffect(
    () => () => {
      if (current.current) URL.revokeObjectURL(current.current);
    },
    [],
  );

  return { ...state, loading: Boolean(body) && state.loading, retry: () => setAttempt((a) => a + 1) };
}
