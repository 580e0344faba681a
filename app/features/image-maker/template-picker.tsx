/**
 * The five goals and styles as cards, each with a small live preview of the current design in
 * that template. A radio group: arrow keys move between cards. Social proof needs a catalog
 * product (its figures come from the product's record) and says so when there is none.
 */
import { Lock } from "lucide-react";
import { TEMPLATE_LABELS, VISUAL_TEMPLATES, type VisualPresetId, type VisualTemplate } from "~/domain/images";
import { Skeleton, cx } from "~/ui";
import { DesignPreview } from "./design-preview";
import { previewDesignOf, type CopyFields } from "./wizard-logic";

export function TemplatePicker({
  value,
  onChange,
  fields,
  photoImageId,
  logoImageId,
  productId,
  presetId = "instagram-post",
  compact = false,
  name = "template",
}: {
  value: VisualTemplate | null;
  onChange: (t: VisualTemplate) => void;
  fields: CopyFields | null;
  photoImageId: string | null;
  logoImageId: string | null;
  productId: string | null;
  presetId?: VisualPresetId;
  compact?: boolean;
  name?: string;
}) {
  return (
    <fieldset>
      <legend className="sr-only">Goal and style</legend>
      <div className={cx("grid gap-3", compact ? "grid-cols-2 sm:grid-cols-3 xl:grid-cols-5" : "grid-cols-2 lg:grid-cols-3 xl:grid-cols-5")}>
        {VISUAL_TEMPLATES.map((t) => {
          const disabledReason = t === "social-proof" && !productId ? "Pick a catalog product on step 1: this style shows its real figures." : null;
          const checked = value === t;
          return (
            <label
              key={t}
              className={cx(
                "group relative flex flex-col overflow-hidden rounded-2xl border bg-surface transition-[border-color,box-shadow] focus-within:ring-3 focus-within:ring-brand/35",
                checked ? "border-brand shadow-lg shadow-brand/15 ring-1 ring-brand" : "border-line",
                disabledReason ? "cursor-not-allowed" : "cursor-pointer hover:border-brand/50",
              )}
              data-testid={`${name}-${t}`}
              data-checked={checked || undefined}
            >
              <input
                type="radio"
                name={name}
                value={t}
                checked={checked}
                disabled={Boolean(disabledReason)}
                onChange={() => onChange(t)}
                className="sr-only"
                aria-describedby={`${name}-${t}-blurb`}
              />
              <div className={cx("relative bg-surface-2 p-2", disabledReason && "opacity-40 grayscale")}>
                {fields ? (
                  <DesignPreview
                    design={previewDesignOf(fields, t, { photoImageId, logoImageId })}
                    presetId={presetId}
                    productId={t === "social-proof" ? productId : null}
                    label={`${TEMPLATE_LABELS[t].label} preview`}
                    delayMs={150}
                    testId={`${name}-${t}-preview`}
                  />
                ) : (
                  <Skeleton className="aspect-square w-full" />
                )}
              </div>
              <div className="flex flex-1 flex-col p-2.5 sm:p-3">
                <span className="flex items-center justify-between gap-2">
                  <span className="text-sm font-semibold text-fg">{TEMPLATE_LABELS[t].label}</span>
                  <span
                    aria-hidden
                    className={cx(
                      "grid size-5 shrink-0 place-items-center rounded-full border-2",
                      checked ? "border-brand bg-brand" : "border-line",
                    )}
                  >
                    {checked && <span className="size-2 rounded-full bg-white" />}
                  </span>
                </span>
                <span id={`${name}-${t}-blurb`} className={cx("mt-1 text-xs leading-snug sm:text-[13px]", disabledReason ? "text-warning" : "text-muted")}>
                  {disabledReason ? (
                    <span className="flex items-start gap-1">
                      <Lock aria-hidden className="mt-0.5 size-3 shrink-0" />
                      {disabledReason}
                    </span>
                  ) : (
                    !compact && TEMPLATE_LABELS[t].blurb
                  )}
                </span>
              </div>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
