/**
 * /marketing-visuals: one design (a template and the same copy form as the Image Maker) laid
 * out in the five ad presets, each previewed live with the platform's safe zone drawn over it;
 * "Generate N visuals" renders the chosen ones in one request (metered per day). The design
 * can come from the Image Maker (?from=image-maker) and is kept per user in localStorage.
 */
import { Link, useNavigate, useSearchParams } from "@remix-run/react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Check, Eye, EyeOff, ImagePlus, Lock, Megaphone, Sparkles, Wand2, X } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { countOf } from "~/domain/counters";
import { MARKETING_PRESET_IDS, presetById, TEMPLATE_LABELS, VISUAL_TEMPLATES, type VisualTemplate } from "~/domain/images";
import { USAGE_SUMMARY_KEY, useSubscription } from "~/features/account";
import { createMarketingVisuals, imageKeys, type GeneratedImages } from "~/features/images";
import { errorMessage } from "~/lib/http";
import { notify } from "~/lib/toast";
import { Button, IconButton, LoadError, PageHeader, Skeleton, buttonClasses, cx } from "~/ui";
import { CopyForm, MissingNote, Section } from "./copy-form";
import { DesignPreview } from "./design-preview";
import { useVisualsDraft, wizardStore } from "./draft-store";
import { askToUpgrade, openModalFor } from "./gating";
import { PhotoUploader } from "./photo-uploader";
import { DownloadAllButton, ResultsGrid } from "./results";
import { ChargedLine, GenerateProgress } from "./step-generate";
import { thumbUrl } from "./step-product";
import { PresetBox, UsageLine } from "./step-sizes";
import { useDesignDefaults, useImages, useRemaining } from "./use-image-data";
import {
  adoptTemplateDefaults,
  designOf,
  fieldProblems,
  fieldsFromDesign,
  previewDesignOf,
  productParam,
  visualsFromWizard,
  visualsWithProduct,
  type MarketingPresetId,
  type VisualsDraft,
} from "./wizard-logic";

function TemplateChips({ value, onChange, productId }: { value: VisualTemplate; onChange: (t: VisualTemplate) => void; productId: string | null }) {
  return (
    <fieldset>
      <legend className="sr-only">Template</legend>
      <div className="flex flex-wrap gap-2">
        {VISUAL_TEMPLATES.map((t) => {
          const disabled = t === "social-proof" && !productId;
          const checked = value === t;
          return (
            <label
              key={t}
              title={disabled ? "Social proof needs a catalog product (start it in the Image Maker)." : TEMPLATE_LABELS[t].blurb}
              className={cx(
                "inline-flex h-9 items-center gap-1.5 rounded-full border px-3.5 text-[13px] font-semibold transition-colors focus-within:ring-3 focus-within:ring-brand/35",
                checked ? "border-brand bg-brand-strong text-white" : "border-line bg-surface text-fg hover:border-brand/50",
                disabled ? "cursor-not-allowed opacity-50" : "cursor-pointer",
              )}
              data-testid={`mv-template-${t}`}
            >
              <input type="radio" name="mv-template" className="sr-only" checked={checked} disabled={disabled} onChange={() => onChange(t)} />
              {checked && <Check aria-hidden className="size-3.5" strokeWidth={3} />}
              {TEMPLATE_LABELS[t].label}
            </label>
          );
        })}
      </div>
      <p className="mt-2 text-[13px] text-muted">{TEMPLATE_LABELS[value].blurb}</p>
    </fieldset>
  );
}

