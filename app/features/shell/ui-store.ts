/**
 * UI preferences persisted under the spec's `ui-storage` key (section 3), in the shape
 * zustand's persist middleware writes: `{"state":{"sidebarCollapsed":false},"version":0}`.
 *
 * A tiny external store read through useSyncExternalStore. Other tabs follow through the
 * `storage` event.
 *
 * No flash of the wrong sidebar width on load (the theme's approach, lib/theme.tsx):
 * - localStorage stays the source of truth; every change also writes the `ui-sidebar` cookie
 *   (features/shell/sidebar-boot.ts holds the cookie, the attribute and the boot script),
 *   so the server renders the collapsed shell (root loader -> `sidebarCollapsed`) and the
 *   hydration pass starts from that same value.
 * - <html data-sidebar="collapsed"> marks it for CSS: the server sets it from the cookie, the
 *   boot script (SIDEBAR_BOOT_SCRIPT, before first paint) from localStorage, and the store on
 *   every change. The shell's width and margin follow the attribute, so even a stored value the
 *   cookie does not know yet (first visit after a cookie was lost) paints at the right width;
 *   the boot script then restores the cookie.
 */
import { useRouteLoaderData } from "@remix-run/react";
import { useSyncExternalStore } from "react";
import {
  SIDEBAR_ATTRIBUTE,
  SIDEBAR_COOKIE_CLEAR,
  SIDEBAR_COOKIE_SET,
  UI_STORAGE_KEY,
} from "~/features/shell/sidebar-boot";
import type { RootData } from "~/root";

export { UI_STORAGE_KEY };
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

/** The <html> attribute and the cookie follow every change (see the module comment). */
function applySidebarMarkers(collapsed: boolean) {
  if (typeof document === "undefined") return;
  if (collapsed) document.documentElement.setAttribute(SIDEBAR_ATTRIBUTE, "collapsed");
  else document.documentElement.removeAttribute(SIDEBAR_ATTRIBUTE);
  document.cookie = collapsed ? SIDEBAR_COOKIE_SET : SIDEBAR_COOKIE_CLEAR;
}

function emit() {
  for (const listener of listeners) listener();
}

function onStorage(event: StorageEvent) {
  if (event.key !== null && event.key !== UI_STORAGE_KEY) return;
  current = parseUiState(readPersisted());
  applySidebarMarkers(current.sidebarCollapsed);
  emit();
}

/** The current UI state; on the server always the defaults (see useUiStore for rendering). */
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
  if (next.sidebarCollapsed !== prev.sidebarCollapsed) applySidebarMarkers(next.sidebarCollapsed);
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

const SERVER_STATE_COLLAPSED: Readonly<UiState> = Object.freeze({ ...DEFAULT_UI_STATE, sidebarCollapsed: true });

/**
 * Selects from the UI store. Selectors should return primitives (or stable references).
 * The server render and the hydration pass use what the server knew (the `ui-sidebar` cookie,
 * through the root loader), so the markup matches; the stored value applies right after if it
 * differs. Screens mounted later read the store directly.
 */
export function useUiStore<T>(selector: (state: UiState) => T): T {
  const serverCollapsed = useRouteLoaderData<RootData>("root")?.sidebarCollapsed === true;
  return useSyncExternalStore(
    subscribeUiState,
    () => selector(getUiState()),
    () => selector(serverCollapsed ? SERVER_STATE_COLLAPSED : DEFAULT_UI_STATE),
  );
}

/** Whether the desktop sidebar is collapsed to icons. */
export function useSidebarCollapsed(): boolean {
  return useUiStore((s) => s.sidebarCollapsed);
}
