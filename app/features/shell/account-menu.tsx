import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Link } from "@remix-run/react";
import { ChevronsUpDown, CreditCard, Headset, LogOut, Moon, Sun, UserRound, type LucideIcon } from "lucide-react";
import { useState } from "react";
import { PlanBadge } from "~/features/billing";
import { Tip } from "~/ui/tooltip";
import { UserAvatar } from "~/ui/user-avatar";
import { useTheme } from "~/lib/theme";
import type { AuthUser } from "~/features/account";

const MENU_LINKS: { label: string; to: string; icon: LucideIcon }[] = [
  { label: "Profile settings", to: "/settings", icon: UserRound },
  { label: "Usage & billing", to: "/upgrade", icon: CreditCard },
  { label: "Contact support", to: "/support", icon: Headset },
];

const itemBase =
  "flex cursor-pointer select-none items-center gap-2.5 rounded-md px-2.5 py-2 text-sm outline-none transition-colors data-[disabled]:pointer-events-none data-[disabled]:opacity-50";
const itemClass = `${itemBase} text-fg data-[highlighted]:bg-surface-2`;

export interface AccountMenuProps {
  user: AuthUser;
  onLogout: () => void | Promise<void>;
  /** Icon-only trigger for the collapsed sidebar. */
  collapsed?: boolean;
  /** Called after a menu link is chosen (the mobile drawer closes on it). */
  onNavigate?: () => void;
}

/** The sidebar footer's account menu (spec section 2, "Sidebar and layout"). */
export function AccountMenu({ user, onLogout, collapsed = false, onNavigate }: AccountMenuProps) {
  const [open, setOpen] = useState(false);
  const name = user.username || user.email;

  const trigger = (
    <DropdownMenu.Trigger
      data-testid="account-menu-trigger"
      aria-label={collapsed ? `Account menu for ${name}` : undefined}
      className="group flex w-full items-center gap-3 rounded-lg px-1 py-1.5 text-left transition-colors hover:bg-surface-2 data-[state=open]:bg-surface-2"
    >
      <UserAvatar user={user} />
      {!collapsed && (
        <>
          <span className="min-w-0 flex-1">
            <span className="flex items-center gap-1.5">
              <span className="truncate text-sm font-medium text-fg">{name}</span>
              <PlanBadge />
            </span>
            {user.username && <span className="block truncate text-xs text-subtle">{user.email}</span>}
          </span>
          <ChevronsUpDown
            className="size-4 shrink-0 text-subtle transition-colors group-hover:text-muted"
            aria-hidden
          />
        </>
      )}
    </DropdownMenu.Trigger>
  );

  return (
    <DropdownMenu.Root open={open} onOpenChange={setOpen}>
      <Tip content={name} side="right" disabled={!collapsed || open}>
        {trigger}
      </Tip>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          side={collapsed ? "right" : "top"}
          align={collapsed ? "end" : "start"}
          sideOffset={collapsed ? 14 : 8}
          collisionPadding={12}
          data-testid="account-menu"
          className="z-[60] w-[var(--radix-dropdown-menu-trigger-width)] min-w-[248px] animate-fade-in rounded-xl border border-line bg-surface p-1.5 text-fg shadow-2xl shadow-black/40 [animation-duration:150ms]"
        >
          <DropdownMenu.Label className="flex items-center gap-3 px-2.5 py-2">
            <UserAvatar user={user} />
            <span className="min-w-0">
              <span className="flex items-center gap-1.5">
                <span className="truncate text-sm font-semibold">{name}</span>
                <PlanBadge />
              </span>
              <span className="block truncate text-xs text-subtle">{user.email}</span>
            </span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="-mx-1.5 my-1.5 h-px bg-line" />
          {MENU_LINKS.map(({ label, to, icon: Icon }) => (
            <DropdownMenu.Item key={to} asChild className={itemClass}>
              <Link to={to} onClick={onNavigate}>
                <Icon className="size-4 text-subtle" aria-hidden />
                {label}
              </Link>
            </DropdownMenu.Item>
          ))}
          <ThemeItem className={itemClass} />
          <DropdownMenu.Separator className="-mx-1.5 my-1.5 h-px bg-line" />
          <DropdownMenu.Item
            data-testid="logout"
            className={`${itemBase} text-danger data-[highlighted]:bg-danger/10`}
            onSelect={() => {
              void onLogout();
            }}
          >
            <LogOut className="size-4" aria-hidden />
            Log out securely
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** The theme switch inside the menu, so the collapsed rail (no header toggle) still has one. */
function ThemeItem({ className }: { className: string }) {
  const { theme, toggleTheme } = useTheme();
  const Icon = theme === "dark" ? Sun : Moon;
  return (
    <DropdownMenu.Item className={className} data-testid="menu-theme" onSelect={toggleTheme}>
      <Icon className="size-4 text-subtle" aria-hidden />
      {theme === "dark" ? "Switch to light theme" : "Switch to dark theme"}
    </DropdownMenu.Item>
  );
}
