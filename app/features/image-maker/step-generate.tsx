/**
 * Step 5, generate and review: one request makes every size × variation; progress while it
 * works, then the images (enlarge, download), what was counted, and where to go next.
 */
import { Link } from "@remix-run/react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ArrowRight, GalleryHorizontalEnd, Lock, Megaphone, RotateCcw, Sparkles } from "lucide-react";
import { useEffect, useState } from "react";
import { countOf } from "~/domain/counters";
import { presetById, TEMPLATE_LABELS } from "~/domain/images";
import { USAGE_SUMMARY_KEY } from "~/features/account";
import { createImages, imageKeys, type GeneratedImages } from "~/features/images";
import { errorMessage } from "~/lib/http";
import { notify } from "~/lib/toast";
import { Button, ConfirmDialog, ProgressBar, Skeleton, buttonClasses, cx } from "~/ui";
import { askToUpgrade, openModalFor } from "./gating";
import { DownloadAllButton, ResultsGrid } from "./results";
import { UsageLine } from "./step-sizes";
import { thumbUrl } from "./step-product";
import { useImages } from "./use-image-data";
import { designOf, imagesToMake, type WizardDraft } from "./wizard-logic";

const PHASES = ["Placing your product photo", "Setting the headline, price and badge", "Rendering every size", "Saving to your gallery"];

export function GenerateProgress({ total, phases = PHASES, testId }: { total: number; phases?: string[]; testId: string }) {
  const [elapsed, setElapsed] = useState(0);
  useEffect(() => {
    const t = setInterval(() => setElapsed((e) => e + 1), 400);
    return () => clearInterval(t);
  }, []);
  // Paced on what one image usually takes; it never claims to be done before the answer.
  const expected = Math.max(6, total * 3);
  const ratio = Math.min(0.92, elapsed / expected);
  const phase = phases[Math.min(phases.length - 1, Math.floor(ratio * phases.length))];
  return (
    <div role="status" aria-live="polite" className="rounded-2xl border border-brand/30 bg-brand-soft/30 p-4" data-testid={testId}>
      <p className="flex items-center gap-2 text-sm font-semibold text-fg">
        <Sparkles aria-hidden className="size-4 text-brand motion-safe:animate-pulse" />
        Making {countOf("images", total)}…
      </p>
      <p className="mt-0.5 text-[13px] text-muted">{phase}</p>
      <ProgressBar className="mt-3" value={ratio * 100} max={100} label="Generating" valueText={phase} />
    </div>
  );
}

export function ChargedLine({ charged, counter, testId }: { charged: { count: number; remaining: number }; counter: "images" | "marketingVisuals"; testId: string }) {
  return (
    <p className="text-sm text-muted" data-testid={testId}>
      Counted <strong className="text-fg">{countOf(counter, charged.count)}</strong> · {charged.remaining} left today
    </p>
  );
}