export function MarketingVisualsScreen() {
  const { draft, update, userId } = useVisualsDraft();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const subscription = useSubscription();
  const isFree = subscription.isFree;
  const left = useRemaining("marketingVisuals");

  // Coming from the Image Maker: take its design, then drop the parameter (a reload keeps the draft).
  const from = params.get("from");
  useEffect(() => {
    if (from !== "image-maker" || userId === null) return;
    const wizard = wizardStore.get(userId);
    update((d) => visualsFromWizard(wizard, d));
    navigate("/marketing-visuals", { replace: true });
  }, [from, userId, update, navigate]);

  // `?product=<id>` (the Explorer product's "Ad creatives"): the copy comes from that product's record.
  const fromProduct = productParam(params);
  useEffect(() => {
    if (!fromProduct || userId === null) return;
    update((d) => visualsWithProduct(d, fromProduct));
    navigate("/marketing-visuals", { replace: true });
  }, [fromProduct, userId, update, navigate]);

  const defaults = useDesignDefaults(
    { template: draft?.template ?? "sale", productId: draft?.productId, pageId: draft?.pageId, projectId: draft?.projectId },
    Boolean(draft) && from === null,
  );
  useEffect(() => {
    const data = defaults.data;
    if (!data) return;
    update((d) => {
      const fields = d.fields ? adoptTemplateDefaults(d.fields, data) : fieldsFromDesign(data.design);
      return JSON.stringify(fields) === JSON.stringify(d.fields) ? d : { ...d, fields };
    });
  }, [defaults.data, update]);

  const results = useImages(draft?.resultIds ?? []);
  const [charged, setCharged] = useState<{ count: number; remaining: number } | null>(null);

  const generate = useMutation({
    mutationFn: (d: VisualsDraft): Promise<GeneratedImages> =>
      createMarketingVisuals({
        design: designOf(d.fields!, d.template, { photoImageId: d.photo?.id, logoImageId: d.logo?.id }),
        presets: d.presets,
        ...(d.productId ? { productId: d.productId } : {}),
        ...(d.pageId ? { pageId: d.pageId } : {}),
        ...(d.projectId ? { projectId: d.projectId } : {}),
      }),
    onSuccess: (answer) => {
      for (const image of answer.data) queryClient.setQueryData(imageKeys.detail(image.id), image);
      update({ resultIds: answer.data.map((i) => i.id) });
      setCharged({ count: answer.charged.count, remaining: answer.charged.remaining });
      void queryClient.invalidateQueries({ queryKey: USAGE_SUMMARY_KEY });
      void queryClient.invalidateQueries({ queryKey: imageKeys.list() });
      notify({ title: `${countOf("marketingVisuals", answer.data.length)} ready`, variant: "success" });
      setTimeout(() => document.getElementById("mv-results")?.scrollIntoView({ behavior: "smooth", block: "start" }), 50);
    },
    onError: (err) => {
      void queryClient.invalidateQueries({ queryKey: USAGE_SUMMARY_KEY });
      if (openModalFor(err, "generate", "visuals")) return;
      notify({ title: "Couldn’t make the visuals", description: errorMessage(err, "Please try again; nothing was counted."), variant: "destructive" });
    },
  });

  const problems = useMemo(() => (draft?.fields ? fieldProblems(draft.fields, draft.template) : {}), [draft?.fields, draft?.template]);

  if (!draft || userId === null || from !== null) {
    return (
      <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6" aria-busy data-testid="mv-loading">
        <Skeleton className="h-9 w-64" />
        <Skeleton className="mt-6 h-96 w-full" />
      </div>
    );
  }

  const firstProblem = Object.values(problems)[0];
  const n = draft.presets.length;
  const previewDesign = draft.fields ? previewDesignOf(draft.fields, draft.template, { photoImageId: draft.photo?.id, logoImageId: draft.logo?.id }) : null;
  const togglePreset = (id: MarketingPresetId) =>
    update({ presets: draft.presets.includes(id) ? draft.presets.filter((p) => p !== id) : MARKETING_PRESET_IDS.filter((p) => p === id || draft.presets.includes(p)) });

  const onGenerate = () => {
    if (isFree) return askToUpgrade("generate", "visuals");
    if (!draft.fields) return;
    if (n === 0) return notify({ title: "Pick at least one size", variant: "destructive" });
    if (firstProblem) return notify({ title: "Fix the copy first", description: firstProblem, variant: "destructive" });
    generate.mutate(draft);
  };

  return (
    <div className="mx-auto w-full max-w-7xl px-4 pb-6 pt-6 sm:px-6" data-testid="marketing-visuals">
      <PageHeader
        title={
          <span className="flex items-center gap-2.5">
            <span className="grid size-9 place-items-center rounded-xl bg-brand-soft text-brand" aria-hidden>
              <Megaphone className="size-5" />
            </span>
            Marketing visuals
          </span>
        }
        description="One design, laid out for every ad placement. The dashed box is each platform’s safe zone: outside it, the app’s own buttons and captions may cover your ad."
        actions={
          <Link to="/image-maker" className={buttonClasses({ variant: "secondary", size: "sm" })}>
            <Wand2 aria-hidden className="size-3.5" /> Image Maker
          </Link>
        }
        className="mb-6"
      />

      <div className="grid gap-6 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)] xl:grid-cols-[minmax(0,27rem)_minmax(0,1fr)]">
        <div className="min-w-0 space-y-4">
          <Section title="Template">
            <TemplateChips value={draft.template} onChange={(template) => update({ template })} productId={draft.productId} />
          </Section>
          <Section title="Product photo" description={draft.photo ? undefined : "Without a photo, the design is text and colour only."}>
            {draft.photo ? (
              <div className="flex items-center gap-3">
                <img src={thumbUrl(draft.photo.id)} alt={draft.photo.name} data-testid="mv-photo" className="size-16 rounded-xl bg-surface-2 object-contain ring-1 ring-line" />
                <span className="min-w-0 flex-1 truncate text-[13px] text-muted">{draft.photo.name}</span>
                <IconButton size="sm" label="Remove the photo" onClick={() => update({ photo: null })}>
                  <X aria-hidden className="size-4" />
                </IconButton>
              </div>
            ) : (
              <PhotoUploader
                multiple={false}
                compact
                title="Drop a product photo"
                projectId={draft.projectId}
                testId="mv-upload"
                onUploaded={(image) => update({ photo: { id: image.id, name: image.fileName } })}
              />
            )}
          </Section>
          {defaults.isError && !draft.fields ? (
            <LoadError onRetry={() => void defaults.refetch()} retrying={defaults.isFetching}>
              {errorMessage(defaults.error, "Couldn’t load the design’s starting copy.")}
            </LoadError>
          ) : !draft.fields ? (
            <div className="space-y-3" aria-busy>
              <Skeleton className="h-40" />
              <Skeleton className="h-56" />
            </div>
          ) : (
            <>
              <MissingNote missing={defaults.data?.missing ?? []} />
              <CopyForm
                fields={draft.fields}
                onChange={(fields) => update({ fields })}
                template={draft.template}
                proofFacts={defaults.data?.proofFacts ?? []}
                missing={defaults.data?.missing ?? []}
                hasCatalogProduct={draft.productId !== null}
                idPrefix="mv-copy"
              />
            </>
          )}
        </div>

        <div className="min-w-0 space-y-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 className="text-base font-semibold text-fg">
              Placements <span className="font-normal text-subtle">· {n} of {MARKETING_PRESET_IDS.length} picked</span>
            </h2>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => update({ showSafeZones: !draft.showSafeZones })}
              aria-pressed={draft.showSafeZones}
              icon={draft.showSafeZones ? <EyeOff aria-hidden className="size-3.5" /> : <Eye aria-hidden className="size-3.5" />}
              data-testid="mv-safe-toggle"
            >
              {draft.showSafeZones ? "Hide safe zones" : "Show safe zones"}
            </Button>
          </div>
          <ul className="grid gap-3 min-[520px]:grid-cols-2 2xl:grid-cols-3" data-testid="mv-presets">
            {MARKETING_PRESET_IDS.map((id) => {
              const p = presetById(id)!;
              const checked = draft.presets.includes(id);
              return (
                <li key={id}>
                  <label
                    className={cx(
                      "flex h-full cursor-pointer flex-col overflow-hidden rounded-2xl border bg-surface transition-[border-color,box-shadow] focus-within:ring-3 focus-within:ring-brand/35",
                      checked ? "border-brand shadow-lg shadow-brand/10" : "border-line hover:border-brand/40",
                    )}
                    data-testid={`mv-preset-${id}`}
                    data-checked={checked || undefined}
                  >
                    <input type="checkbox" className="sr-only" checked={checked} onChange={() => togglePreset(id)} />
                    <span className="flex items-center gap-2.5 border-b border-line px-3 py-2.5">
                      <span className={checked ? "text-brand" : "text-subtle"}>
                        <PresetBox width={p.width} height={p.height} max={22} />
                      </span>
                      <span className="min-w-0 flex-1">
                        <span className="block truncate text-sm font-semibold text-fg">{p.label}</span>
                        <span className="block text-xs text-muted">
                          {p.platform} · {p.width}×{p.height}
                        </span>
                      </span>
                      <span
                        aria-hidden
                        className={cx("grid size-5 shrink-0 place-items-center rounded-md border-2", checked ? "border-brand bg-brand-strong text-white" : "border-line")}
                      >
                        {checked && <Check className="size-3.5" strokeWidth={3} />}
                      </span>
                    </span>
                    <span className="grid h-72 place-items-center bg-surface-2/60 p-3">
                      {previewDesign ? (
                        <DesignPreview
                          design={previewDesign}
                          presetId={id}
                          productId={draft.productId}
                          showSafeZone={draft.showSafeZones}
                          fit={16.5}
                          testId={`mv-preview-${id}`}
                        />
                      ) : (
                        <Skeleton className="h-full w-2/3" />
                      )}
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
          {draft.showSafeZones && (
            <p className="flex items-center gap-2 text-xs text-subtle">
              <span aria-hidden className="inline-block h-3 w-5 rounded-sm border-2 border-dashed border-fg/70" /> safe zone
              <span aria-hidden className="ml-2 inline-block h-3 w-5 rounded-sm bg-danger/25" /> may be covered by the platform
            </p>
          )}

          {generate.isPending && <GenerateProgress total={n} testId="mv-generating" phases={["Laying out each placement", "Fitting text inside the safe zones", "Rendering", "Saving to your gallery"]} />}

          {draft.resultIds.length > 0 && !generate.isPending && (
            <section id="mv-results" className="space-y-3 pt-2" aria-labelledby="mv-results-title">
              <div className="flex flex-wrap items-end justify-between gap-2">
                <div>
                  <h2 id="mv-results-title" className="text-base font-semibold text-fg">
                    Your visuals
                  </h2>
                  {charged && <ChargedLine charged={charged} counter="marketingVisuals" testId="mv-charged" />}
                </div>
                <DownloadAllButton images={results.images} area="visuals" testId="mv-download-all" />
              </div>
              {results.loading && results.images.length === 0 ? (
                <div className="grid grid-cols-2 gap-3 md:grid-cols-3" aria-busy>
                  {draft.resultIds.map((rid) => (
                    <Skeleton key={rid} className="aspect-square" />
                  ))}
                </div>
              ) : (
                <ResultsGrid images={results.images} area="visuals" testId="mv-results" columns="half" />
              )}
            </section>
          )}
          {draft.resultIds.length === 0 && !generate.isPending && (
            <div className="flex items-center gap-3 rounded-2xl border border-dashed border-line p-4 text-sm text-muted">
              <ImagePlus aria-hidden className="size-5 shrink-0 text-subtle" />
              Your finished visuals appear here, full size and without the preview watermark.
            </div>
          )}
        </div>
      </div>

      {/* Sticky for paid plans; on Free the plan banner owns the bottom edge, so the bar ends the page instead. */}
      <div className={cx("z-20 -mx-4 mt-8 border-t border-line bg-bg/90 backdrop-blur-md sm:-mx-6", !isFree && "sticky bottom-0")}>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:px-6">
          <div className="min-w-0 flex-1">
            <UsageLine counter="marketingVisuals" using={n} isFree={isFree} />
            {!isFree && left && left.remaining < n && <p className="text-xs text-danger">Only {left.remaining} left today.</p>}
          </div>
          <Button
            size="lg"
            onClick={onGenerate}
            loading={generate.isPending}
            disabled={n === 0 || !draft.fields}
            icon={isFree ? <Lock aria-hidden className="size-4" /> : <Sparkles aria-hidden className="size-4" />}
            data-testid="mv-generate"
            data-plan={isFree ? "free" : "paid"}
            className="max-sm:w-full"
          >
            Generate {countOf("marketingVisuals", n)}
          </Button>
        </div>
      </div>
    </div>
  );
}
