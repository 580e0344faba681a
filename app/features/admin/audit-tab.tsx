/** The audit log: every staff action (who, what, on what, when, why), newest first, searchable. */
import { ScrollText, Search } from "lucide-react";
import { Badge, Button, EmptyState, Input, LoadError, Skeleton } from "~/ui";
import { errorMessage } from "~/lib/http";
import { useAuditSearch } from "./use-admin";

const when = (iso: string) => new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });

export function AuditTab() {
  const { text, setText, q, pages: log, rows: entries } = useAuditSearch();
  return (
    <div className="space-y-4" data-testid="admin-audit">
      <div className="relative max-w-md">
        <Search aria-hidden className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-subtle" />
        <Input
          type="search"
          aria-label="Search the audit log"
          placeholder="Search action, target, reason or staff email"
          className="pl-9"
          value={text}
          onChange={(e) => setText(e.target.value)}
          data-testid="admin-audit-search"
        />
      </div>
      {log.isPending ? (
        <Skeleton lines={6} />
      ) : log.isError ? (
        <LoadError onRetry={() => log.refetch()} retrying={log.isFetching}>
          {errorMessage(log.error, "The audit log could not be loaded.")}
        </LoadError>
      ) : entries.length === 0 ? (
        <EmptyState icon={ScrollText} title={q ? `No entry matches “${q}”` : "No staff actions yet"} description="Every admin action is recorded here with its reason; entries cannot be edited or deleted." />
      ) : (
        <ol className="divide-y divide-line overflow-hidden rounded-xl border border-line bg-surface" aria-label="Audit log">
          {entries.map((e) => (
            <li key={e.id} className="space-y-1 px-4 py-3 text-sm" data-testid="admin-audit-entry">
              <div className="flex flex-wrap items-center gap-2">
                <Badge tone={/disable/.test(e.action) ? "danger" : "neutral"}>{e.action}</Badge>
                <span className="text-fg">
                  {e.targetType} {e.targetId}
                </span>
                <span className="ml-auto text-xs text-subtle">{when(e.createdAt)}</span>
              </div>
              <p className="text-muted">
                <span className="text-fg">{e.actorEmail}</span>: {e.reason}
              </p>
            </li>
          ))}
        </ol>
      )}
      {log.hasNextPage && (
        <Button variant="secondary" onClick={() => log.fetchNextPage()} loading={log.isFetchingNextPage}>
          Load older entries
        </Button>
      )}
    </div>
  );
}
