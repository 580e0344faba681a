/**
 * /enhanced-image-generation: variations of an image, a 2× upscale where the provider can, and
 * batches (one template across up to 12 catalog products and several sizes). Each is metered
 * and says what it counted; refusals are named.
 */
import { Link } from "@remix-run/react";
import { Layers, Maximize2, Shuffle, X } from "lucide-react";
import { useState } from "react";
import type { Image } from "~/domain/contracts/images";
import {
  BATCH_PRODUCTS_MAX,
  TEMPLATE_LABELS,
  VISUAL_PRESETS,
  VISUAL_TEMPLATES,
  type VisualPresetId,
  type VisualTemplate,
} from "~/domain/images";
import { useSubscription } from "~/features/account";
import { createBatch, createVariations, upscaleImage, type GeneratedImages } from "~/features/images";
import { Button, IconButton, PageHeader, RadioGroup, Tabs, TabsContent, TabsList, TabsTrigger, Tile } from "~/ui";
import { plural } from "./gallery-logic";
import {
  CapabilitiesBanner,
  ChargeNote,
  ImagePicker,
  ProblemNote,
  ProductSearch,
  ResultGrid,
  WorkingNote,
  type CatalogProduct,
} from "./parts";
import { useCapabilities } from "./use-images";
import { useElapsed, useGeneration } from "./use-generation";

export function EnhancedScreen() {
  const [tab, setTab] = useState("variations");
  const { isFree } = useSubscription();
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8" data-testid="enhanced-screen">
      <PageHeader
        title="Enhanced image generation"
        description="New takes on an image you like, sharper large versions, and the same design across many products at once."
        actions={
          <Link to="/images" className="text-sm font-medium text-brand hover:underline">
            Open the gallery
          </Link>
        }
      />
      <div className="mt-6">
        <CapabilitiesBanner>
          {isFree ? "Variations, upscales and batches are part of the Growth and Elite plans." : null}
        </CapabilitiesBanner>
      </div>
      <Tabs value={tab} onValueChange={setTab} className="mt-6">
        <TabsList aria-label="Tools" className="flex w-full sm:inline-flex sm:w-auto">
          <TabsTrigger value="variations" className="flex-1 gap-1.5 sm:flex-none" data-testid="tab-variations">
            <Shuffle aria-hidden className="size-4" /> Variations
          </TabsTrigger>
          <TabsTrigger value="upscale" className="flex-1 gap-1.5 sm:flex-none" data-testid="tab-upscale">
            <Maximize2 aria-hidden className="size-4" /> Upscale
          </TabsTrigger>
          <TabsTrigger value="batch" className="flex-1 gap-1.5 sm:flex-none" data-testid="tab-batch">
            <Layers aria-hidden className="size-4" /> Batch
          </TabsTrigger>
        </TabsList>
        <TabsContent value="variations">
          <VariationsTab />
        </TabsContent>
        <TabsContent value="upscale">
          <UpscaleTab />
        </TabsContent>
        <TabsContent value="batch">
          <BatchTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}

function Panel({ children, aside }: { children: React.ReactNode; aside: React.ReactNode }) {
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)]">
      <div className="min-w-0 space-y-5 rounded-2xl border border-line bg-surface p-4 sm:p-6">{children}</div>
      <section className="min-w-0 space-y-3" aria-label="Results">
        {aside}
      </section>
    </div>
  );
}

function Outcome({
  gen,
  what,
  failed,
  count,
}: {
  gen: { pending: boolean; result: GeneratedImages | null; problem: string | null };
  what: string;
  failed: string;
  count: number;
}) {
  const seconds = useElapsed(gen.pending);
  return (
    <>
      <h2 className="text-lg font-semibold tracking-tight text-fg">Results</h2>
      {gen.pending && <WorkingNote what={what} seconds={seconds} />}
      <ProblemNote title={failed} message={gen.problem} />
      {gen.result && <ChargeNote charged={gen.result.charged} />}
      {gen.pending || gen.result ? (
        <ResultGrid images={gen.result?.data ?? []} pending={gen.pending} pendingCount={Math.min(count, 6)} />
      ) : (
        !gen.problem && (
          <p className="rounded-2xl border border-dashed border-line px-4 py-10 text-center text-sm text-muted">
            New images appear here, and in your gallery.
          </p>
        )
      )}
    </>
  );
}

