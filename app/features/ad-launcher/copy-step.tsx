/**
 * Step 4: three copy variants written from the product's record and the project canon (the server
 * says which facts it used and where they came from), each field editable with a counter against
 * Meta's length guidance, and the call to action.
 */
import { FileText, RefreshCw, Wand2 } from "lucide-react";
import { useId } from "react";
import { AD_CALLS_TO_ACTION, AD_COPY_LIMITS, copyLengthState, type AdCallToAction, type AdCopyField } from "~/domain/ad-launcher";
import { errorMessage } from "~/lib/http";
import { Badge, Button, cx, Field, Input, Select, Textarea } from "~/ui";
import type { WrittenAdCopy } from "./launcher-client";
import type { CopyDraft } from "./launcher-logic";

const nf = new Intl.NumberFormat("en-US");

/** "42 / 125" against Meta's recommended length: amber past it (may be cut off), red past the cap. */
export function CopyCounter({ id, field, text }: { id: string; field: AdCopyField; text: string }) {
  const state = copyLengthState(field, text.trim());
  const { recommended, max } = AD_COPY_LIMITS[field];
  const length = [...text.trim()].length;
  return (
    <p id={id} aria-live="polite" className={cx("text-xs tabular-nums", state === "over" ? "font-medium text-danger" : state === "long" ? "text-warning" : "text-subtle")} data-state={state}>
      {nf.format(length)} / {nf.format(recommended)}
      {state === "long" && " · past Meta's guidance, may be cut off"}
      {state === "over" && ` · over the ${nf.format(max)} cap`}
    </p>
  );
}

function CopyField({ field, value, onChange, testId }: { field: AdCopyField; value: string; onChange: (v: string) => void; testId: string }) {
  const counterId = useId();
  const label = AD_COPY_LIMITS[field].label;
  const control =
    field === "primaryText" ? (
      <Textarea value={value} onChange={(e) => onChange(e.target.value)} rows={3} aria-describedby={counterId} data-testid={testId} />
    ) : (
      <Input value={value} onChange={(e) => onChange(e.target.value)} aria-describedby={counterId} data-testid={testId} />
    );
  return (
    <div>
      <Field label={label} error={value.trim() ? undefined : `${label} cannot be empty.`}>
        {control}
      </Field>
      <CopyCounter id={counterId} field={field} text={value} />
    </div>
  );
}

export function CopyStep({
  copy,
  onCopy,
  written,
  writing,
  writeError,
  onWrite,
  callToAction,
  onCallToAction,
}: {
  copy: CopyDraft[];
  onCopy: (copy: CopyDraft[]) => void;
  written: WrittenAdCopy | null;
  writing: boolean;
  writeError: unknown;
  onWrite: () => void;
  callToAction: AdCallToAction;
  onCallToAction: (cta: AdCallToAction) => void;
}) {
  const edit = (i: number, patch: Partial<CopyDraft>) => onCopy(copy.map((v, j) => (j === i ? { ...v, ...patch } : v)));
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={onWrite} loading={writing} variant={copy.length ? "secondary" : "primary"} icon={copy.length ? <RefreshCw aria-hidden className="size-4" /> : <Wand2 aria-hidden className="size-4" />} data-testid="write-copy">
          {copy.length ? "Write again" : "Write three variants"}
        </Button>
        {written && (
          <span className="text-xs text-muted">
            Written by {written.writer === "model" ? "the AI model, checked against the record" : "the built-in writer"} from the facts below. Edit anything.
          </span>
        )}
      </div>
      {writeError != null && (
        <p role="alert" className="rounded-xl border border-danger/30 bg-danger/5 px-3.5 py-2.5 text-sm text-danger">
          The copy could not be written: {errorMessage(writeError, "please try again")}.
        </p>
      )}
      {written && written.facts.length > 0 && (
        <details className="rounded-xl border border-line bg-bg-elevated/60 text-sm" data-testid="copy-facts">
          <summary className="flex cursor-pointer list-none items-center gap-2 px-3.5 py-2.5 font-medium text-fg [&::-webkit-details-marker]:hidden">
            <FileText aria-hidden className="size-4 text-brand" /> Facts the copy may use ({written.facts.length})
          </summary>
          <dl className="grid gap-2 px-3.5 pb-3.5 sm:grid-cols-2">
            {written.facts.map((f) => (
              <div key={`${f.label}-${f.value}`} className="min-w-0">
                <dt className="text-xs text-subtle">{f.label} · {f.source}</dt>
                <dd className="break-words text-fg">{f.value}</dd>
              </div>
            ))}
          </dl>
        </details>
      )}
      {copy.length > 0 && (
        <ol className="grid gap-4 lg:grid-cols-3" data-testid="copy-variants">
          {copy.map((v, i) => (
            <li key={i} className={cx("rounded-2xl border bg-surface p-4", v.included ? "border-line" : "border-dashed border-line opacity-70")} data-testid="copy-variant">
              <div className="mb-3 flex items-center justify-between gap-2">
                <p className="text-sm font-semibold text-fg">Variant {i + 1}</p>
                <label className="inline-flex items-center gap-2 text-xs text-muted">
                  <input type="checkbox" checked={v.included} onChange={(e) => edit(i, { included: e.target.checked })} className="size-4 accent-[var(--color-brand,#6d5dfc)]" />
                  Use in the launch
                </label>
              </div>
              <div className="space-y-3">
                <CopyField field="primaryText" value={v.primaryText} onChange={(t) => edit(i, { primaryText: t })} testId={`copy-primary-${i}`} />
                <CopyField field="headline" value={v.headline} onChange={(t) => edit(i, { headline: t })} testId={`copy-headline-${i}`} />
                <CopyField field="description" value={v.description} onChange={(t) => edit(i, { description: t })} testId={`copy-description-${i}`} />
              </div>
            </li>
          ))}
        </ol>
      )}
      <div className="max-w-xs">
        <Field label="Call to action" hint="The button under the ad, from Meta's list.">
          <Select value={callToAction} onChange={(e) => onCallToAction(e.target.value as AdCallToAction)} data-testid="call-to-action">
            {AD_CALLS_TO_ACTION.map((c) => (
              <option key={c.value} value={c.value}>{c.label}</option>
            ))}
          </Select>
        </Field>
      </div>
      {copy.length === 0 && !writing && <p className="text-sm text-muted"><Badge>Tip</Badge> The copy is written only from the product's record and your project canon: no invented reviews or figures.</p>}
    </div>
  );
}
