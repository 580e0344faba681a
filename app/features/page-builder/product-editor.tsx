/**
 * The product panel: what was extracted, for the merchant to correct. Title, images, prices,
 * options and variants, specs, box contents, supplier description, the buy button's address and
 * the SEO fields.
 */
import { Link } from "@remix-run/react";
import { useQuery } from "@tanstack/react-query";
import { Plus, Star } from "lucide-react";
import { useState, type FormEvent } from "react";
import { fetchProjects, projectKeys } from "~/features/projects";
import type { PageProduct } from "~/domain/contracts/pages";

type PageVariant = PageProduct["variants"][number];
import { Badge, Button, Field, Input, Textarea, cx } from "~/ui";
import { fieldId, moveItem, moneyText, parseMoney, retitle, type PageDoc } from "./editor-logic";
import { ListingDetails } from "./listing-details";
import { IMAGE_ALT_MAX, PAGE_IMAGES_MAX, PAGE_VARIANTS_MAX } from "./page-limits";
import { Card, ImageTile, MoveButtons, ParsedField, ParsedInput, RemoveButton } from "./parts";
import type { PageEditor } from "./use-page-editor";

export { fieldId };


const CURRENCIES = [
  "USD",
  "EUR",
  "GBP",
  "CAD",
  "AUD",
  "NZD",
  "CHF",
  "SEK",
  "NOK",
  "DKK",
  "PLN",
  "JPY",
  "INR",
  "BRL",
  "MXN",
  "ZAR",
  "SGD",
  "HKD",
  "AED",
];

type Change = PageEditor["change"];

function useProduct(change: Change) {
  return (update: (p: PageProduct) => PageProduct, key: string | null) =>
    change((d) => ({ ...d, product: update(d.product) }), key);
}

const isHttp = (v: string) => /^https?:\/\/\S+$/i.test(v.trim());

/**
 * What the audit's fix would write for an image without alt text (the title, then "title, photo
 * n of m"): offered as the placeholder, saved only when the merchant types.
 */
const altSuggestion = (title: string, index: number, count: number) =>
  index === 0 ? title : `${title}, photo ${index + 1} of ${count}`;

/** One image's alt text, in the page's seo.imageAlts under the image's address (the server's key). */
function AltField({
  url,
  index,
  count,
  alt,
  title,
  change,
}: {
  url: string;
  index: number;
  count: number;
  alt: string;
  title: string;
  change: Change;
}) {
  // The id a refusal naming seo.imageAlts.<address> focuses.
  const id = fieldId(`seo.imageAlts.${url}`);
  const counterId = `${id}-count`;
  return (
    <div className="mt-1.5 pl-12">
      <div className="mb-1 flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-xs font-medium text-muted">
          Alt text<span className="sr-only"> for image {index + 1}</span>
        </label>
        <span
          id={counterId}
          className={cx("text-[11px] tabular-nums", alt.length >= IMAGE_ALT_MAX ? "text-warning" : "text-subtle")}
        >
          {alt.length}/{IMAGE_ALT_MAX}
        </span>
      </div>
      <Input
        id={id}
        value={alt}
        maxLength={IMAGE_ALT_MAX}
        placeholder={
          title.trim() ? altSuggestion(title.trim(), index, count) : "Describe the photo for search and screen readers"
        }
        aria-describedby={counterId}
        className="h-9"
        data-testid="pb-image-alt"
        onChange={(e) => {
          const text = e.target.value;
          change((d) => {
            const imageAlts = { ...d.seo.imageAlts };
            // Cleared: the key goes, so the page falls back to the product title again.
            if (text.trim() === "") delete imageAlts[url];
            else imageAlts[url] = text;
            return { ...d, seo: { ...d.seo, imageAlts } };
          }, `alt-${url}`);
        }}
      />
    </div>
  );
}

