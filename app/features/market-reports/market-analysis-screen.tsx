/**
 * /market-analysis: deep market analysis of a niche or a product (paid plans). Pick a niche or
 * type a product id (the Explorer links here with `?product=` or `?niche=`), generate a report
 * and watch its progress, read the saved reports. The free plan sees what a report contains and
 * the upgrade modal.
 */
import { Link, useSearchParams } from "@remix-run/react";
import { BarChart3, FileText, Lock, Sparkles } from "lucide-react";
import { useEffect, useState, type FormEvent } from "react";
import { handleUsageLimitError, openUpgradeModal } from "~/features/billing";
import { useSubscription } from "~/features/account";
import { errorMessage } from "~/lib/http";
import { notify } from "~/lib/toast";
import { Button, EmptyState, Field, Input, PageHeader, ProgressBar, RadioGroup, Segment, Select, Skeleton, Tile, segmentGroupClasses } from "~/ui";
import { REPORT_PARAM, REPORT_SECTIONS, formatWhen, startProblem, subjectFromParams } from "./report-logic";
import { ReportView, StatusBadge } from "./report-view";
import type { ListedReport, ReportSubject } from "./reports-client";
import { useNiches, useReports, useStartReport } from "./use-reports";

const UPGRADE = {
  feature: "generate" as const,
  title: "Deep market analysis is a paid feature",
  message: "Growth and Elite plans write a full report on any niche or product: demand, competition, margins, audience, ad angles, risks and a 30-day launch plan, citing every record.",
};

function SectionsPreview({ locked }: { locked: boolean }) {
  return (
    <section aria-labelledby="sections-title" className="rounded-2xl border border-line bg-surface p-4 sm:p-5" data-testid="report-sections">
      <h2 id="sections-title" className="flex items-center gap-2 text-sm font-semibold text-fg">
        {locked ? <Lock aria-hidden className="size-4 text-subtle" /> : <FileText aria-hidden className="size-4 text-brand" />}
        What a report contains
      </h2>
      <ol className="mt-3 space-y-2.5">
        {REPORT_SECTIONS.map((s, i) => (
          <li key={s.title} className="flex gap-3 text-sm">
            <span className="grid size-6 shrink-0 place-items-center rounded-full bg-brand-soft text-xs font-semibold text-brand">{i + 1}</span>
            <span className="min-w-0">
              <span className="font-medium text-fg">{s.title}.</span> <span className="text-muted">{s.text}</span>
            </span>
          </li>
        ))}
      </ol>
      <p className="mt-3 text-xs text-subtle">Every figure names the catalog record it comes from. Download it as Markdown or print it.</p>
    </section>
  );
}

function NewReport({ initial, locked, busy, onStart }: { initial: ReportSubject | null; locked: boolean; busy: boolean; onStart: (s: ReportSubject) => void }) {
  const [kind, setKind] = useState<ReportSubject["subjectKind"]>(initial?.subjectKind ?? "niche");
  const [niche, setNiche] = useState(initial?.subjectKind === "niche" ? initial.subjectId : "");
  const [product, setProduct] = useState(initial?.subjectKind === "product" ? initial.subjectId : "");
  const [error, setError] = useState<string | undefined>();
  const niches = useNiches();

  // A link from the Explorer (or Back/Forward) changes the subject in the address.
  useEffect(() => {
    if (!initial) return;
    setKind(initial.subjectKind);
    if (initial.subjectKind === "niche") setNiche(initial.subjectId);
    else setProduct(initial.subjectId);
  }, [initial?.subjectKind, initial?.subjectId]); // eslint-disable-line react-hooks/exhaustive-deps

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (locked) return openUpgradeModal(UPGRADE);
    const subjectId = (kind === "niche" ? niche : product).trim();
    if (!subjectId) return setError(kind === "niche" ? "Pick a niche." : "Type a product id, e.g. P-0001.");
    setError(undefined);
    onStart({ subjectKind: kind, subjectId: kind === "product" ? subjectId.toUpperCase() : subjectId });
  };

  const tab = (value: ReportSubject["subjectKind"], label: string) => (
    <Segment
      role="radio"
      aria-checked={kind === value}
      onClick={() => {
        setKind(value);
        setError(undefined);
      }}
      className="flex-1"
    >
      {label}
    </Segment>
  );

  return (
    <form onSubmit={submit} className="space-y-4 rounded-2xl border border-line bg-surface p-4 sm:p-5" aria-labelledby="new-report-title" data-testid="new-report">
      <h2 id="new-report-title" className="text-sm font-semibold text-fg">
        New report
      </h2>
      <RadioGroup aria-label="Analyse" className={segmentGroupClasses()}>
        {tab("niche", "A niche")}
        {tab("product", "A product")}
      </RadioGroup>
      {kind === "niche" ? (
        <Field label="Niche" error={error} hint={niches.isError ? `Couldn’t load the niches: ${errorMessage(niches.error, "try again")}` : undefined}>
          <Select value={niche} onChange={(e) => setNiche(e.target.value)} disabled={niches.isPending} aria-busy={niches.isPending || undefined}>
            <option value="">{niches.isPending ? "Loading niches…" : "Choose a niche"}</option>
            {niches.data?.map((n) => (
              <option key={n.id} value={n.id}>
                {n.name} ({n.productCount} products{n.isSampleData ? "" : ", yours"})
              </option>
            ))}
          </Select>
        </Field>
      ) : (
        <Field label="Product id" error={error} hint={<>As in the <Link to="/ai-explore" className="text-brand underline-offset-2 hover:underline">Explorer</Link>, e.g. P-0001.</>}>
          <Input value={product} onChange={(e) => setProduct(e.target.value)} placeholder="P-0001" autoCapitalize="characters" autoComplete="off" spellCheck={false} maxLength={64} />
        </Field>
      )}
      <Button type="submit" className="w-full" loading={busy} icon={locked ? <Lock className="size-4" /> : <Sparkles className="size-4" />}>
        Generate report
      </Button>
      {locked && <p className="text-center text-xs text-subtle">Growth and Elite plans. Free accounts see what a report contains.</p>}
    </form>
  );
}

