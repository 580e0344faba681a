import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Link } from "@remix-run/react";
import { ChevronsUpDown, CreditCard, Headset, LogOut, UserRound, type LucideIcon } from "lucide-react";
import { useState } from "react";
import { PlanBadge } from "~/features/billing";
import { Tip } from "~/ui/tooltip";
import type { AuthUser } from "~/features/auth";

/** Up to two initials from the username (or the email's local part). */
export function initialsOf(user: Pick<AuthUser, "username" | "email">): string {
  const source = (user.username || user.email.split("@")[0] || "?").trim();
  const words = source.split(/[\s._-]+/).filter(Boolean);
  const letters = words.length > 1 ? words[0][0] + words[1][0] : source.slice(0, 2);
  return letters.toUpperCase();
}

export function Avatar({ user, className = "" }: { user: Pick<AuthUser, "username" | "email">; className?: string }) {
  return (
    <span
      aria-hidden
      className={`grid size-8 shrink-0 select-none place-items-center rounded-full bg-gradient-to-br from-brand to-accent text-[11px] font-semibold tracking-wide text-white ring-1 ring-line ${className}`}
    >
      {initialsOf(user)}
    </span>
  );
}

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
      <Avatar user={user} />
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
            <Avatar user={user} />
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
