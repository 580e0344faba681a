import { Link, useLocation, useRouteLoaderData } from "@remix-run/react";
import { ArrowUpRight, GraduationCap, LayoutDashboard, LogIn, UserPlus } from "lucide-react";
import { useId, type ReactNode } from "react";
import { isFreeBannerHidden, PowerTourButton, UpgradeDock } from "~/features/billing";
import { Logo } from "~/ui/logo";
import { ThemeToggle } from "~/ui/theme-toggle";
import { Tip } from "~/ui/tooltip";
import type { RootData } from "~/root";
import { useCurrentUser, useLogout } from "~/features/account";
import { AccountMenu } from "./account-menu";
import {
  AD_LAUNCHER_ID,
  ADMIN_ID,
  canUseAdLauncher,
  DASHBOARD_ACTIVE_ON,
  DASHBOARD_PATH,
  isAdmin,
  isNavItemActive,
  MAIN_NAV,
  PREMIUM_NAV,
  QUICK_LINKS,
  type NavItem,
} from "./nav-items";
import { setSidebarCollapsed } from "./ui-store";

/*
 * Layout note: every row keeps its icon at the same x in both widths (12 px rail padding +
 * 10 px row padding puts a 20 px icon's centre at 32 px, the middle of the 64 px rail), so
 * collapsing only clips the labels and nothing jumps sideways.
 */

const ROW_BASE =
  "group relative flex h-9 w-full items-center gap-3 whitespace-nowrap rounded-lg px-2.5 text-sm font-medium transition-colors";

function rowClass(active: boolean) {
  return `${ROW_BASE} ${active ? "bg-brand-soft text-fg" : "text-muted hover:bg-surface-2 hover:text-fg"}`;
}

function iconClass(active: boolean) {
  return `size-5 shrink-0 transition-colors ${active ? "text-brand" : "text-subtle group-hover:text-fg"}`;
}

function Label({
  collapsed,
  children,
  className = "min-w-0 flex-1 truncate",
}: {
  collapsed: boolean;
  children: ReactNode;
  className?: string;
}) {
  return <span className={collapsed ? "sr-only" : className}>{children}</span>;
}

function ActiveBar() {
  return <span aria-hidden className="absolute inset-y-2 -left-3 w-[3px] rounded-r-full bg-brand" />;
}

interface RowProps {
  item: NavItem;
  collapsed: boolean;
  active: boolean;
  onNavigate?: () => void;
  /** Quick links repeat main items, so they are highlighted softly and never marked as the page. */
  markCurrent?: boolean;
}

function NavRow({ item, collapsed, active, onNavigate, markCurrent = true }: RowProps) {
  const Icon = item.icon;
  const current = active && markCurrent;
  return (
    <li>
      <Tip content={item.label} side="right" disabled={!collapsed}>
        <Link
          to={item.to}
          prefetch="intent"
          aria-current={current ? "page" : undefined}
          onClick={onNavigate}
          data-testid={`nav-${item.id}`}
          className={
            markCurrent
              ? rowClass(active)
              : `${ROW_BASE} ${active ? "text-fg" : "text-muted hover:bg-surface-2 hover:text-fg"}`
          }
        >
          {current && <ActiveBar />}
          <Icon className={iconClass(current)} aria-hidden />
          <Label collapsed={collapsed}>{item.label}</Label>
        </Link>
      </Tip>
    </li>
  );
}

/** Ad Launcher for everyone but its launch accounts: greyed, not a link, "Coming Soon". */
function ComingSoonRow({ item, collapsed }: { item: NavItem; collapsed: boolean }) {
  const Icon = item.icon;
  return (
    <li>
      <Tip content={`${item.label} · Coming Soon`} side="right" disabled={!collapsed}>
        <span
          role="link"
          aria-disabled="true"
          tabIndex={0}
          data-testid={`nav-${item.id}`}
          className={`${ROW_BASE} cursor-not-allowed text-subtle/80`}
        >
          <span className="relative shrink-0">
            <Icon className="size-5 text-subtle/70" aria-hidden />
            {collapsed && (
              <span
                aria-hidden
                className="absolute -right-1 -top-1 size-2 rounded-full bg-warning ring-2 ring-bg-elevated"
              />
            )}
          </span>
          <Label collapsed={collapsed}>{item.label}</Label>
          <span
            className={
              collapsed
                ? "sr-only"
                : "shrink-0 rounded-full border border-line bg-surface-2 px-1.5 py-0.5 text-[10px] font-semibold uppercase tracking-wide text-subtle"
            }
          >
            Coming Soon
          </span>
        </span>
      </Tip>
    </li>
  );
}

