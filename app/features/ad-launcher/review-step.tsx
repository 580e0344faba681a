/**
 * Steps 6 and 7: a preview per placement and the checklist (destination live, images load, copy
 * within limits, budget set), the launch's name, then Launch: the campaign, ad set, images,
 * creatives and ads made at Meta, all paused. The result lists each object made and what was
 * counted; a failure shows the server's sentence with Retry, which resumes from the last object.
 */
import { AlertTriangle, CheckCircle2, Circle, Rocket, XCircle } from "lucide-react";
import { useState } from "react";
import { AD_PLACEMENTS, type AdPlacementId } from "~/domain/ad-launcher";
import type { AdAccount, Launch } from "~/domain/contracts/ad-launcher";
import type { Image } from "~/domain/contracts/images";
import { errorMessage, HttpError } from "~/lib/http";
import { Badge, Button, Field, ProgressBar, RadioGroup, Segment, cx, segmentGroupClasses } from "~/ui";
import { AdPreview } from "./ad-previews";
import { chargeSentence, LaunchObjects } from "./launch-objects";
import type { LaunchCharge } from "./launcher-client";
import { launchCopy, launchIdOf, type ChecklistItem, type LaunchDraft } from "./launcher-logic";

export function ReviewStep({
  draft,
  onName,
  account,
  images,
  checklist,
  onImageLoad,
  launching,
  launchError,
  result,
  retrying,
  onLaunch,
  onRetry,
  onManage,
  onStartOver,
}: {
  draft: LaunchDraft;
  onName: (name: string) => void;
  account: AdAccount | null;
  images: ReadonlyMap<string, Image>;
  checklist: ChecklistItem[];
  onImageLoad: (imageId: string, state: "loaded" | "failed") => void;
  launching: boolean;
  launchError: unknown;
  result: { launch: Launch; charged: LaunchCharge | null } | null;
  retrying: boolean;
  onLaunch: () => void;
  onRetry: (launchId: string) => void;
  onManage: () => void;
  onStartOver: () => void;
}) {
  const copy = launchCopy(draft.copy);
  const [variant, setVariant] = useState(0);
  const shown = copy[Math.min(variant, copy.length - 1)];
  const placements = AD_PLACEMENTS.filter((p) => draft.creatives[p.id] && images.get(draft.creatives[p.id]!));
  const ready = checklist.every((c) => c.ok) && draft.name.trim() !== "";

  if (result && result.launch.state !== "failed") return <LaunchResult result={result} onManage={onManage} onStartOver={onStartOver} />;

  const failedId = result?.launch.state === "failed" ? result.launch.id : launchError instanceof HttpError ? launchIdOf(launchError.body) : null;
  const failure = result?.launch.state === "failed" ? (result.launch.error ?? "The launch failed at Meta.") : launchError != null ? errorMessage(launchError, "The launch could not be made. Please try again.") : null;

  return (
    <div className="space-y-6">
      {shown && placements.length > 0 && (
        <section aria-labelledby="previews-title">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 id="previews-title" className="text-sm font-semibold text-fg">Preview</h3>
            {copy.length > 1 && (
              <RadioGroup aria-label="Copy variant shown" className={segmentGroupClasses("inline-flex")}>
                {copy.map((_, i) => (
                  <Segment key={i} size="sm" role="radio" selected={i === Math.min(variant, copy.length - 1)} onClick={() => setVariant(i)}>
                    Variant {i + 1}
                  </Segment>
                ))}
              </RadioGroup>
            )}
          </div>
          <div className={cx("mt-3 grid items-start gap-6", placements.length > 1 ? "md:grid-cols-2 xl:grid-cols-3" : "")}>
            {placements.map((p) => {
              const image = images.get(draft.creatives[p.id]!)!;
              return (
                <figure key={p.id} className="min-w-0">
                  <figcaption className="mb-2 text-xs font-medium text-muted">{p.label}</figcaption>
                  <AdPreview
                    placement={p.id as AdPlacementId}
                    imageUrl={image.fileUrl}
                    copy={shown}
                    callToAction={draft.callToAction}
                    pageName={account?.pageName ?? account?.name ?? "Your Page"}
                    destinationUrl={draft.destinationUrl}
                    onImage={(state) => onImageLoad(image.id, state)}
                  />
                </figure>
              );
            })}
          </div>
        </section>
      )}
      <section aria-labelledby="checklist-title" className="rounded-2xl border border-line bg-surface p-4">
        <h3 id="checklist-title" className="text-sm font-semibold text-fg">Before you launch</h3>
        <ul className="mt-3 space-y-2.5" data-testid="launch-checklist">
          {checklist.map((item) => (
            <li key={item.id} className="flex items-start gap-2.5 text-sm" data-ok={item.ok} data-testid={`check-${item.id}`}>
              {item.ok ? <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" /> : item.detail.endsWith("…") ? <Circle aria-hidden className="mt-0.5 size-4 shrink-0 text-subtle" /> : <XCircle aria-hidden className="mt-0.5 size-4 shrink-0 text-danger" />}
              <span className="min-w-0">
                <span className="font-medium text-fg">{item.label}</span>
                <span className="sr-only">{item.ok ? ": done" : ": not yet"}</span>
                <span className="block break-words text-[13px] text-muted">{item.detail}</span>
              </span>
            </li>
          ))}
        </ul>
      </section>
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end">
        <Field label="Launch name" hint="The campaign's name in Ads Manager." value={draft.name} onChange={(e) => onName(e.target.value)} maxLength={200} error={draft.name.trim() ? undefined : "Name the launch."} data-testid="launch-name" />
        <Button size="lg" onClick={onLaunch} loading={launching} disabled={!ready || launching || retrying} icon={<Rocket aria-hidden className="size-4" />} data-testid="launch-button">
          Launch paused
        </Button>
      </div>
      <p className="text-xs text-muted">
        Everything is made paused at Meta: nothing spends until you activate it under Launches. One launch counts toward your
        daily ad launches; a launch that fails is not counted.
      </p>
      {(launching || retrying) && (
        <div aria-live="polite" className="rounded-2xl border border-line bg-surface p-4" data-testid="launch-progress">
          <p className="text-sm font-medium text-fg">{retrying ? "Resuming from the last object made…" : "Making the campaign, ad set, images, creatives and ads at Meta…"}</p>
          <ProgressBar className="mt-3" value={1} max={2} label="Launch in progress" valueText="In progress" />
        </div>
      )}
      {failure && !launching && !retrying && (
        <div role="alert" className="rounded-2xl border border-danger/30 bg-danger/5 p-4" data-testid="launch-error">
          <p className="flex items-start gap-2 text-sm text-danger">
            <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" /> <span className="min-w-0">{failure}</span>
          </p>
          {result && result.launch.objects.length > 0 && (
            <div className="mt-3">
              <p className="mb-2 text-xs font-medium text-muted">Made before it stopped (kept, and not made twice on retry):</p>
              <LaunchObjects launch={result.launch} />
            </div>
          )}
          <div className="mt-3 flex flex-wrap gap-2">
            {failedId ? (
              <Button variant="secondary" onClick={() => onRetry(failedId)} data-testid="launch-retry">Retry</Button>
            ) : (
              <Button variant="secondary" onClick={onLaunch} disabled={!ready} data-testid="launch-retry">Try again</Button>
            )}
          </div>
        </div>
      )}
    </div>
  );
}

function LaunchResult({ result, onManage, onStartOver }: { result: { launch: Launch; charged: LaunchCharge | null }; onManage: () => void; onStartOver: () => void }) {
  const { launch, charged } = result;
  return (
    <div className="space-y-4" data-testid="launch-result">
      <div className="flex items-start gap-3 rounded-2xl border border-accent/30 bg-accent/5 p-4">
        <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0 text-accent" />
        <div className="min-w-0">
          <p className="font-semibold text-fg">
            “{launch.name}” is at Meta, paused {launch.isDev && <Badge tone="warning" className="ml-1">Offline dev account</Badge>}
          </p>
          <p className="mt-1 text-sm text-muted">Nothing spends until you activate it.{charged ? ` ${chargeSentence(charged)}` : ""}</p>
        </div>
      </div>
      <LaunchObjects launch={launch} />
      <div className="flex flex-wrap gap-2">
        <Button onClick={onManage} data-testid="go-to-launches">See it in Launches</Button>
        <Button variant="secondary" onClick={onStartOver}>Start another launch</Button>
        {launch.isDev && (
          <a href="/dev/ads" target="_blank" rel="noreferrer" className="inline-flex h-10 items-center px-2 text-sm font-medium text-brand hover:underline">
            Open /dev/ads
          </a>
        )}
      </div>
    </div>
  );
}
