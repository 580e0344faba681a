/**
 * The Image Maker's and marketing visuals' drafts in localStorage, one per signed-in user
 * (`image-maker-draft:<userId>`). What is read back goes through the parser in wizard-logic, so
 * a damaged or old entry gives an empty draft instead of a broken screen. A change in another
 * tab (the storage event) is picked up.
 */
import { useCallback, useSyncExternalStore } from "react";
import { useCurrentUser } from "~/features/account";
import {
  draftKey,
  emptyDraft,
  emptyVisualsDraft,
  parseDraft,
  parseVisualsDraft,
  visualsKey,
  type VisualsDraft,
  type WizardDraft,
} from "./wizard-logic";

function storage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

function createDraftStore<T>(keyOf: (userId: number) => string, parse: (raw: string | null) => T | null, empty: () => T) {
  const cache = new Map<string, T>();
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((l) => l());

  const get = (userId: number): T => {
    const key = keyOf(userId);
    const hit = cache.get(key);
    if (hit) return hit;
    let value: T;
    try {
      value = parse(storage()?.getItem(key) ?? null) ?? empty();
    } catch {
      value = empty();
    }
    cache.set(key, value);
    return value;
  };

  const set = (userId: number, update: (current: T) => T) => {
    const key = keyOf(userId);
    const next = update(get(userId));
    cache.set(key, next);
    try {
      storage()?.setItem(key, JSON.stringify(next));
    } catch {
      // Full or blocked storage: the draft lives in memory for this visit.
    }
    emit();
  };

  const onStorage = (e: StorageEvent) => {
    if (e.key && cache.has(e.key)) {
      cache.delete(e.key);
      emit();
    }
  };

  return {
    get,
    set,
    subscribe(listener: () => void) {
      if (listeners.size === 0 && typeof window !== "undefined") window.addEventListener("storage", onStorage);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && typeof window !== "undefined") window.removeEventListener("storage", onStorage);
      };
    },
  };
}

export const wizardStore = createDraftStore<WizardDraft>(draftKey, parseDraft, emptyDraft);
export const visualsStore = createDraftStore<VisualsDraft>(visualsKey, parseVisualsDraft, emptyVisualsDraft);

type Store<T> = ReturnType<typeof createDraftStore<T>>;

/** The signed-in user's draft (null until the user is known and the page has hydrated) and its updater. */
function useStoredDraft<T>(store: Store<T>) {
  const { user } = useCurrentUser();
  const userId = user ? Number(user.id) : null;
  const draft = useSyncExternalStore(
    store.subscribe,
    () => (userId === null ? null : store.get(userId)),
    () => null,
  );
  const update = useCallback(
    (change: Partial<T> | ((current: T) => T)) => {
      if (userId === null) return;
      store.set(userId, (current) => (typeof change === "function" ? change(current) : { ...current, ...change }));
    },
    [store, userId],
  );
  return { draft, update, userId };
}

export const useWizardDraft = () => useStoredDraft<WizardDraft>(wizardStore);
export const useVisualsDraft = () => useStoredDraft<VisualsDraft>(visualsStore);
