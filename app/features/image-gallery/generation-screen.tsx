/**
 * /image-generation: make images from a prompt. Size, how many, a style, and optionally one of
 * the merchant's product photos composed onto the backdrop. Results show the generator's notes
 * as they are (the offline compositor says it drew a designed backdrop, not a photo); the
 * history lists earlier prompts to use again.
 */
import { Link, useSearchParams } from "@remix-run/react";
import { History, Sparkles, Upload } from "lucide-react";
import { useEffect, useId, useMemo, useState } from "react";
import { DESIGN_LIMITS, IMAGE_STYLES, VISUAL_PRESETS, type ImageStyle, type VisualPresetId } from "~/domain/images";
import { useSubscription, useUsageSummary } from "~/features/account";
import { createImages } from "~/features/images";
import { Button, Chip, PageHeader, RadioGroup, Select, Skeleton, Textarea, Tile, cx } from "~/ui";
import { plural, promptHistory, shortDate, STYLE_LABELS } from "./gallery-logic";
import { CapabilitiesBanner, ChargeNote, ImagePicker, ProblemNote, ResultGrid, WorkingNote } from "./parts";
import { useCapabilities, useImageList } from "./use-images";
import { useElapsed, useGeneration } from "./use-generation";

const MIN_PROMPT = 3;

export function GenerationScreen() {
  const [params] = useSearchParams();
  const [prompt, setPrompt] = useState(() => (params.get("prompt") ?? "").slice(0, DESIGN_LIMITS.prompt));
  const [size, setSize] = useState<VisualPresetId>("instagram-post");
  const [count, setCount] = useState(1);
  const [style, setStyle] = useState<ImageStyle>("studio");
  const [photoId, setPhotoId] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const caps = useCapabilities();
  const { isFree } = useSubscription();
  const usage = useUsageSummary();
  const left = usage.summary?.remaining?.images;
  const max = Math.max(1, caps.data?.maxImagesPerRequest ?? 4);
  useEffect(() => setCount((c) => Math.min(c, max)), [max]);

  const gen = useGeneration(createImages, "Couldn’t generate");
  const seconds = useElapsed(gen.pending);
  const ids = { prompt: useId(), count: useId(), size: useId(), hint: useId() };

  const trimmed = prompt.trim();
  const tooShort = trimmed.length < MIN_PROMPT;
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (tooShort) return;
    gen.run({ prompt: trimmed, style, sizes: [size], count, ...(photoId ? { sourceImageIds: [photoId] } : {}) });
  };

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8" data-testid="generation-screen">
      <PageHeader
        title="Image generation"
        description="Describe a scene or backdrop; add one of your product photos to place it in front. Every image lands in your gallery."
        actions={
          <Link to="/images" className="text-sm font-medium text-brand hover:underline">
            Open the gallery
          </Link>
        }
      />
      <div className="mt-6">
        <CapabilitiesBanner>
          {isFree
            ? "Generating is part of the Growth and Elite plans."
            : left !== undefined
              ? `${plural(left, "image")} left today`
              : null}
        </CapabilitiesBanner>
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)]">
        <form
          onSubmit={submit}
          className="min-w-0 space-y-5 rounded-2xl border border-line bg-surface p-4 sm:p-6"
          noValidate
        >
          <div>
            <div className="flex items-baseline justify-between gap-3">
              <label htmlFor={ids.prompt} className="text-sm font-medium text-fg">
                Prompt
              </label>
              <span
                id={ids.hint}
                className={cx(
                  "text-xs tabular-nums",
                  prompt.length >= DESIGN_LIMITS.prompt ? "text-warning" : "text-subtle",
                )}
                data-testid="prompt-count"
              >
                {prompt.length.toLocaleString("en-US")} / {DESIGN_LIMITS.prompt.toLocaleString("en-US")}
              </span>
            </div>
            <Textarea
              id={ids.prompt}
              value={prompt}
              maxLength={DESIGN_LIMITS.prompt}
              onChange={(e) => setPrompt(e.target.value)}
              rows={4}
              placeholder="A sunlit marble countertop with soft shadows and a sprig of eucalyptus"
              aria-describedby={ids.hint}
              aria-invalid={touched && tooShort ? true : undefined}
              className="mt-1.5"
              data-testid="prompt-input"
            />
            {touched && tooShort && (
              <p className="mt-1 text-xs text-danger" role="alert">
                Describe the image in a few words ({MIN_PROMPT} characters at least).
              </p>
            )}
          </div>

          <div className="grid gap-4 2xl:grid-cols-[minmax(0,1fr)_auto]">
            <div className="min-w-0">
              <label htmlFor={ids.size} className="mb-1.5 block text-sm font-medium text-fg">
                Size
              </label>
              <Select
                id={ids.size}
                value={size}
                onChange={(e) => setSize(e.target.value as VisualPresetId)}
                data-testid="size-select"
              >
                {VISUAL_PRESETS.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.label} · {p.width}×{p.height}
                  </option>
                ))}
              </Select>
            </div>
            <fieldset className="min-w-0">
              <legend className="mb-1.5 block text-sm font-medium text-fg">How many</legend>
              <RadioGroup aria-label="How many images" className="flex flex-wrap gap-1.5">
                {Array.from({ length: max }, (_, i) => i + 1).map((n) => (
                  <Tile
                    key={n}
                    role="radio"
                    radius="lg"
                    aria-checked={count === n}
                    onClick={() => setCount(n)}
                    className="grid h-11 min-w-11 place-items-center px-3 text-sm font-semibold tabular-nums"
                    data-testid={`count-${n}`}
                  >
                    {n}
                  </Tile>
                ))}
              </RadioGroup>
            </fieldset>
          </div>

          <fieldset>
            <legend className="mb-1.5 block text-sm font-medium text-fg">Style</legend>
            <RadioGroup aria-label="Style" className="flex flex-wrap gap-1.5">
              {IMAGE_STYLES.map((s) => (
                <Chip key={s} role="radio" aria-checked={style === s} onClick={() => setStyle(s)}>
                  {STYLE_LABELS[s]}
                </Chip>
              ))}
            </RadioGroup>
          </fieldset>

          <ImagePicker
            kind="upload"
            value={photoId}
            onChange={(img) => setPhotoId(img?.id ?? null)}
            allowUpload
            label="Product photo (optional)"
            emptyText={
              <>
                <Upload aria-hidden className="mx-auto mb-1.5 size-5 text-subtle" />
                No product photos yet. Upload one (PNG, JPEG or WebP, up to 10 MB) to place it in front of the backdrop.
              </>
            }
          />

          <div className="flex flex-col gap-3 border-t border-line pt-5 sm:flex-row sm:items-center">
            <Button
              type="submit"
              size="lg"
              loading={gen.pending}
              icon={<Sparkles aria-hidden className="size-4" />}
              data-testid="generate-button"
            >
              Generate {plural(count, "image")}
            </Button>
            <p className="text-xs text-subtle">
              Counts {plural(count, "image")} of your daily allowance. Nothing is counted if it fails.
            </p>
          </div>
        </form>

        <div className="min-w-0 space-y-6">
          <section aria-labelledby="results-heading" className="space-y-3">
            <h2 id="results-heading" className="text-lg font-semibold tracking-tight text-fg">
              Results
            </h2>
            {gen.pending && <WorkingNote what={`Making ${plural(count, "image")}…`} seconds={seconds} />}
            <ProblemNote title="Couldn’t generate" message={gen.problem} />
            {gen.result && <ChargeNote charged={gen.result.charged} />}
            {gen.pending || gen.result ? (
              <ResultGrid images={gen.result?.data ?? []} pending={gen.pending} pendingCount={count} />
            ) : (
              !gen.problem && (
                <p className="rounded-2xl border border-dashed border-line px-4 py-10 text-center text-sm text-muted">
                  Your images appear here, and in your gallery.
                </p>
              )
            )}
          </section>
          <PromptHistory
            onPick={(p, s) => {
              setPrompt(p.slice(0, DESIGN_LIMITS.prompt));
              if (s && (IMAGE_STYLES as readonly string[]).includes(s)) setStyle(s as ImageStyle);
              document.getElementById(ids.prompt)?.focus();
            }}
          />
        </div>
      </div>
    </div>
  );
}

