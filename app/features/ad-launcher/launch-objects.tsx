/** A launch's objects at Meta, in the order they were made, each with its id. */
import { LAUNCH_OBJECT_KINDS, type LaunchObjectKind } from "~/domain/ad-launcher";
import type { Launch } from "~/domain/contracts/ad-launcher";
import { COUNTERS, countOf, leftPhrase } from "~/domain/counters";
import { Badge } from "~/ui";
import type { LaunchCharge } from "./launcher-client";

const KIND_LABELS: Record<LaunchObjectKind, string> = { campaign: "Campaign", adset: "Ad set", image: "Image", creative: "Creative", ad: "Ad" };

export function LaunchObjects({ launch }: { launch: Launch }) {
  if (launch.objects.length === 0) return <p className="text-sm text-muted">Nothing was made at Meta yet.</p>;
  const ordered = [...launch.objects].sort((a, b) => LAUNCH_OBJECT_KINDS.indexOf(a.kind) - LAUNCH_OBJECT_KINDS.indexOf(b.kind));
  return (
    <ul className="divide-y divide-line rounded-xl border border-line" data-testid="launch-objects">
      {ordered.map((o) => (
        <li key={`${o.kind}-${o.metaId}`} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm">
          <span className="w-20 shrink-0 font-medium text-fg">{KIND_LABELS[o.kind]}</span>
          <span className="min-w-0 flex-1 truncate text-muted">{o.label}</span>
          <code className="rounded bg-surface-2 px-1.5 py-0.5 text-xs text-muted">{o.metaId}</code>
          {(o.kind === "campaign" || o.kind === "adset" || o.kind === "ad") && launch.state === "paused" && <Badge tone="neutral">Paused</Badge>}
        </li>
      ))}
    </ul>
  );
}

/** "1 ad launch counted, 19 launches left today." */
export function chargeSentence(charged: LaunchCharge): string {
  return `${countOf("launchers", charged.count).replace(/launch(es)?$/, (w) => `ad ${w}`)} counted, ${leftPhrase("launchers", charged.remaining)}.`;
}

export const LAUNCHES_LABEL = COUNTERS.launchers.label;