/** A titled group: the title fades into a hairline when collapsed, at the same height. */
function Section({ title, collapsed, children }: { title: string; collapsed: boolean; children: ReactNode }) {
  const id = useId();
  return (
    <div className="mt-5">
      <div className="relative mb-1 h-6">
        <p
          id={id}
          className={`absolute inset-0 flex items-center whitespace-nowrap px-2.5 text-[11px] font-semibold uppercase tracking-[0.08em] text-subtle transition-opacity duration-150 ${
            collapsed ? "sr-only" : ""
          }`}
        >
          {title}
        </p>
        <span
          aria-hidden
          className={`absolute left-2 right-2 top-1/2 h-px bg-line transition-opacity duration-150 ${collapsed ? "opacity-100" : "opacity-0"}`}
        />
      </div>
      <nav aria-labelledby={id}>
        <ul className="space-y-0.5">{children}</ul>
      </nav>
    </div>
  );
}

function DashboardButton({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const active = isNavItemActive(pathname, { to: DASHBOARD_PATH, alsoActiveOn: DASHBOARD_ACTIVE_ON });
  return (
    <Tip content="Dashboard" side="right" disabled={!collapsed}>
      <Link
        to={DASHBOARD_PATH}
        prefetch="intent"
        onClick={onNavigate}
        aria-current={active ? "page" : undefined}
        data-testid="nav-dashboard"
        // Filled only while it is the current page, so exactly one item ever looks selected.
        className={`flex h-10 w-full items-center gap-3 whitespace-nowrap rounded-lg px-2.5 text-sm font-semibold transition-[background-color,box-shadow,color] ${
          active
            ? "bg-brand-strong text-white shadow-md shadow-brand/25 hover:bg-brand-hover"
            : "border border-line bg-surface text-fg hover:border-brand/40 hover:bg-brand-soft"
        }`}
      >
        <LayoutDashboard className={`size-5 shrink-0 ${active ? "" : "text-brand"}`} aria-hidden />
        <Label collapsed={collapsed}>Dashboard</Label>
      </Link>
    </Tip>
  );
}

function AcademyRow({ url, collapsed }: { url: string; collapsed: boolean }) {
  return (
    <li>
      <Tip content="Ecom Academy (opens in a new tab)" side="right" disabled={!collapsed}>
        <a href={url} target="_blank" rel="noopener noreferrer" data-testid="nav-academy" className={rowClass(false)}>
          <GraduationCap className={iconClass(false)} aria-hidden />
          <Label collapsed={collapsed}>Ecom Academy</Label>
          {!collapsed && (
            <ArrowUpRight
              className="size-3.5 shrink-0 text-subtle transition-transform group-hover:-translate-y-px group-hover:translate-x-px group-hover:text-fg"
              aria-hidden
            />
          )}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </Tip>
    </li>
  );
}

function AuthButtons({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const base =
    "flex h-9 items-center justify-center gap-2 whitespace-nowrap rounded-lg text-sm font-semibold transition-colors";
  return (
    <div
      className={collapsed ? "flex flex-col items-center gap-1.5" : "grid grid-cols-2 gap-2"}
      data-testid="auth-buttons"
    >
      <Tip content="Log in" side="right" disabled={!collapsed}>
        <Link
          to="/login"
          onClick={onNavigate}
          className={`${base} border border-line bg-surface text-fg hover:bg-surface-2 ${collapsed ? "w-10" : ""}`}
        >
          {collapsed && <LogIn className="size-[18px]" aria-hidden />}
          <Label collapsed={collapsed} className="truncate">
            Log in
          </Label>
        </Link>
      </Tip>
      <Tip content="Sign up" side="right" disabled={!collapsed}>
        <Link
          to="/signup"
          onClick={onNavigate}
          className={`${base} bg-brand-strong text-white shadow-md shadow-brand/25 hover:bg-brand-hover ${collapsed ? "w-10" : ""}`}
        >
          {collapsed && <UserPlus className="size-[18px]" aria-hidden />}
          <Label collapsed={collapsed} className="truncate">
            Sign up
          </Label>
        </Link>
      </Tip>
    </div>
  );
}

export interface SidebarPanelProps {
  /** Icon-only rail (desktop only). */
  collapsed: boolean;
  /** Called when a link is chosen (the mobile drawer closes). */
  onNavigate?: () => void;
  /** Extra control at the right of the header (the drawer's close button). */
  headerAction?: ReactNode;
}

/** The sidebar's contents, shared by the desktop rail and the mobile drawer. */
export function SidebarPanel({ collapsed, onNavigate, headerAction }: SidebarPanelProps) {
  const { pathname } = useLocation();
  const { user, isLoading } = useCurrentUser();
  const logout = useLogout();
  const academyUrl = useRouteLoaderData<RootData>("root")?.academyUrl;

  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="flex h-16 shrink-0 items-center gap-2 px-4">
        <Logo showWordmark={!collapsed} onClick={onNavigate} className="flex-1" />
        {!collapsed && <ThemeToggle />}
        {headerAction}
      </div>

      <div className="shrink-0 px-3 pb-1 pt-1">
        <DashboardButton collapsed={collapsed} onNavigate={onNavigate} />
      </div>

      <div className="min-h-0 flex-1 overflow-y-auto overflow-x-hidden px-3 pb-4 [scrollbar-color:var(--line)_transparent] [scrollbar-width:thin]">
        <Section title="Workspace" collapsed={collapsed}>
          {MAIN_NAV.map((item) =>
            item.id === AD_LAUNCHER_ID && !canUseAdLauncher(user) ? (
              <ComingSoonRow key={item.id} item={item} collapsed={collapsed} />
            ) : (
              <NavRow
                key={item.id}
                item={item}
                collapsed={collapsed}
                active={isNavItemActive(pathname, item)}
                onNavigate={onNavigate}
              />
            ),
          )}
        </Section>

        <Section title="Quick links" collapsed={collapsed}>
          {QUICK_LINKS.map((item) => (
            <NavRow
              key={item.id}
              item={item}
              collapsed={collapsed}
              active={isNavItemActive(pathname, item)}
              onNavigate={onNavigate}
              markCurrent={false}
            />
          ))}
          {academyUrl && <AcademyRow url={academyUrl} collapsed={collapsed} />}
        </Section>

        {user && (
          <Section title="Premium" collapsed={collapsed}>
            {PREMIUM_NAV.filter((item) => item.id !== ADMIN_ID || isAdmin(user)).map((item) => (
              <NavRow
                key={item.id}
                item={item}
                collapsed={collapsed}
                active={isNavItemActive(pathname, item)}
                onNavigate={onNavigate}
              />
            ))}
          </Section>
        )}
      </div>

      {/* The free-plan upgrade dock (spec section 2): between the scrolling nav and the account footer; not in the staff console. */}
      {!isFreeBannerHidden(pathname) && <UpgradeDock collapsed={collapsed} onNavigate={onNavigate} onExpandSidebar={() => setSidebarCollapsed(false)} />}
      {/* Paid users: the Power tour entry in the dock's place, never over a screen's content. */}
      <PowerTourButton collapsed={collapsed} />

      <div className="shrink-0 border-t border-line px-3 py-3" data-testid="sidebar-footer">
        {isLoading ? (
          <div aria-hidden className="flex items-center gap-3 px-1 py-1.5">
            <span className="size-8 shrink-0 animate-pulse rounded-full bg-surface-2" />
            {!collapsed && (
              <span className="flex-1 space-y-1.5">
                <span className="block h-3 w-24 animate-pulse rounded bg-surface-2" />
                <span className="block h-2.5 w-36 animate-pulse rounded bg-surface-2" />
              </span>
            )}
          </div>
        ) : user ? (
          <AccountMenu user={user} onLogout={logout} collapsed={collapsed} onNavigate={onNavigate} />
        ) : (
          <AuthButtons collapsed={collapsed} onNavigate={onNavigate} />
        )}
      </div>
    </div>
  );
}
