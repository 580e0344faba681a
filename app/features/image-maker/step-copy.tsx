/**
 * Step 3, copy and price badge: the shared copy form beside a live preview (debounced) with a
 * switcher between sizes. Filled from the product and the project's canon; what the data did
 * not have is said, not invented.
 */
import { useState } from "react";
import { presetById, TEMPLATE_LABELS, VISUAL_PRESETS, type VisualPresetId } from "~/domain/images";
import { errorMessage } from "~/lib/http";
import { LoadError, RadioGroup, Segment, Skeleton, cx, segmentGroupClasses } from "~/ui";
import { CopyForm, MissingNote } from "./copy-form";
import { DesignPreview } from "./design-preview";
import { previewDesignOf, type CopyFields, type WizardDraft } from "./wizard-logic";

export function PresetSwitcher({
  value,
  onChange,
  presets,
  label = "Preview size",
}: {
  value: VisualPresetId;
  onChange: (p: VisualPresetId) => void;
  presets: readonly VisualPresetId[];
  label?: string;
}) {
  return (
    <RadioGroup aria-label={label} className={segmentGroupClasses("flex-wrap")}>
      {presets.map((id) => {
        const p = presetById(id)!;
        return (
          <Segment
            key={id}
            size="sm"
            role="radio"
            aria-checked={value === id}
            onClick={() => onChange(id)}
            title={`${p.label} ${p.width}×${p.height}`}
          >
            {p.label}
          </Segment>
        );
      })}
    </RadioGroup>
  );
}

export function CopyStep({
  draft,
  update,
  loadError,
  onRetry,
}: {
  draft: WizardDraft;
  update: (change: Partial<WizardDraft>) => void;
  loadError: unknown;
  onRetry: () => void;
}) {
  const onFields = (fields: CopyFields) => update({ fields, resultIds: [], charged: null });
  const template = draft.template ?? "studio";
  const presetChoices = (draft.sizes.length ? draft.sizes : VISUAL_PRESETS.map((p) => p.id)) as VisualPresetId[];
  const [presetId, setPresetId] = useState<VisualPresetId>(presetChoices[0] ?? "instagram-post");
  const shown = presetChoices.includes(presetId) ? presetId : presetChoices[0];
  const productId = draft.source?.kind === "product" ? draft.source.productId : null;

  if (!draft.fields && loadError)
    return (
      <LoadError onRetry={onRetry}>{errorMessage(loadError, "Couldn’t fill in the copy from your product.")}</LoadError>
    );
  if (!draft.fields)
    return (
      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]" aria-busy>
        <div className="space-y-4">
          <Skeleton className="h-40" />
          <Skeleton className="h-48" />
        </div>
        <Skeleton className="aspect-square" />
      </div>
    );

  const design = previewDesignOf(draft.fields, template, { photoImageId: draft.photos[0]?.id, logoImageId: draft.logo?.id });
  return (
    <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)] xl:grid-cols-[minmax(0,1fr)_minmax(0,30rem)]">
      <div className="min-w-0 space-y-4 max-lg:order-2">
        <MissingNote missing={draft.defaults?.missing ?? []} />
        <CopyForm
          fields={draft.fields}
          onChange={onFields}
          template={template}
          proofFacts={draft.defaults?.proofFacts ?? []}
          missing={draft.defaults?.missing ?? []}
          hasCatalogProduct={productId !== null}
          idPrefix="im-copy"
        />
      </div>
      <aside className="min-w-0 max-lg:order-1" aria-label="Live preview">
        <div className="space-y-3 lg:sticky lg:top-4">
          <div className="flex items-center justify-between gap-2">
            <p className="text-sm font-semibold text-fg">
              Live preview <span className="font-normal text-subtle">· {TEMPLATE_LABELS[template].label}</span>
            </p>
          </div>
          {presetChoices.length > 1 && <PresetSwitcher value={shown} onChange={setPresetId} presets={presetChoices} />}
          <div className="mx-auto grid max-h-[min(70vh,40rem)] place-items-center max-lg:max-w-sm">
            <DesignPreview
              design={design}
              presetId={shown}
              productId={productId}
              testId="im-copy-preview"
              className={cx(presetById(shown)!.height > presetById(shown)!.width * 1.2 && "max-w-[min(100%,22rem)]")}
            />
          </div>
          <p className="text-xs text-subtle">A watermarked preview; the finished image has no watermark and is full size.</p>
        </div>
      </aside>
    </div>
  );
}
