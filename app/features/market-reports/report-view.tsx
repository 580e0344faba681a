/**
 * One report: its progress bar while the job runs (polled), the error when it failed, and once
 * done the Markdown rendered as React elements (raw HTML stays text) with product citations
 * linking to the Explorer, plus Download .md, Print / HTML and Delete.
 */
import Markdown, { type MarkdownToJSX } from "markdown-to-jsx/react";
import { AlertTriangle, FileDown, Printer, RefreshCw, Trash2 } from "lucide-react";
import { memo, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import type { MarketReport } from "~/domain/contracts/market";
import { errorMessage } from "~/lib/http";
import { notify } from "~/lib/toast";
import { Badge, Button, buttonClasses, ConfirmDialog, ProgressBar, Skeleton } from "~/ui";
import { formatWhen, linkCitations } from "./report-logic";
import { downloadHref, fetchPrintable } from "./reports-client";
import { useDeleteReport, useReport } from "./use-reports";

function Table({ children }: { children?: ReactNode }) {
  return (
    <div className="my-4 overflow-x-auto rounded-xl border border-line [scrollbar-width:thin]" role="region" aria-label="Table" tabIndex={0}>
      <table className="w-full border-collapse text-left text-sm tabular-nums">{children}</table>
    </div>
  );
}

const OVERRIDES: MarkdownToJSX.Overrides = {
  h1: { props: { className: "mb-3 text-2xl font-bold tracking-tight text-fg" } },
  h2: { props: { className: "mb-3 mt-8 border-b border-line pb-1.5 text-lg font-semibold tracking-tight text-fg" } },
  h3: { props: { className: "mb-2 mt-5 text-base font-semibold text-fg" } },
  p: { props: { className: "my-3" } },
  ul: { props: { className: "my-3 list-disc space-y-1.5 pl-6 marker:text-subtle" } },
  ol: { props: { className: "my-3 list-decimal space-y-1.5 pl-6 marker:text-subtle" } },
  em: { props: { className: "text-muted" } },
  strong: { props: { className: "font-semibold text-fg" } },
  a: { props: { className: "whitespace-nowrap font-medium text-brand underline decoration-brand/40 underline-offset-2 hover:decoration-brand" } },
  table: Table,
  thead: { props: { className: "bg-surface-2/70 text-xs text-muted" } },
  th: { props: { className: "border-b border-line px-3 py-2 font-semibold" } },
  td: { props: { className: "border-t border-line/70 px-3 py-2 align-top text-fg/90" } },
};
const OPTIONS: MarkdownToJSX.Options = { forceBlock: true, disableParsingRawHTML: true, disableAutoLink: true, overrides: OVERRIDES };

const ReportMarkdown = memo(function ReportMarkdown({ markdown }: { markdown: string }) {
  const linked = useMemo(() => linkCitations(markdown), [markdown]);
  return (
    <Markdown className="min-w-0 break-words text-[15px] leading-7 text-fg" options={OPTIONS}>
      {linked}
    </Markdown>
  );
});

/** Opens the printable page in a tab of its own (a blob: its own policy lets nothing run); downloads it if tabs are blocked. */
async function openPrintable(report: MarketReport) {
  const tab = window.open("", "_blank");
  try {
    const html = await fetchPrintable(report.id);
    const url = URL.createObjectURL(new Blob([html], { type: "text/html" }));
    if (tab) tab.location.href = url;
    else {
      const a = document.createElement("a");
      a.href = url;
      a.download = `${report.title}.html`;
      document.body.appendChild(a);
      a.click();
      a.remove();
    }
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (err) {
    tab?.close();
    notify({ title: "Couldn’t open the printable report", description: errorMessage(err, "Please try again."), variant: "destructive" });
  }
}

export function StatusBadge({ status }: { status: MarketReport["status"] }) {
  if (status === "done") return <Badge tone="success">Ready</Badge>;
  if (status === "failed") return <Badge tone="danger">Failed</Badge>;
  return <Badge tone="brand">Writing…</Badge>;
}

export function ReportView({ id, onDeleted, focusOnOpen = false }: { id: string; onDeleted: () => void; focusOnOpen?: boolean }) {
  const query = useReport(id);
  const remove = useDeleteReport();
  const [confirming, setConfirming] = useState(false);
  const report = query.data;
  const articleRef = useRef<HTMLElement>(null);
  const hasReport = Boolean(report);
  // A report just started: on a phone it opens below the form, so bring it into view.
  useEffect(() => {
    if (focusOnOpen && hasReport) articleRef.current?.scrollIntoView({ behavior: "smooth", block: "start" });
  }, [focusOnOpen, hasReport]);

  if (query.isPending) {
    return (
      <div aria-busy className="space-y-4 rounded-2xl border border-line bg-surface p-5" data-testid="report-loading">
        <Skeleton className="h-7 w-2/3" />
        <Skeleton lines={6} />
      </div>
    );
  }
  if (query.isError || !report) {
    return (
      <div role="alert" className="rounded-2xl border border-danger/30 bg-danger/5 p-5 text-sm">
        <p className="font-semibold text-fg">Couldn’t load this report</p>
        <p className="mt-1 text-muted">{errorMessage(query.error, "Please try again.")}</p>
        <Button className="mt-3" variant="secondary" size="sm" icon={<RefreshCw className="size-4" />} onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  const confirmDelete = () =>
    remove.mutate(report.id, {
      onSuccess: () => {
        setConfirming(false);
        notify({ title: "Report deleted", variant: "success" });
        onDeleted();
      },
      onError: (err) => notify({ title: "Couldn’t delete the report", description: errorMessage(err, "Please try again."), variant: "destructive" }),
    });

  return (
    <article ref={articleRef} className="min-w-0 scroll-mt-4 rounded-2xl border border-line bg-surface p-4 sm:p-6" data-testid="report-view" aria-labelledby="report-title">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <StatusBadge status={report.status} />
            <span className="text-xs text-subtle">{formatWhen(report.createdAt)}</span>
          </div>
          <h2 id="report-title" className="mt-1.5 break-words text-lg font-semibold text-fg">
            {report.title}
          </h2>
        </div>
        <div className="flex flex-wrap gap-2">
          {report.status === "done" && (
            <>
              <a href={downloadHref(report.id, "md")} download className={buttonClasses({ variant: "secondary", size: "sm" })}>
                <FileDown aria-hidden className="size-4" />
                Download .md
              </a>
              <Button variant="secondary" size="sm" icon={<Printer className="size-4" />} onClick={() => void openPrintable(report)}>
                Print / HTML
              </Button>
            </>
          )}
          <Button variant="ghost" size="sm" icon={<Trash2 className="size-4" />} onClick={() => setConfirming(true)}>
            Delete
          </Button>
        </div>
      </header>

      {report.status === "running" && (
        <div className="mt-6 space-y-2" aria-live="polite" data-testid="report-progress">
          <div className="flex items-center justify-between text-sm">
            <span className="font-medium text-fg">{report.step || "Starting"}…</span>
            <span className="tabular-nums text-muted">{report.progress}%</span>
          </div>
          <ProgressBar value={report.progress} max={100} label="Report progress" valueText={`${report.progress}%, ${report.step}`} className="h-2" />
          <p className="text-xs text-subtle">The report is written from the catalog’s records; you can leave this page and come back.</p>
        </div>
      )}

      {report.status === "failed" && (
        <div role="alert" className="mt-6 flex gap-3 rounded-xl border border-danger/30 bg-danger/5 p-4 text-sm">
          <AlertTriangle aria-hidden className="size-5 shrink-0 text-danger" />
          <p className="text-fg">{report.error ?? "The report could not be written."}</p>
        </div>
      )}

      {report.status === "done" && report.markdown && (
        <div className="mt-6">
          <ReportMarkdown markdown={report.markdown} />
        </div>
      )}

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete this report?"
        description={report.status === "running" ? "It stops being written and is not counted." : "The saved report and its downloads go. This can’t be undone."}
        confirmLabel="Delete report"
        danger
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </article>
  );
}