function Images({
  images,
  alts,
  title,
  change,
}: {
  images: string[];
  alts: Record<string, string>;
  title: string;
  change: Change;
}) {
  const set = useProduct(change);
  const [url, setUrl] = useState("");
  const [error, setError] = useState<string | undefined>();
  const add = (e: FormEvent) => {
    e.preventDefault();
    const v = url.trim();
    if (!isHttp(v)) return setError("Paste an image address starting with https://");
    if (images.includes(v)) return setError("That image is already on the page.");
    if (images.length >= PAGE_IMAGES_MAX) return setError(`A page holds ${PAGE_IMAGES_MAX} images at most.`);
    set((p) => ({ ...p, images: [...p.images, v] }), null);
    setUrl("");
    setError(undefined);
  };
  return (
    <Card
      id="pb-images"
      title="Images"
      description="The first is the main image: the hero, the store listing and the link preview use it. Alt text describes each photo to search engines and screen readers; left empty, the page uses the product title."
    >
      {images.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line p-3 text-sm text-muted">
          No images yet. Add one by its address below.
        </p>
      ) : (
        <ol className="space-y-1.5" aria-label="Product images" data-testid="pb-images">
          {images.map((img, i) => (
            <li key={img} className="rounded-xl border border-line bg-bg-elevated px-2 py-2" data-testid="pb-image">
              <div className="flex items-center gap-1">
                <ImageTile url={img} main={i === 0} className="flex-1" />
                {i === 0 ? (
                  <Badge tone="brand" className="mr-1">
                    Main
                  </Badge>
                ) : (
                  <Button
                    size="sm"
                    variant="ghost"
                    icon={<Star className="size-3.5" aria-hidden />}
                    onClick={() => set((p) => ({ ...p, images: moveItem(p.images, i, 0) }), null)}
                    aria-label={`Make image ${i + 1} the main image`}
                  >
                    <span className="hidden sm:inline">Main</span>
                  </Button>
                )}
                <MoveButtons
                  index={i}
                  count={images.length}
                  label={`image ${i + 1}`}
                  onMove={(to) => set((p) => ({ ...p, images: moveItem(p.images, i, to) }), null)}
                />
                <RemoveButton
                  label={`Remove image ${i + 1}`}
                  onClick={() =>
                    change((d) => {
                      // The image's alt text goes with it.
                      const { [img]: _gone, ...imageAlts } = d.seo.imageAlts;
                      return {
                        ...d,
                        product: { ...d.product, images: d.product.images.filter((_, j) => j !== i) },
                        seo: { ...d.seo, imageAlts },
                      };
                    }, null)
                  }
                />
              </div>
              <AltField url={img} index={i} count={images.length} alt={alts[img] ?? ""} title={title} change={change} />
            </li>
          ))}
        </ol>
      )}
      <form onSubmit={add} className="mt-3 flex items-start gap-2">
        <Field label={<span className="sr-only">Image address</span>} error={error} className="min-w-0 flex-1">
          <Input
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            placeholder="https://cdn.example.com/image.jpg"
            inputMode="url"
            autoComplete="off"
            data-testid="pb-image-url"
          />
        </Field>
        <Button
          type="submit"
          variant="secondary"
          icon={<Plus className="size-4" aria-hidden />}
          className="mt-[26px] h-11"
        >
          Add
        </Button>
      </form>
    </Card>
  );
}

function MoneyField({ label, id, cents, onCents }: { label: string; id: string; cents: number | null; onCents: (v: number | null) => void }) {
  return (
    <ParsedField
      label={label}
      id={id}
      value={cents}
      format={moneyText}
      parse={parseMoney}
      onValue={onCents}
      invalidMessage="Type an amount like 19.99"
      inputMode="decimal"
      placeholder="0.00"
    />
  );
}

const splitValues = (text: string) => [
  ...new Set(
    text
      .split(",")
      .map((v) => v.trim())
      .filter(Boolean),
  ),
];

