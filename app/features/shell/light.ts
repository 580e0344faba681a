/**
 * The shell's light public face, for the document root: its error and not-found screens, the
 * build-version check and the sidebar boot script, without the app shell (which reaches every
 * signed-in feature). ADR 008, "Light public faces".
 */
export { checkBuildVersion, clearBrowserCaches } from "./app-start";
export { ErrorScreen } from "./error-screen";
export { NotFoundScreen } from "./not-found";
export { SIDEBAR_BOOT_SCRIPT, sidebarCollapsedFromCookie } from "./sidebar-boot";