function CountPicker({
  value,
  onChange,
  max,
  label,
}: {
  value: number;
  onChange: (n: number) => void;
  max: number;
  label: string;
}) {
  return (
    <fieldset>
      <legend className="mb-1.5 block text-sm font-medium text-fg">{label}</legend>
      <RadioGroup aria-label={label} className="flex flex-wrap gap-1.5">
        {Array.from({ length: max }, (_, i) => i + 1).map((n) => (
          <Tile
            key={n}
            role="radio"
            radius="lg"
            aria-checked={value === n}
            onClick={() => onChange(n)}
            className="grid h-11 min-w-11 place-items-center px-3 text-sm font-semibold tabular-nums"
          >
            {n}
          </Tile>
        ))}
      </RadioGroup>
    </fieldset>
  );
}

const NO_IMAGES = (
  <>
    No generated images yet. Make one in the{" "}
    <Link to="/image-maker" className="font-medium text-brand hover:underline">
      Image Maker
    </Link>{" "}
    or from a{" "}
    <Link to="/image-generation" className="font-medium text-brand hover:underline">
      prompt
    </Link>
    .
  </>
);

function VariationsTab() {
  const caps = useCapabilities();
  const max = Math.max(1, caps.data?.maxImagesPerRequest ?? 4);
  const [image, setImage] = useState<Image | null>(null);
  const [count, setCount] = useState(2);
  const n = Math.min(count, max);
  const gen = useGeneration(
    ({ id, count }: { id: string; count: number }) => createVariations(id, count),
    "Couldn’t make variations",
  );
  const unsupported = caps.data && !caps.data.canVary;
  return (
    <Panel
      aside={
        <Outcome gen={gen} what={`Making ${plural(n, "variation")}…`} failed="Couldn’t make variations" count={n} />
      }
    >
      <p className="text-sm text-muted">
        Pick an image: each variation keeps its design and copy and changes the layout, backdrop and accents, so you can
        test what sells.
      </p>
      <ImagePicker
        value={image?.id ?? null}
        onChange={setImage}
        label="Image to vary"
        emptyText={NO_IMAGES}
        filter={(i) => i.kind !== "upload"}
      />
      <CountPicker value={n} onChange={setCount} max={max} label="How many variations" />
      {unsupported && <p className="text-sm text-warning">The configured image provider cannot make variations.</p>}
      <Button
        size="lg"
        disabled={!image || Boolean(unsupported)}
        loading={gen.pending}
        onClick={() => image && gen.run({ id: image.id, count: n })}
        icon={<Shuffle aria-hidden className="size-4" />}
        data-testid="variations-button"
      >
        Make {plural(n, "variation")}
      </Button>
    </Panel>
  );
}

function UpscaleTab() {
  const caps = useCapabilities();
  const [image, setImage] = useState<Image | null>(null);
  const gen = useGeneration((id: string) => upscaleImage(id), "Couldn’t upscale");
  const can = Boolean(caps.data?.canUpscale);
  const compositor = caps.data?.provider !== "model";
  const cannot =
    image && compositor && !image.design
      ? "This image has no design to re-render (a photo or a scene): the compositor can only upscale its own designs."
      : null;
  return (
    <Panel aside={<Outcome gen={gen} what="Rendering at 2×…" failed="Couldn’t upscale" count={1} />}>
      <div className="space-y-2 text-sm text-muted">
        <p>
          Upscaling makes a version twice as wide and tall. The built-in compositor does it by re-rendering a design at
          2× from its vector source, so text and shapes stay crisp.
        </p>
        <p>Photos and scenes have no vector source: the compositor cannot upscale them.</p>
      </div>
      {caps.data && !can ? (
        <p
          className="rounded-xl border border-line bg-bg-elevated px-4 py-3 text-sm text-fg"
          data-testid="upscale-unavailable"
        >
          The configured image provider does not upscale.
        </p>
      ) : (
        <>
          <ImagePicker
            value={image?.id ?? null}
            onChange={setImage}
            label="Image to upscale"
            emptyText={NO_IMAGES}
            filter={(i) => i.kind !== "upload" && (!compositor || Boolean(i.design))}
          />
          {cannot && <p className="text-sm text-warning">{cannot}</p>}
          {image && (
            <p className="text-sm text-muted">
              {image.width}×{image.height} →{" "}
              <strong className="text-fg">
                {image.width * 2}×{image.height * 2}
              </strong>
            </p>
          )}
        </>
      )}
      <Button
        size="lg"
        disabled={!can || !image || Boolean(cannot)}
        loading={gen.pending}
        onClick={() => image && gen.run(image.id)}
        icon={<Maximize2 aria-hidden className="size-4" />}
        data-testid="upscale-button"
      >
        Upscale 2×
      </Button>
    </Panel>
  );
}