function Variants({ product, change }: { product: PageProduct; change: Change }) {
  const set = useProduct(change);
  const { options, variants } = product;
  const setOptions = (next: PageProduct["options"], key: string | null) =>
    set(
      (p) => ({
        ...p,
        options: next,
        variants: p.variants.map((v) => ({ ...v, optionValues: next.map((_, i) => v.optionValues[i] ?? "") })),
      }),
      key,
    );
  const setVariant = (i: number, patch: Partial<PageVariant>, key: string) =>
    set((p) => ({ ...p, variants: p.variants.map((v, j) => (j === i ? { ...v, ...patch } : v)) }), key);
  const blank: PageVariant = {
    title: "",
    optionValues: options.map(() => ""),
    priceCents: product.priceCents,
    compareAtPriceCents: null,
    sku: null,
    available: null,
  };
  return (
    <Card
      id="pb-variants"
      title="Options and variants"
      description="Options are what a buyer picks (Size, Colour); each variant is one combination with its own price and SKU."
    >
      <div className="space-y-2">
        {options.map((o, i) => (
          <div key={i} className="grid grid-cols-[minmax(0,7rem)_minmax(0,1fr)_auto] items-end gap-2">
            <Field label={i === 0 ? "Option" : <span className="sr-only">Option {i + 1}</span>}>
              <Input
                value={o.name}
                aria-label={`Option ${i + 1} name`}
                onChange={(e) =>
                  setOptions(
                    options.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)),
                    `opt-name-${i}`,
                  )
                }
                placeholder="Size"
              />
            </Field>
            <Field
              label={i === 0 ? "Values, separated by commas" : <span className="sr-only">Option {i + 1} values</span>}
            >
              <ParsedInput
                value={o.values}
                aria-label={`Option ${i + 1} values`}
                format={((v: string[]) => v.join(", ")) as (v: never) => string}
                parse={(t) => splitValues(t)}
                onValue={
                  ((values: string[]) =>
                    setOptions(
                      options.map((x, j) => (j === i ? { ...x, values } : x)),
                      `opt-values-${i}`,
                    )) as (v: never) => void
                }
                placeholder="S, M, L"
              />
            </Field>
            <div className="pb-1.5">
              <RemoveButton
                label={`Remove option ${o.name || i + 1}`}
                onClick={() =>
                  setOptions(
                    options.filter((_, j) => j !== i),
                    null,
                  )
                }
              />
            </div>
          </div>
        ))}
        {options.length < 3 && (
          <Button
            size="sm"
            variant="subtle"
            icon={<Plus className="size-3.5" aria-hidden />}
            onClick={() => setOptions([...options, { name: "", values: [] }], null)}
          >
            Add an option
          </Button>
        )}
      </div>

      <div className="mt-4 space-y-2" data-testid="pb-variants">
        {variants.length === 0 && (
          <p className="text-sm text-muted">No variants: the product sells as one item at its price.</p>
        )}
        {variants.map((v, i) => (
          <fieldset key={i} className="rounded-xl border border-line bg-bg-elevated p-3">
            <legend className="sr-only">Variant {i + 1}</legend>
            <div className="flex items-center justify-between gap-2">
              <span className="text-xs font-semibold uppercase tracking-wide text-subtle">Variant {i + 1}</span>
              <RemoveButton
                label={`Remove variant ${v.title || i + 1}`}
                onClick={() => set((p) => ({ ...p, variants: p.variants.filter((_, j) => j !== i) }), null)}
              />
            </div>
            <div className="mt-1 grid grid-cols-2 gap-2">
              <Field label="Title" className="col-span-2">
                <Input
                  value={v.title}
                  onChange={(e) => setVariant(i, { title: e.target.value }, `v-title-${i}`)}
                  placeholder="Red / Large"
                />
              </Field>
              {options.map((o, k) => (
                <Field key={k} label={o.name || `Option ${k + 1}`}>
                  <Input
                    value={v.optionValues[k] ?? ""}
                    list={`pb-opt-${k}`}
                    onChange={(e) =>
                      setVariant(
                        i,
                        { optionValues: options.map((_, x) => (x === k ? e.target.value : (v.optionValues[x] ?? ""))) },
                        `v-opt-${i}-${k}`,
                      )
                    }
                  />
                </Field>
              ))}
              <MoneyField
                label="Price"
                id={`pb-v-price-${i}`}
                cents={v.priceCents}
                onCents={(priceCents) => setVariant(i, { priceCents }, `v-price-${i}`)}
              />
              <Field label="SKU">
                <Input
                  value={v.sku ?? ""}
                  onChange={(e) => setVariant(i, { sku: e.target.value || null }, `v-sku-${i}`)}
                  autoComplete="off"
                  spellCheck={false}
                />
              </Field>
            </div>
          </fieldset>
        ))}
        {options.map((o, k) => (
          <datalist key={k} id={`pb-opt-${k}`}>
            {o.values.map((value) => (
              <option key={value} value={value} />
            ))}
          </datalist>
        ))}
        {variants.length < PAGE_VARIANTS_MAX && (
          <Button
            size="sm"
            variant="subtle"
            icon={<Plus className="size-3.5" aria-hidden />}
            onClick={() => set((p) => ({ ...p, variants: [...p.variants, blank] }), null)}
          >
            Add a variant
          </Button>
        )}
      </div>
    </Card>
  );
}

