/** Users: search by email, username or id; open one for their plan, usage, sessions, tickets and actions. */
import { Search, UserRound } from "lucide-react";
import { useState } from "react";
import type { AdminUserRow } from "~/domain/contracts/admin";
import { useCurrentUser } from "~/features/account";
import { Badge, Button, EmptyState, Input, LoadError, Pressable, Skeleton } from "~/ui";
import { errorMessage } from "~/lib/http";
import { useUserSearch } from "./use-admin";
import { UserDetailDialog } from "./user-detail";

export function UserBadges({ user }: { user: Pick<AdminUserRow, "disabledAt" | "emailVerified" | "role" | "plan" | "planName" | "isGrant"> & Partial<Pick<AdminUserRow, "launcherAccess">> }) {
  return (
    <span className="flex flex-wrap gap-1.5">
      <Badge tone={user.plan === "free" ? "neutral" : "brand"}>{user.isGrant ? `${user.planName} (grant)` : user.planName}</Badge>
      {user.disabledAt && <Badge tone="danger">Disabled</Badge>}
      {!user.emailVerified && <Badge tone="warning">Unverified</Badge>}
      {user.role === "admin" && <Badge tone="success">Staff</Badge>}
      {user.launcherAccess && <Badge tone="brand">AI Launcher</Badge>}
    </span>
  );
}

export function UsersTab() {
  const { user: me } = useCurrentUser();
  const { text, setText, q, pages: directory, rows: users } = useUserSearch();
  const [openId, setOpenId] = useState<number | null>(null);

  return (
    <div className="space-y-4" data-testid="admin-users">
      <div className="relative max-w-md">
        <Search aria-hidden className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-subtle" />
        <Input
          type="search"
          aria-label="Search users by email, username or id"
          placeholder="Search by email, username or id"
          className="pl-9"
          value={text}
          onChange={(e) => setText(e.target.value)}
          data-testid="admin-user-search"
        />
      </div>
      {directory.isPending ? (
        <Skeleton lines={6} />
      ) : directory.isError ? (
        <LoadError onRetry={() => directory.refetch()} retrying={directory.isFetching}>
          {errorMessage(directory.error, "Users could not be loaded.")}
        </LoadError>
      ) : users.length === 0 ? (
        <EmptyState icon={UserRound} title={q ? `No user matches “${q}”` : "No users yet"} description={q ? "Try part of the email, the username or the numeric id." : undefined} />
      ) : (
        <ul className="divide-y divide-line overflow-hidden rounded-xl border border-line bg-surface" aria-label="Users">
          {users.map((u) => (
            <li key={u.id}>
              <Pressable
                onClick={() => setOpenId(u.id)}
                className="flex w-full flex-col gap-1.5 px-4 py-3 text-left transition-colors hover:bg-surface-2 focus-visible:bg-surface-2 sm:flex-row sm:items-center sm:justify-between"
                data-testid="admin-user-row"
              >
                <span className="min-w-0">
                  <span className="block truncate text-sm font-medium text-fg">{u.email}</span>
                  <span className="block truncate text-xs text-muted">
                    {u.username} · #{u.id} · joined {new Date(u.createdAt).toLocaleDateString("en-US", { dateStyle: "medium" })}
                  </span>
                </span>
                <UserBadges user={u} />
              </Pressable>
            </li>
          ))}
        </ul>
      )}
      {directory.hasNextPage && (
        <Button variant="secondary" onClick={() => directory.fetchNextPage()} loading={directory.isFetchingNextPage}>
          Load more
        </Button>
      )}
      <UserDetailDialog userId={openId} onClose={() => setOpenId(null)} selfId={me?.id} />
    </div>
  );
}