function ReportList({ reports, selected, onSelect }: { reports: ListedReport[]; selected: string | null; onSelect: (id: string) => void }) {
  return (
    <ul className="space-y-2" aria-label="Saved reports" data-testid="report-list">
      {reports.map((r) => (
        <li key={r.id}>
          <Tile onClick={() => onSelect(r.id)} aria-current={selected === r.id || undefined} className="block w-full px-3.5 py-3">
            <span className="flex items-center justify-between gap-2">
              <StatusBadge status={r.status} />
              <span className="text-xs text-subtle">{formatWhen(r.createdAt)}</span>
            </span>
            <span className="mt-1.5 block break-words text-sm font-medium text-fg">{r.title}</span>
            {r.status === "running" && <ProgressBar value={r.progress} max={100} label={`${r.title}: progress`} className="mt-2" />}
          </Tile>
        </li>
      ))}
    </ul>
  );
}

export function MarketAnalysisScreen() {
  const [params, setParams] = useSearchParams();
  const subscription = useSubscription();
  const locked = !subscription.isLoading && !subscription.status?.features.hasDeepMarketAnalysis;
  const reports = useReports();
  const start = useStartReport();
  const [justStarted, setJustStarted] = useState<string | null>(null);
  const selected = params.get(REPORT_PARAM) ?? reports.data?.[0]?.id ?? null;
  const initial = subjectFromParams(params);

  const select = (id: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set(REPORT_PARAM, id);
        else next.delete(REPORT_PARAM);
        return next;
      },
      { preventScrollReset: true },
    );

  const onStart = (subject: ReportSubject) =>
    start.mutate(subject, {
      onSuccess: (report) => {
        setJustStarted(report.id);
        select(report.id);
      },
      onError: (err) => {
        const problem = startProblem(err);
        if (problem.kind === "upgrade") return openUpgradeModal({ ...UPGRADE, message: problem.message });
        if (problem.kind === "limit" && handleUsageLimitError(err)) return;
        notify({ title: "Couldn’t start the report", description: "message" in problem ? problem.message : errorMessage(err, "Please try again."), variant: "destructive" });
      },
    });

  const perDay = subscription.status?.features.deepMarketAnalysisPerDay ?? 0;

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8" data-testid="market-analysis-screen">
      <PageHeader
        title="Deep market analysis"
        description="A long report on a niche or a product, written from the catalog’s records: demand, competition, pricing and margins, audience, ad angles, risks and a 30-day launch plan."
      />
      {!locked && perDay > 0 && <p className="mt-2 text-xs text-subtle">Your plan writes up to {perDay} reports a day.</p>}

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
        <div className="space-y-6">
          <NewReport initial={initial} locked={locked} busy={start.isPending || subscription.isLoading} onStart={onStart} />
          <section aria-labelledby="saved-title" className="space-y-3">
            <h2 id="saved-title" className="text-sm font-semibold text-fg">
              Saved reports
            </h2>
            {reports.isPending ? (
              <div aria-busy className="space-y-2">
                <Skeleton className="h-16" />
                <Skeleton className="h-16" />
              </div>
            ) : reports.isError ? (
              <div role="alert" className="rounded-xl border border-danger/30 bg-danger/5 p-3 text-sm">
                <p className="text-fg">Couldn’t load your reports: {errorMessage(reports.error, "please try again")}.</p>
                <Button className="mt-2" variant="secondary" size="sm" onClick={() => void reports.refetch()}>
                  Try again
                </Button>
              </div>
            ) : reports.data.length === 0 ? (
              <p className="rounded-xl border border-dashed border-line p-4 text-sm text-muted">No reports yet. The ones you generate are saved here.</p>
            ) : (
              <ReportList reports={reports.data} selected={selected} onSelect={select} />
            )}
          </section>
        </div>

        <div className="min-w-0 space-y-6">
          {selected ? (
            <ReportView key={selected} id={selected} focusOnOpen={justStarted === selected} onDeleted={() => select(null)} />
          ) : locked ? (
            <SectionsPreview locked />
          ) : (
            <>
              <EmptyState icon={BarChart3} title="No report open" description="Pick a niche or a product and generate a report; it appears here as it is written." />
              <SectionsPreview locked={false} />
            </>
          )}
        </div>
      </div>
    </div>
  );
}