function Specs({ specs, change }: { specs: PageProduct["specs"]; change: Change }) {
  const set = useProduct(change);
  return (
    <Card
      id="pb-specs"
      title="Specs"
      description="Name and value rows, as the supplier states them (Material: aluminium)."
    >
      <div className="space-y-2">
        {specs.map((s, i) => (
          <div key={i} className="grid grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)_auto] items-center gap-2">
            <Input
              aria-label={`Spec ${i + 1} name`}
              value={s.name}
              placeholder="Material"
              onChange={(e) =>
                set(
                  (p) => ({ ...p, specs: p.specs.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)) }),
                  `spec-n-${i}`,
                )
              }
            />
            <Input
              aria-label={`Spec ${i + 1} value`}
              value={s.value}
              placeholder="Aluminium"
              onChange={(e) =>
                set(
                  (p) => ({ ...p, specs: p.specs.map((x, j) => (j === i ? { ...x, value: e.target.value } : x)) }),
                  `spec-v-${i}`,
                )
              }
            />
            <RemoveButton
              label={`Remove spec ${s.name || i + 1}`}
              onClick={() => set((p) => ({ ...p, specs: p.specs.filter((_, j) => j !== i) }), null)}
            />
          </div>
        ))}
        <Button
          size="sm"
          variant="subtle"
          icon={<Plus className="size-3.5" aria-hidden />}
          onClick={() => set((p) => ({ ...p, specs: [...p.specs, { name: "", value: "" }] }), null)}
        >
          Add a spec
        </Button>
      </div>
    </Card>
  );
}

function InTheBox({ items, change }: { items: string[]; change: Change }) {
  const set = useProduct(change);
  return (
    <Card id="pb-box" title="What's in the box" description="One line per item that ships.">
      <div className="space-y-2">
        {items.map((item, i) => (
          <div key={i} className="flex items-center gap-2">
            <Input
              aria-label={`Box item ${i + 1}`}
              value={item}
              placeholder="1 × USB-C cable"
              onChange={(e) =>
                set((p) => ({ ...p, inTheBox: p.inTheBox.map((x, j) => (j === i ? e.target.value : x)) }), `box-${i}`)
              }
            />
            <RemoveButton
              label={`Remove box item ${i + 1}`}
              onClick={() => set((p) => ({ ...p, inTheBox: p.inTheBox.filter((_, j) => j !== i) }), null)}
            />
          </div>
        ))}
        <Button
          size="sm"
          variant="subtle"
          icon={<Plus className="size-3.5" aria-hidden />}
          onClick={() => set((p) => ({ ...p, inTheBox: [...p.inTheBox, ""] }), null)}
        >
          Add an item
        </Button>
      </div>
    </Card>
  );
}

