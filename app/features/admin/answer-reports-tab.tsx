/**
 * Answer reports: the answers merchants marked "Not what I asked", newest first, with the question
 * they asked and the start of the answer they got, so staff can see what the analyst misreads.
 */
import { MessageSquareWarning } from "lucide-react";
import { Badge, Button, EmptyState, LoadError, Skeleton } from "~/ui";
import { errorMessage } from "~/lib/http";
import { useAnswerReports } from "./use-admin";

/** The answer's opening as plain words: its markdown marks (headings, emphasis, table bars) read as noise in a list. */
const plain = (markdown: string) => markdown.replace(/[#*_`>|]+/g, " ").replace(/\s+/g, " ").trim();

const when = (iso: string) => new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });

export function AnswerReportsTab() {
  const { pages, rows } = useAnswerReports();
  return (
    <div className="space-y-4" data-testid="admin-answer-reports">
      <p className="max-w-3xl text-sm text-muted">
        Each row is an answer a merchant marked <span className="text-fg">Not what I asked</span>. The first three a day give the query back; later
        ones are recorded without a refund.
      </p>
      {pages.isPending ? (
        <Skeleton lines={6} />
      ) : pages.isError ? (
        <LoadError onRetry={() => pages.refetch()} retrying={pages.isFetching}>
          {errorMessage(pages.error, "The answer reports could not be loaded.")}
        </LoadError>
      ) : rows.length === 0 ? (
        <EmptyState icon={MessageSquareWarning} title="No answer reported yet" description="When a merchant marks an answer “Not what I asked”, it appears here with their question." />
      ) : (
        <ol className="divide-y divide-line overflow-hidden rounded-xl border border-line bg-surface" aria-label="Answer reports">
          {rows.map((r) => (
            <li key={r.id} className="space-y-2 px-4 py-3 text-sm" data-testid="admin-answer-report">
              <div className="flex flex-wrap items-center gap-2">
                <Badge tone={r.refunded ? "success" : "neutral"}>{r.refunded ? "Query given back" : "Recorded, not refunded"}</Badge>
                {r.provider && <span className="text-xs text-subtle">{r.provider}</span>}
                <span className="text-fg">{r.userEmail}</span>
                <span className="ml-auto text-xs text-subtle">{when(r.createdAt)}</span>
              </div>
              <p className="text-fg">
                <span className="sr-only">Question: </span>
                <span aria-hidden className="mr-1 text-subtle">
                  Q:
                </span>
                {r.question}
              </p>
              <p className="line-clamp-3 break-words text-muted">
                <span className="sr-only">Answer: </span>
                <span aria-hidden className="mr-1 text-subtle">
                  A:
                </span>
                {plain(r.answerExcerpt)}
              </p>
            </li>
          ))}
        </ol>
      )}
      {pages.hasNextPage && (
        <Button variant="secondary" onClick={() => pages.fetchNextPage()} loading={pages.isFetchingNextPage}>
          Load older reports
        </Button>
      )}
    </div>
  );
}