export function GenerateStep({
  draft,
  update,
  isFree,
  onStartOver,
}: {
  draft: WizardDraft;
  update: (change: Partial<WizardDraft>) => void;
  isFree: boolean;
  onStartOver: () => void;
}) {
  const queryClient = useQueryClient();
  const [confirmReset, setConfirmReset] = useState(false);
  const results = useImages(draft.resultIds);
  const template = draft.template ?? "studio";
  const total = imagesToMake(draft);

  const generate = useMutation({
    mutationFn: (): Promise<GeneratedImages> =>
      createImages({
        template,
        design: designOf(draft.fields!, template, { photoImageId: draft.photos[0]?.id, logoImageId: draft.logo?.id }),
        ...(draft.source?.kind === "product" ? { productId: draft.source.productId } : {}),
        ...(draft.source?.kind === "page" ? { pageId: draft.source.pageId } : {}),
        ...(draft.projectId ? { projectId: draft.projectId } : {}),
        sourceImageIds: draft.photos.map((p) => p.id),
        sizes: draft.sizes,
        count: draft.count,
      }),
    onSuccess: (answer) => {
      for (const image of answer.data) queryClient.setQueryData(imageKeys.detail(image.id), image);
      update({ resultIds: answer.data.map((i) => i.id), charged: { count: answer.charged.count, remaining: answer.charged.remaining } });
      void queryClient.invalidateQueries({ queryKey: USAGE_SUMMARY_KEY });
      void queryClient.invalidateQueries({ queryKey: imageKeys.list() });
      notify({ title: `${countOf("images", answer.data.length)} ready`, variant: "success" });
    },
    onError: (err) => {
      void queryClient.invalidateQueries({ queryKey: USAGE_SUMMARY_KEY });
      if (openModalFor(err, "generate", "images")) return;
      notify({ title: "Couldn’t make the images", description: errorMessage(err, "Please try again; nothing was counted."), variant: "destructive" });
    },
  });

  const onGenerate = () => {
    if (isFree) return askToUpgrade("generate", "images");
    generate.mutate();
  };

  const hasResults = draft.resultIds.length > 0;

  return (
    <div className="space-y-5">
      <section className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-4 sm:flex-row sm:items-center sm:p-5" aria-label="Summary">
        {draft.photos[0] && (
          <img src={thumbUrl(draft.photos[0].id)} alt="" className="size-20 shrink-0 rounded-xl bg-surface-2 object-contain ring-1 ring-line max-sm:hidden" />
        )}
        <div className="min-w-0 flex-1">
          <p className="text-xs font-semibold uppercase tracking-wide text-subtle">{TEMPLATE_LABELS[template].label}</p>
          <p className="mt-0.5 truncate text-base font-semibold text-fg">{draft.fields?.headline || "Untitled design"}</p>
          <p className="mt-1 flex flex-wrap gap-1.5">
            {draft.sizes.map((s) => (
              <span key={s} className="rounded-full bg-surface-2 px-2 py-0.5 text-xs text-muted">
                {presetById(s)?.label}
              </span>
            ))}
          </p>
        </div>
        <div className="flex shrink-0 flex-col gap-1.5 sm:items-end">
          <Button
            size="lg"
            onClick={onGenerate}
            loading={generate.isPending}
            icon={isFree ? <Lock aria-hidden className="size-4" /> : <Sparkles aria-hidden className="size-4" />}
            data-testid="im-generate"
            data-plan={isFree ? "free" : "paid"}
          >
            {hasResults ? `Make ${total} more ${total === 1 ? "image" : "images"}` : `Generate ${countOf("images", total)}`}
          </Button>
        </div>
      </section>
      {!hasResults && !generate.isPending && <UsageLine counter="images" using={total} isFree={isFree} />}

      {generate.isPending && <GenerateProgress total={total} testId="im-generating" />}

      {hasResults && !generate.isPending && (
        <section className="space-y-4" aria-labelledby="im-results-title">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <div>
              <h2 id="im-results-title" className="text-lg font-semibold text-fg">
                Your images
              </h2>
              {draft.charged && <ChargedLine charged={draft.charged} counter="images" testId="im-charged" />}
            </div>
            <DownloadAllButton images={results.images} area="images" testId="im-download-all" />
          </div>
          {results.loading && results.images.length === 0 ? (
            <div className="grid grid-cols-2 gap-3 md:grid-cols-3" aria-busy>
              {draft.resultIds.map((id) => (
                <Skeleton key={id} className="aspect-square" />
              ))}
            </div>
          ) : (
            <ResultsGrid images={results.images} area="images" testId="im-results" columns="wide" />
          )}
          {results.failed > 0 && <p className="text-sm text-warning">{results.failed} of these images are no longer in your gallery.</p>}
          <div className="flex flex-col gap-2 rounded-2xl border border-line bg-surface p-3 sm:flex-row sm:flex-wrap sm:items-center">
            <Link to="/images" className={buttonClasses({ variant: "secondary", size: "sm" })} data-testid="im-open-gallery">
              <GalleryHorizontalEnd aria-hidden className="size-3.5" /> Open in gallery
            </Link>
            <Link
              to="/marketing-visuals?from=image-maker"
              className={buttonClasses({ variant: "secondary", size: "sm" })}
              data-testid="im-to-visuals"
            >
              <Megaphone aria-hidden className="size-3.5" /> Make marketing visuals from this design <ArrowRight aria-hidden className="size-3.5" />
            </Link>
            <span className="flex-1 max-sm:hidden" />
            <Button size="sm" variant="ghost" onClick={() => setConfirmReset(true)} icon={<RotateCcw aria-hidden className="size-3.5" />} data-testid="im-start-over">
              Start over
            </Button>
          </div>
        </section>
      )}
      {!hasResults && !generate.isPending && (
        <div className={cx("flex justify-end")}>
          <Button size="sm" variant="ghost" onClick={() => setConfirmReset(true)} icon={<RotateCcw aria-hidden className="size-3.5" />}>
            Start over
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirmReset}
        onOpenChange={setConfirmReset}
        title="Start a new design?"
        description="This clears the photos, copy and sizes you set here. Images you made stay in your gallery."
        confirmLabel="Start over"
        onConfirm={() => {
          setConfirmReset(false);
          onStartOver();
        }}
        data-testid="im-start-over-confirm"
      />
    </div>
  );
}