export function ProductEditor({ doc, change, highlight }: { doc: PageDoc; change: Change; highlight: string | null }) {
  const set = useProduct(change);
  const p = doc.product;
  const currencies = CURRENCIES.includes(p.currency) ? CURRENCIES : [p.currency, ...CURRENCIES];
  const seoTitleLength = doc.seo.title.length;
  const seoDescLength = doc.seo.description.length;
  return (
    <div className="space-y-4" data-testid="pb-product-panel">
      <Card id="pb-basics" title="Product">
        <div className="space-y-3">
          <Field
            label="Title"
            id={fieldId("product.title")}
            error={p.title.trim() ? undefined : "The page needs a product title."}
            hint="The hero and call-to-action headings and the SEO title follow it until you write your own."
          >
            <Input
              id={fieldId("product.title")}
              value={p.title}
              maxLength={255}
              onChange={(e) => change((d) => retitle(d, e.target.value), "title")}
              data-testid="pb-title"
            />
          </Field>
          <Field
            label="Supplier description"
            id={fieldId("product.description")}
            hint="The supplier's own words; generation writes the page's copy from them."
          >
            <Textarea
              id={fieldId("product.description")}
              value={p.description}
              rows={5}
              onChange={(e) => set((x) => ({ ...x, description: e.target.value }), "description")}
            />
          </Field>
        </div>
      </Card>

      <Images images={p.images} alts={doc.seo.imageAlts} title={p.title} change={change} />

      <Card id="pb-pricing" title="Price">
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          <MoneyField
            label="Price"
            id={fieldId("product.priceCents")}
            cents={p.priceCents}
            onCents={(priceCents) => set((x) => ({ ...x, priceCents }), "price")}
          />
          <MoneyField
            label="Compare-at price"
            id={fieldId("product.compareAtPriceCents")}
            cents={p.compareAtPriceCents}
            onCents={(compareAtPriceCents) => set((x) => ({ ...x, compareAtPriceCents }), "compare")}
          />
          <Field label="Currency" id={fieldId("product.currency")} className="col-span-2 sm:col-span-1">
            <select
              id={fieldId("product.currency")}
              value={p.currency}
              onChange={(e) => set((x) => ({ ...x, currency: e.target.value }), null)}
              className="block h-11 w-full cursor-pointer rounded-lg border border-line bg-bg-elevated px-3 text-[15px] text-fg shadow-sm outline-none focus:border-brand focus:ring-3 focus:ring-brand/25 sm:text-sm"
            >
              {currencies.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </Field>
        </div>
        {p.compareAtPriceCents !== null && p.priceCents !== null && p.compareAtPriceCents <= p.priceCents && (
          <p className="mt-2 text-xs text-warning">
            The compare-at price is not above the price, so the page shows no saving.
          </p>
        )}
      </Card>

      <Variants product={p} change={change} />
      <Specs specs={p.specs} change={change} />
      <InTheBox items={p.inTheBox} change={change} />
      <ListingDetails product={p} set={set} />

      <BrandFacts
        projectId={doc.projectId}
        onChange={(projectId) => change((d) => ({ ...d, projectId }), "projectId")}
      />

      <Card
        id="pb-buy"
        title="Buy button"
        description="Where the page's buy button sends visitors: your checkout, cart or store product page."
        className={cx(highlight === "buyUrl" && "ring-2 ring-danger/60")}
      >
        <Field
          label="Buy URL"
          id={fieldId("buyUrl")}
          error={highlight === "buyUrl" ? "Set where the buy button goes before publishing." : undefined}
        >
          <Input
            id={fieldId("buyUrl")}
            value={doc.buyUrl ?? ""}
            inputMode="url"
            placeholder="https://your-store.com/checkout"
            onChange={(e) => change((d) => ({ ...d, buyUrl: e.target.value.trim() ? e.target.value : null }), "buyUrl")}
            data-testid="pb-buy-url"
          />
        </Field>
      </Card>

      <Card
        id="pb-seo"
        title="Search and sharing"
        description="How the page appears in Google and when its link is shared."
      >
        <div className="space-y-3">
          <Field
            label="SEO title"
            id={fieldId("seo.title")}
            hint={`${seoTitleLength} characters; up to about 60 show in results.`}
          >
            <Input
              id={fieldId("seo.title")}
              value={doc.seo.title}
              maxLength={255}
              onChange={(e) => change((d) => ({ ...d, seo: { ...d.seo, title: e.target.value } }), "seo.title")}
            />
          </Field>
          <Field
            label="Meta description"
            id={fieldId("seo.description")}
            hint={`${seoDescLength} characters; about 155 show in results.`}
          >
            <Textarea
              id={fieldId("seo.description")}
              rows={3}
              value={doc.seo.description}
              maxLength={1000}
              onChange={(e) =>
                change((d) => ({ ...d, seo: { ...d.seo, description: e.target.value } }), "seo.description")
              }
            />
          </Field>
        </div>
      </Card>
    </div>
  );
}

/** Which project's canon "Generate with AI" writes with: its brand voice, audience, colours, shipping promise and guarantee. */
function BrandFacts({
  projectId,
  onChange,
}: {
  projectId: string | null;
  onChange: (projectId: string | null) => void;
}) {
  const projects = useQuery({
    queryKey: projectKeys.list(),
    queryFn: ({ signal }) => fetchProjects(signal),
    staleTime: 60_000,
  });
  const list = projects.data ?? [];
  const missing = projectId !== null && projects.isSuccess && !list.some((p) => p.id === projectId);
  return (
    <Card
      id="pb-brand"
      title="Brand facts"
      description="Generation writes with a project's canon: brand voice, audience, colours, shipping promise and guarantee. Without one, the page states no guarantee or shipping promise."
    >
      <Field label="Project" id={fieldId("projectId")}>
        <select
          id={fieldId("projectId")}
          value={missing ? "" : (projectId ?? "")}
          disabled={projects.isPending}
          onChange={(e) => onChange(e.target.value || null)}
          className="block h-11 w-full cursor-pointer rounded-lg border border-line bg-bg-elevated px-3 text-[15px] text-fg shadow-sm outline-none focus:border-brand focus:ring-3 focus:ring-brand/25 sm:text-sm"
          data-testid="pb-project"
        >
          <option value="">{projects.isPending ? "Loading projects…" : "No project"}</option>
          {list.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </Field>
      {projects.isError && (
        <p className="mt-2 text-xs text-danger">Couldn't load your projects. Reload to try again.</p>
      )}
      {projects.isSuccess && list.length === 0 && (
        <p className="mt-2 text-xs text-fg-muted">
          You have no projects yet.{" "}
          <Link className="text-brand underline" to="/projects">
            Create one
          </Link>{" "}
          and fill its canon to write in your brand's voice.
        </p>
      )}
    </Card>
  );
}
