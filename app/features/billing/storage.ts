/**
 * Browser storage for the billing surfaces (spec section 3, "Local storage keys"): small
 * string flags read through useSyncExternalStore, so every component sees a change at once and
 * other tabs follow through the `storage` event. The server always sees null.
 */
import { useSyncExternalStore } from "react";

export const BILLING_STORAGE_KEYS = {
  /** localStorage: "true" while the upgrade dock is expanded. */
  dockOpen: "upgrade-dock-open",
  /** sessionStorage: "true" once the free-plan banner was dismissed in this tab session. */
  bannerDismissed: "free-plan-banner-dismissed",
  /** localStorage: "true" once the premium welcome dialog has been shown. */
  premiumShown: "premium-modal-shown",
  /** localStorage: "true" after "Don't show this again". */
  premiumDismissed: "premium-modal-dismissed",
  /** localStorage: when the welcome dialog was last closed (ms since epoch): the 60 s re-trigger guard. */
  premiumLastShown: "premium-modal-last-shown",
  /** sessionStorage: "true" once the welcome dialog was shown in this session. */
  premiumSessionShown: "premium-modal-session-shown",
} as const;

export type StorageKind = "local" | "session";

const CHANGE_EVENT = "dropcraft:billing-storage";

function storageOf(kind: StorageKind): Storage | null {
  try {
    if (typeof window === "undefined") return null;
    return kind === "local" ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readStored(kind: StorageKind, key: string): string | null {
  try {
    return storageOf(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Writes (or with null removes) a value and tells this tab's subscribers. */
export function writeStored(kind: StorageKind, key: string, value: string | null) {
  try {
    const storage = storageOf(kind);
    if (!storage) return;
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, value);
  } catch {
    // Private mode or a full quota: the flag lasts only as long as the page.
  }
  if (typeof window !== "undefined") window.dispatchEvent(new CustomEvent(CHANGE_EVENT, { detail: key }));
}

function subscribe(listener: () => void) {
  window.addEventListener(CHANGE_EVENT, listener);
  window.addEventListener("storage", listener);
  return () => {
    window.removeEventListener(CHANGE_EVENT, listener);
    window.removeEventListener("storage", listener);
  };
}

/** The stored string, live; null on the server and during hydration. */
export function useStoredValue(kind: StorageKind, key: string): string | null {
  return useSyncExternalStore(
    subscribe,
    () => readStored(kind, key),
    () => null,
  );
}

/** A stored "true"/"false" flag with a setter. */
export function useStoredFlag(kind: StorageKind, key: string, fallback = false): [boolean, (next: boolean) => void] {
  const raw = useStoredValue(kind, key);
  const value = raw === null ? fallback : raw === "true";
  return [value, (next: boolean) => writeStored(kind, key, String(next))];
}