function PromptHistory({ onPick }: { onPick: (prompt: string, style: string | null) => void }) {
  const list = useImageList({ kind: "generated", limit: 100 });
  const entries = useMemo(() => promptHistory(list.data?.data ?? []), [list.data]);
  return (
    <section aria-labelledby="history-heading" className="space-y-3" data-testid="prompt-history">
      <h2 id="history-heading" className="flex items-center gap-2 text-lg font-semibold tracking-tight text-fg">
        <History aria-hidden className="size-4 text-subtle" /> Your prompts
      </h2>
      {list.isPending ? (
        <Skeleton lines={3} />
      ) : entries.length === 0 ? (
        <p className="text-sm text-muted">Prompts you generate from are kept here to use again.</p>
      ) : (
        <ul className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface">
          {entries.map((e) => (
            <li key={e.prompt}>
              <Tile
                surface="plain"
                radius="none"
                onClick={() => onPick(e.prompt, e.style)}
                className="flex w-full items-center gap-3 px-3 py-2.5"
                data-testid="history-prompt"
              >
                <img
                  src={e.thumbnailUrl}
                  alt=""
                  loading="lazy"
                  className="size-11 shrink-0 rounded-md bg-surface-2 object-cover"
                />
                <span className="min-w-0 flex-1">
                  <span className="line-clamp-2 text-sm text-fg">{e.prompt}</span>
                  <span className="mt-0.5 block text-xs text-subtle">
                    {plural(e.count, "image")} · {shortDate(e.lastUsed)}
                    {e.style ? ` · ${STYLE_LABELS[e.style] ?? e.style}` : ""}
                  </span>
                </span>
                <span className="shrink-0 text-xs font-medium text-brand">Use</span>
              </Tile>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
