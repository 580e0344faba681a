import {
  Compass,
  CreditCard,
  Handshake,
  ImagePlus,
  LayoutTemplate,
  LifeBuoy,
  MessagesSquare,
  Rocket,
  Settings,
  ShieldCheck,
  Store,
  Workflow,
  type LucideIcon,
} from "lucide-react";
import type { AuthUser } from "~/features/account";

export interface NavItem {
  id: string;
  label: string;
  to: string;
  icon: LucideIcon;
  /** Other path prefixes on which this item counts as the active route (aliases, sub-screens). */
  alsoActiveOn?: readonly string[];
}

/**
 * Ad Launcher is live only for accounts staff granted it (the spec's one hard-coded account
 * became the `launcherAccess` flag, issue 28); everyone else sees "Coming Soon". The API checks
 * the same flag.
 */
export function canUseAdLauncher(user: Pick<AuthUser, "launcherAccess"> | null | undefined): boolean {
  return user?.launcherAccess === true;
}

/** Admin is shown from the server-side role (it replaces the spec's two hard-coded accounts). */
export function isAdmin(user: Pick<AuthUser, "role"> | null | undefined): boolean {
  return user?.role === "admin";
}

export const AD_LAUNCHER_ID = "ad-launcher";

export const MAIN_NAV: readonly NavItem[] = [
  { id: "workflows", label: "Workflows", to: "/projects", icon: Workflow, alsoActiveOn: ["/project"] },
  { id: "page-builder", label: "Page Builder", to: "/ai-page-builder", icon: LayoutTemplate },
  { id: "chat-management", label: "Chat Management", to: "/history", icon: MessagesSquare },
  { id: "partners", label: "Partners", to: "/partners", icon: Handshake },
  { id: "explorer", label: "Explorer", to: "/ai-explore", icon: Compass, alsoActiveOn: ["/flows"] },
  { id: "image-maker", label: "Image Maker", to: "/image-maker", icon: ImagePlus, alsoActiveOn: ["/image-generation"] },
  { id: AD_LAUNCHER_ID, label: "Ad Launcher", to: "/ad-launcher", icon: Rocket },
];

export const QUICK_LINKS: readonly NavItem[] = [
  { id: "quick-workflows", label: "Workflows", to: "/projects", icon: Workflow },
  { id: "quick-ai-stores", label: "AI Stores", to: "/ai-page-builder", icon: Store },
];

export const ADMIN_ID = "admin";

export const PREMIUM_NAV: readonly NavItem[] = [
  {
    id: "settings",
    label: "Settings",
    to: "/settings",
    icon: Settings,
    alsoActiveOn: ["/profile", "/account"],
  },
  { id: "help", label: "Help Center", to: "/help", icon: LifeBuoy, alsoActiveOn: ["/help-center"] },
  { id: ADMIN_ID, label: "Admin", to: "/admin", icon: ShieldCheck },
  { id: "usage-billing", label: "Usage & billing", to: "/upgrade", icon: CreditCard, alsoActiveOn: ["/usage"] },
];

export const DASHBOARD_PATH = "/app";
export const DASHBOARD_ACTIVE_ON = ["/app", "/chat"] as const;

/** True when `pathname` is `prefix` itself or below it ("/help" matches "/help/x", not "/helpful"). */
export function pathMatches(pathname: string, prefix: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return path === prefix || path.startsWith(prefix + "/");
}

export function isNavItemActive(pathname: string, item: Pick<NavItem, "to" | "alsoActiveOn">): boolean {
  return [item.to, ...(item.alsoActiveOn ?? [])].some((p) => pathMatches(pathname, p));
}