function BatchTab() {
  const [products, setProducts] = useState<CatalogProduct[]>([]);
  const [template, setTemplate] = useState<VisualTemplate>("studio");
  const [sizes, setSizes] = useState<VisualPresetId[]>(["instagram-post"]);
  const gen = useGeneration(createBatch, "Couldn’t make the batch");
  const total = products.length * sizes.length;
  const picked = new Set(products.map((p) => p.id));
  const toggle = (p: CatalogProduct) =>
    setProducts((list) =>
      list.some((x) => x.id === p.id) ? list.filter((x) => x.id !== p.id) : [...list, p].slice(0, BATCH_PRODUCTS_MAX),
    );
  const toggleSize = (id: VisualPresetId) => setSizes((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));

  return (
    <Panel
      aside={
        <Outcome gen={gen} what={`Making ${plural(total, "image")}…`} failed="Couldn’t make the batch" count={total} />
      }
    >
      <div>
        <ProductSearch
          label={`Products (${products.length} of ${BATCH_PRODUCTS_MAX})`}
          selected={picked}
          onToggle={toggle}
          disabledReason={
            products.length >= BATCH_PRODUCTS_MAX ? `A batch holds ${BATCH_PRODUCTS_MAX} products at most.` : null
          }
        />
        {products.length > 0 && (
          <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Picked products">
            {products.map((p) => (
              <li
                key={p.id}
                className="flex max-w-full items-center gap-1 rounded-full border border-line bg-bg-elevated py-0.5 pl-2.5 pr-1 text-xs text-fg"
              >
                <span className="truncate">{p.name}</span>
                <IconButton size="xs" shape="round" onClick={() => toggle(p)} label={`Remove ${p.name}`}>
                  <X aria-hidden className="size-3" />
                </IconButton>
              </li>
            ))}
          </ul>
        )}
      </div>

      <fieldset>
        <legend className="mb-1.5 block text-sm font-medium text-fg">Template</legend>
        <RadioGroup aria-label="Template" className="grid gap-2 sm:grid-cols-2">
          {VISUAL_TEMPLATES.map((t) => (
            <Tile key={t} role="radio" aria-checked={template === t} onClick={() => setTemplate(t)} className="px-3 py-2">
              <span className="block text-sm font-semibold text-fg">{TEMPLATE_LABELS[t].label}</span>
              <span className="block text-xs text-muted">{TEMPLATE_LABELS[t].blurb}</span>
            </Tile>
          ))}
        </RadioGroup>
      </fieldset>

      <fieldset>
        <legend className="mb-1.5 block text-sm font-medium text-fg">Sizes</legend>
        <div className="grid gap-1.5 sm:grid-cols-2">
          {VISUAL_PRESETS.map((p) => (
            <label
              key={p.id}
              className="flex cursor-pointer items-center gap-2 rounded-lg border border-line px-3 py-2 text-sm text-fg hover:border-subtle/60"
            >
              <input
                type="checkbox"
                checked={sizes.includes(p.id)}
                onChange={() => toggleSize(p.id)}
                className="size-4 accent-[var(--color-brand)]"
              />
              <span className="min-w-0 flex-1 truncate">{p.label}</span>
              <span className="text-xs tabular-nums text-subtle">
                {p.width}×{p.height}
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      <div className="flex flex-col gap-2 border-t border-line pt-5 sm:flex-row sm:items-center">
        <Button
          size="lg"
          disabled={products.length === 0 || sizes.length === 0}
          loading={gen.pending}
          onClick={() => gen.run({ template, productIds: products.map((p) => p.id), sizes })}
          icon={<Layers aria-hidden className="size-4" />}
          data-testid="batch-button"
        >
          Make {plural(total, "image")}
        </Button>
        <p className="text-xs text-subtle">
          {products.length} {products.length === 1 ? "product" : "products"} × {plural(sizes.length, "size")}: copy,
          price and photo from each product and your brand.
        </p>
      </div>
    </Panel>
  );
}
