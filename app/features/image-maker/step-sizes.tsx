/**
 * Step 4, sizes: every platform preset as a checkbox card (its name, platform, pixel size and
 * a box in its proportions), how many variations of each, and what that spends of today's
 * allowance.
 */
import { Check, Minus, Plus } from "lucide-react";
import { countOf } from "~/domain/counters";
import { VISUAL_PRESETS, type VisualPresetId } from "~/domain/images";
import { IconButton, cx } from "~/ui";
import { Section } from "./copy-form";
import { useRemaining } from "./use-image-data";
import { imagesToMake, type WizardDraft } from "./wizard-logic";

export function PresetBox({ width, height, max = 44 }: { width: number; height: number; max?: number }) {
  const r = width / height;
  const w = r >= 1 ? max : Math.round(max * r);
  const h = r >= 1 ? Math.round(max / r) : max;
  return (
    <span aria-hidden className="grid shrink-0 place-items-center" style={{ width: max, height: max }}>
      <span className="rounded-md border-2 border-current bg-current/10" style={{ width: w, height: h }} />
    </span>
  );
}

export function UsageLine({ counter, using, isFree }: { counter: "images" | "marketingVisuals"; using: number; isFree: boolean }) {
  const left = useRemaining(counter);
  if (isFree)
    return <p className="text-sm text-muted" data-testid="im-usage-line">Generating is part of the Growth and Elite plans; previews are free.</p>;
  if (!left) return <p className="h-5 text-sm text-subtle" data-testid="im-usage-line" />;
  const over = using > left.remaining;
  return (
    <p className={cx("text-sm", over ? "text-danger" : "text-muted")} data-testid="im-usage-line">
      This will use <strong className="text-fg">{countOf(counter, using)}</strong> of your {left.remaining} left today.
      {over && " That is more than you have left: pick fewer sizes or variations."}
    </p>
  );
}

export function SizesStep({
  draft,
  update,
  maxCount,
  isFree,
}: {
  draft: WizardDraft;
  update: (change: Partial<WizardDraft>) => void;
  maxCount: number;
  isFree: boolean;
}) {
  const toggle = (id: VisualPresetId) =>
    update({ sizes: draft.sizes.includes(id) ? draft.sizes.filter((s) => s !== id) : VISUAL_PRESETS.map((p) => p.id).filter((p) => p === id || draft.sizes.includes(p)) });
  const total = imagesToMake(draft);
  return (
    <div className="space-y-5">
      <fieldset>
        <legend className="mb-3 text-sm font-semibold text-fg">Where will you post it?</legend>
        <div className="grid gap-3 min-[480px]:grid-cols-2 lg:grid-cols-3">
          {VISUAL_PRESETS.map((p) => {
            const checked = draft.sizes.includes(p.id);
            return (
              <label
                key={p.id}
                className={cx(
                  "flex cursor-pointer items-center gap-3 rounded-2xl border p-3 transition-colors focus-within:ring-3 focus-within:ring-brand/35",
                  checked ? "border-brand bg-brand-soft/30 text-brand" : "border-line bg-surface text-subtle hover:border-brand/40",
                )}
                data-testid={`im-size-${p.id}`}
                data-checked={checked || undefined}
              >
                <input type="checkbox" className="sr-only" checked={checked} onChange={() => toggle(p.id)} />
                <PresetBox width={p.width} height={p.height} />
                <span className="min-w-0 flex-1">
                  <span className="block text-sm font-semibold text-fg">{p.label}</span>
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
              </label>
            );
          })}
        </div>
      </fieldset>
      <Section title="Variations" description="Each variation changes the layout and backdrop a little, in every size you picked.">
        <div className="flex flex-wrap items-center gap-4">
          <div className="flex items-center gap-1 rounded-xl border border-line bg-bg-elevated p-1">
            <IconButton size="sm" label="One fewer variation" disabled={draft.count <= 1} onClick={() => update({ count: draft.count - 1 })} data-testid="im-count-less">
              <Minus aria-hidden className="size-4" />
            </IconButton>
            <output className="w-10 text-center text-base font-semibold tabular-nums text-fg" aria-live="polite" data-testid="im-count">
              {draft.count}
            </output>
            <IconButton size="sm" label="One more variation" disabled={draft.count >= maxCount} onClick={() => update({ count: draft.count + 1 })} data-testid="im-count-more">
              <Plus aria-hidden className="size-4" />
            </IconButton>
          </div>
          <p className="text-sm text-muted">
            {draft.count === 1 ? "1 variation" : `${draft.count} variations`} per size
            {isFree ? " · up to 4 on Growth, 8 on Elite" : ` · up to ${maxCount} on your plan`}
          </p>
        </div>
        <div className="rounded-xl bg-surface-2 px-3 py-2.5">
          <p className="text-sm font-semibold text-fg" data-testid="im-total">
            {draft.sizes.length} {draft.sizes.length === 1 ? "size" : "sizes"} × {draft.count} = {countOf("images", total)}
          </p>
          <UsageLine counter="images" using={total} isFree={isFree} />
        </div>
      </Section>
    </div>
  );
}
