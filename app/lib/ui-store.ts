/**
 * UI preferences persisted under the spec's `ui-storage` key (section 3), in the shape
 * zustand's persist middleware writes: `{"state":{"sidebarCollapsed":false},"version":0}`.
 *
 * A tiny external store read through useSyncExternalStore. The server (and the hydration pass)
 * always sees the defaults, so the markup matches; the stored value applies right after.
 * Other tabs follow through the `storage` event.
 */
import { useSyncExternalStore } from "react";

export const UI_STORAGE_KEY = "ui-storage";
export const UI_STORAGE_VERSION = 0;

export interface UiState {
  sidebarCollapsed: boolean;
}

export const DEFAULT_UI_STATE: Readonly<UiState> = Object.freeze({ sidebarCollapsed: false });

type Listener = () => void;

let current: UiState | null = null;
const listeners = new Set<Listener>();

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The persisted `state` object as stored, or null when missing or unreadable. */
function readPersisted(): Record<string, unknown> | null {
  try {
    const raw = localStorage.getItem(UI_STORAGE_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isObject(parsed) && isObject(parsed.state) ? parsed.state : null;
  } catch {
    return null;
  }
}

/** Parses a persisted state; unknown or malformed fields fall back to the defaults. */
export function parseUiState(state: unknown): UiState {
  const s = isObject(state) ? state : {};
  return {
    sidebarCollapsed: typeof s.sidebarCollapsed === "boolean" ? s.sidebarCollapsed : DEFAULT_UI_STATE.sidebarCollapsed,
  };
}

function write(state: UiState) {
  try {
    // Keep fields other code may have stored under the same key.
    const merged = { ...(readPersisted() ?? {}), ...state };
    localStorage.setItem(UI_STORAGE_KEY, JSON.stringify({ state: merged, version: UI_STORAGE_VERSION }));
  } catch {
    // Private mode or a full quota: the preference simply does not survive a reload.
  }
}

function emit() {
  for (const listener of listeners) listener();
}

function onStorage(event: StorageEvent) {
  if (event.key !== null && event.key !== UI_STORAGE_KEY) return;
  current = parseUiState(readPersisted());
  emit();
}

/** The current UI state; on the server always the defaults. */
export function getUiState(): UiState {
  if (typeof window === "undefined") return DEFAULT_UI_STATE;
  if (!current) current = parseUiState(readPersisted());
  return current;
}

export function setUiState(patch: Partial<UiState>) {
  const prev = getUiState();
  const next = { ...prev, ...patch };
  if ((Object.keys(next) as (keyof UiState)[]).every((k) => next[k] === prev[k])) return;
  current = next;
  write(next);
  emit();
}

export function setSidebarCollapsed(collapsed: boolean) {
  setUiState({ sidebarCollapsed: collapsed });
}

export function toggleSidebarCollapsed() {
  setUiState({ sidebarCollapsed: !getUiState().sidebarCollapsed });
}

export function subscribeUiState(listener: Listener): () => void {
  listeners.add(listener);
  if (listeners.size === 1 && typeof window !== "undefined") window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && typeof window !== "undefined") window.removeEventListener("storage", onStorage);
  };
}

/** Selects from the UI store. Selectors should return primitives (or stable references). */
export function useUiStore<T>(selector: (state: UiState) => T): T {
  return useSyncExternalStore(
    subscribeUiState,
    () => selector(getUiState()),
    () => selector(DEFAULT_UI_STATE),
  );
}

/** Whether the desktop sidebar is collapsed to icons; expanded on the server. */
export function useSidebarCollapsed(): boolean {
  return useUiStore((s) => s.sidebarCollapsed);
}
