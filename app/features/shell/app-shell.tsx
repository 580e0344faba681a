import { useLocation } from "@remix-run/react";
import { PanelLeftClose, PanelLeftOpen } from "lucide-react";
import { useEffect, useState, type ReactNode } from "react";
import { useCurrentUser } from "~/features/account";
import { initLocalStores } from "~/features/local-data";
import { BillingOverlays } from "~/features/billing";
import { isProtectedPath } from "~/domain/routing";
import { inertWhen } from "~/ui/inert";
import { Tip } from "~/ui/tooltip";
import { toggleSidebarCollapsed, useSidebarCollapsed } from "~/features/shell/ui-store";
import { MobileNav } from "./mobile-nav";
import { SidebarPanel } from "./sidebar";
import { Pressable } from "~/ui";

/** Tailwind's `lg` breakpoint: the desktop sidebar from here up, the drawer below. */
export const DESKTOP_MEDIA_QUERY = "(min-width: 1024px)";

/**
 * Width transitions only after the first paint, so nothing animates on load (the boot script
 * may set the collapsed marker while the page is still being parsed).
 */
function useTransitionsReady(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let second = 0;
    const first = requestAnimationFrame(() => {
      second = requestAnimationFrame(() => setReady(true));
    });
    return () => {
      cancelAnimationFrame(first);
      cancelAnimationFrame(second);
    };
  }, []);
  return ready;
}

function CollapseToggle({ collapsed }: { collapsed: boolean }) {
  const label = collapsed ? "Expand sidebar" : "Collapse sidebar";
  const Icon = collapsed ? PanelLeftOpen : PanelLeftClose;
  return (
    <Tip content={label} side="right">
      <Pressable
        onClick={toggleSidebarCollapsed}
        aria-label={label}
        aria-expanded={!collapsed}
        aria-controls="app-sidebar"
        data-testid="sidebar-collapse"
        className="absolute -right-3.5 top-[18px] z-10 grid size-7 place-items-center rounded-full border border-line bg-bg-elevated text-subtle shadow-sm shadow-black/20 transition-colors hover:border-brand/50 hover:bg-surface-2 hover:text-fg"
      >
        <Icon className="size-3.5" aria-hidden />
      </Pressable>
    </Tip>
  );
}

/**
 * The frame of every signed-in screen (spec section 2, "Sidebar and layout"): a collapsible
 * desktop sidebar (64 px / 288 px, remembered under `ui-storage`) and, below 1024 px, a top bar
 * with an overlay drawer.
 */
export function AppShell({ children }: { children: ReactNode }) {
  const collapsed = useSidebarCollapsed();
  const animate = useTransitionsReady();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const location = useLocation();
  const { user } = useCurrentUser();
  // Signed in: the per-user chat and project stores load this user's data (spec section 4).
  const userId = user?.id;
  useEffect(() => {
    if (userId !== undefined) initLocalStores(userId);
  }, [userId]);
  // While the verification gate covers the page, nothing behind it takes focus or clicks.
  const gated = !!user && !user.emailVerified && isProtectedPath(location.pathname);

  // Navigating closes the drawer (links also close it on click, for same-page links).
  useEffect(() => {
    setDrawerOpen(false);
  }, [location.pathname, location.search, location.hash]);

  // Growing past the breakpoint while the drawer is open: the sidebar takes over.
  useEffect(() => {
    const mql = window.matchMedia(DESKTOP_MEDIA_QUERY);
    const onChange = () => {
      if (mql.matches) setDrawerOpen(false);
    };
    mql.addEventListener("change", onChange);
    return () => mql.removeEventListener("change", onChange);
  }, []);

  return (
    <div className="min-h-screen bg-bg text-fg">
      <a
        {...inertWhen(gated)}
        href="#main-content"
        className="sr-only z-[80] rounded-lg bg-brand-strong px-4 py-2 text-sm font-semibold text-white focus:not-sr-only focus:fixed focus:left-3 focus:top-3"
      >
        Skip to content
      </a>

      {/*
        Width and margin follow <html data-sidebar="collapsed"> (set by the server from the
        cookie, by the boot script from ui-storage before first paint, and by the store on every
        change), not React state, so a collapsed sidebar never paints wide first. See ui-store.ts.
      */}
      <aside
        {...inertWhen(gated)}
        id="app-sidebar"
        aria-label="Sidebar"
        data-testid="sidebar"
        data-collapsed={collapsed ? "true" : "false"}
        className={`fixed inset-y-0 left-0 z-40 hidden w-72 border-r border-line bg-bg-elevated in-data-[sidebar=collapsed]:w-16 lg:block ${
          animate ? "transition-[width] duration-200 ease-out" : ""
        }`}
      >
        {/* While the drawer is open (small screens only) its copy of the nav is the only one. */}
        {!drawerOpen && (
          <>
            {/* First in tab order; drawn on the rail's edge, level with the logo. */}
            <CollapseToggle collapsed={collapsed} />
            <div className="h-full overflow-hidden">
              <SidebarPanel collapsed={collapsed} />
            </div>
          </>
        )}
      </aside>

      <MobileNav open={drawerOpen} onOpenChange={setDrawerOpen} inert={gated} />

      <main
        id="main-content"
        tabIndex={-1}
        className={`min-w-0 outline-none lg:ml-72 lg:in-data-[sidebar=collapsed]:ml-16 ${
          animate ? "transition-[margin-left] duration-200 ease-out" : ""
        }`}
      >
        {children}
        {!gated && <BillingOverlays />}
      </main>
    </div>
  );
}
