/** The shell feature's public face: routes and other features import only what is listed here. */
export { AppShell } from "./app-shell";
export { checkBuildVersion, clearBrowserCaches } from "./app-start";
export { ComingSoon, comingSoonMeta } from "./coming-soon";
export { ErrorScreen } from "./error-screen";
export { ForbiddenScreen } from "./forbidden";
export { NotFoundScreen } from "./not-found";
export { SIDEBAR_BOOT_SCRIPT, sidebarCollapsedFromCookie } from "./sidebar-boot";
