/** Pure rules of the SEO screen: score bands, check order, and what a fix changed. */
import type { SeoAudit, SeoCheck, SeoCheckId } from "~/domain/contracts/pages";

export type ScoreBand = "good" | "fair" | "poor";

/** Lighthouse's bands: 90 and up good, 50–89 needs work, under 50 poor. */
export function scoreBand(score: number): ScoreBand {
  return score >= 90 ? "good" : score >= 50 ? "fair" : "poor";
}

export const BAND_LABEL: Record<ScoreBand, string> = { good: "Good", fair: "Needs work", poor: "Poor" };

const SEVERITY_ORDER = { high: 0, medium: 1, low: 2 } as const;

/** Failed checks first (most severe first), then the passed ones, each group in the audit's order otherwise. */
export function groupChecks(checks: SeoCheck[]): { failed: SeoCheck[]; passed: SeoCheck[] } {
  const failed = checks
    .filter((c) => !c.passed)
    .sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]);
  return { failed, passed: checks.filter((c) => c.passed) };
}

export const fixableFailed = (audit: SeoAudit): SeoCheckId[] =>
  audit.checks.filter((c) => !c.passed && c.fixable).map((c) => c.id);

export interface FixOutcome {
  before: number;
  after: number;
  /** Labels of the checks that now pass and did not before. */
  nowPassing: string[];
  /** Labels of fixes applied that still fail (the fix helped but was not enough). */
  stillFailing: string[];
}

/** What a fix changed, comparing the audit before and after. */
export function fixOutcome(before: SeoAudit, after: SeoAudit, applied: SeoCheckId[]): FixOutcome {
  const was = new Map(before.checks.map((c) => [c.id, c.passed]));
  const labelOf = new Map(after.checks.map((c) => [c.id, c.label]));
  return {
    before: before.score,
    after: after.score,
    nowPassing: after.checks.filter((c) => c.passed && was.get(c.id) === false).map((c) => c.label),
    stillFailing: applied
      .filter((id) => after.checks.some((c) => c.id === id && !c.passed))
      .map((id) => labelOf.get(id) ?? id),
  };
}

/** "Score 62 → 88" or "Score stays 88". */
export function scoreChange(o: Pick<FixOutcome, "before" | "after">): string {
  return o.before === o.after ? `Score stays ${o.after}` : `Score ${o.before} → ${o.after}`;
}

/** "48 KB" */
export function kilobytes(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${Math.round(bytes / 1024).toLocaleString("en-US")} KB`;
}
