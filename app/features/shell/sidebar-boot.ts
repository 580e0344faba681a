/**
 * The pieces of the sidebar's no-flash load that the root layout needs on every page (see
 * lib/ui-store.ts for the whole picture). Kept apart from the store so the root bundle, which
 * every public page loads, carries only this script and not the store and its hooks.
 */

/** The spec's local storage key for UI preferences (section 3); lib/ui-store.ts owns the shape. */
export const UI_STORAGE_KEY = "ui-storage";

/** Cookie mirror of `sidebarCollapsed` for server rendering: `ui-sidebar=collapsed`, or absent. */
export const SIDEBAR_COOKIE = "ui-sidebar";
/** Attribute on <html>: `data-sidebar="collapsed"` while the desktop sidebar is collapsed. */
export const SIDEBAR_ATTRIBUTE = "data-sidebar";
export const SIDEBAR_COOKIE_SET = `${SIDEBAR_COOKIE}=collapsed; Path=/; Max-Age=31536000; SameSite=Lax`;
export const SIDEBAR_COOKIE_CLEAR = `${SIDEBAR_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;

/** Whether the request's cookie says the sidebar is collapsed (read by the root loader). */
export function sidebarCollapsedFromCookie(cookieHeader: string | null): boolean {
  return new RegExp(`(?:^|;\\s*)${SIDEBAR_COOKIE}=collapsed(?:;|$)`).test(cookieHeader ?? "");
}

/**
 * Runs before first paint (root layout, with the CSP nonce): applies the stored
 * `sidebarCollapsed` to <html> (only `true` collapses, as in parseUiState) and brings the
 * cookie in line, so the next server render matches.
 */
export const SIDEBAR_BOOT_SCRIPT = `(function(){var s=null;try{s=JSON.parse(localStorage.getItem(${JSON.stringify(UI_STORAGE_KEY)})||"null")}catch(e){}try{var c=!!(s&&s.state&&s.state.sidebarCollapsed===true),r=document.documentElement,k=/(?:^|;\\s*)${SIDEBAR_COOKIE}=collapsed(?:;|$)/.test(document.cookie);if(c)r.setAttribute("${SIDEBAR_ATTRIBUTE}","collapsed");else r.removeAttribute("${SIDEBAR_ATTRIBUTE}");if(c!==k)document.cookie=c?${JSON.stringify(SIDEBAR_COOKIE_SET)}:${JSON.stringify(SIDEBAR_COOKIE_CLEAR)}}catch(e){}})();`;
