/**
 * Step 1, the product: upload photos, or pick a catalog product or one of the merchant's pages
 * (its photos can then be imported as sources). The chosen photos are shown; the first is the
 * design's photo. An optional logo, and the project whose brand colours and font the design takes.
 */
import { useMutation, useQuery } from "@tanstack/react-query";
import { Link } from "@remix-run/react";
import { Check, Compass, FileText, ImagePlus, Search, Star, Trash2, Upload, X } from "lucide-react";
import { useState } from "react";
import type { ExplorerPage, ExplorerProduct } from "~/domain/contracts/market";
import type { Image } from "~/domain/contracts/images";
import type { PageSummary } from "~/domain/contracts/pages";
import { importImage } from "~/features/images";
import { fetchPages, pageKeys } from "~/features/pages";
import { fetchProjects, projectKeys } from "~/features/projects";
import { apiRequest, errorMessage } from "~/lib/http";
import { notify } from "~/lib/toast";
import { Badge, Button, EmptyState, IconButton, Input, LoadError, Select, Skeleton, Tabs, TabsContent, TabsList, TabsTrigger, Tile, Pressable, useDebounced } from "~/ui";
import { Section } from "./copy-form";
import { PhotoUploader } from "./photo-uploader";
import { formatMoney, withSource, type DraftImage, type DraftSource, type WizardDraft } from "./wizard-logic";

export const MAX_PHOTOS = 4;
export const thumbUrl = (id: string) => `/api/images/${encodeURIComponent(id)}/thumbnail`;
const asDraftImage = (image: Image): DraftImage => ({ id: image.id, name: image.fileName });

type Update = (change: Partial<WizardDraft> | ((d: WizardDraft) => WizardDraft)) => void;

async function searchProducts(q: string, signal?: AbortSignal): Promise<ExplorerProduct[]> {
  const params = new URLSearchParams({ pageSize: "12", sort: "score" });
  if (q.trim()) params.set("q", q.trim());
  const res = await apiRequest("GET", `/api/catalog/products?${params}`, undefined, { signal });
  return ((await res.json()) as ExplorerPage).data;
}

export function ProductStep({ draft, update, defaultsLoading }: { draft: WizardDraft; update: Update; defaultsLoading: boolean }) {
  const initialTab = draft.source?.kind === "page" ? "pages" : draft.source?.kind === "product" ? "catalog" : "upload";
  const [tab, setTab] = useState<string>(initialTab);

  const addPhoto = (image: Image) =>
    update((d) => {
      if (d.photos.some((p) => p.id === image.id)) return d;
      if (d.photos.length >= MAX_PHOTOS) {
        notify({ title: `${MAX_PHOTOS} photos at most`, description: "Remove one to add another." });
        return d;
      }
      return { ...d, photos: [...d.photos, asDraftImage(image)], source: d.source ?? { kind: "upload" }, resultIds: [] };
    });

  const pickSource = (source: Exclude<DraftSource, { kind: "upload" }>) => update((d) => withSource(d, source));

  return (
    <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
      <div className="min-w-0 space-y-4">
        <Tabs value={tab} onValueChange={setTab}>
          <TabsList className="grid w-full grid-cols-3">
            <TabsTrigger value="upload" className="gap-1.5" data-testid="im-tab-upload">
              <Upload aria-hidden className="size-4 max-sm:hidden" /> Upload
            </TabsTrigger>
            <TabsTrigger value="catalog" className="gap-1.5" data-testid="im-tab-catalog">
              <Compass aria-hidden className="size-4 max-sm:hidden" /> Catalog
            </TabsTrigger>
            <TabsTrigger value="pages" className="gap-1.5" data-testid="im-tab-pages">
              <FileText aria-hidden className="size-4 max-sm:hidden" /> My pages
            </TabsTrigger>
          </TabsList>
          <TabsContent value="upload" className="mt-4">
            <PhotoUploader onUploaded={addPhoto} projectId={draft.projectId} testId="im-upload" />
            <p className="mt-3 text-[13px] text-muted">
              A clear photo of the product on a plain background works best. Up to {MAX_PHOTOS}; the first is the one the design shows.
            </p>
          </TabsContent>
          <TabsContent value="catalog" className="mt-4">
            <CatalogPicker selected={draft.source?.kind === "product" ? draft.source.productId : null} onPick={(p) => pickSource({ kind: "product", productId: p.id, title: p.name })} />
          </TabsContent>
          <TabsContent value="pages" className="mt-4">
            <PagePicker selected={draft.source?.kind === "page" ? draft.source.pageId : null} onPick={(p) => pickSource({ kind: "page", pageId: p.id, title: p.title })} />
          </TabsContent>
        </Tabs>
        {(draft.source?.kind === "product" || draft.source?.kind === "page") && (
          <SourcePhotos draft={draft} loading={defaultsLoading} onImported={addPhoto} />
        )}
      </div>
      <aside className="min-w-0 space-y-4">
        <ChosenPhotos draft={draft} update={update} />
        <LogoPicker draft={draft} update={update} />
        <ProjectPicker projectId={draft.projectId} onChange={(projectId) => update({ projectId })} />
      </aside>
    </div>
  );
}

function CatalogPicker({ selected, onPick }: { selected: string | null; onPick: (p: ExplorerProduct) => void }) {
  const [q, setQ] = useState("");
  const query = useDebounced(q, 300);
  const products = useQuery({
    queryKey: ["/api/catalog/products", "image-maker", query],
    queryFn: ({ signal }) => searchProducts(query, signal),
    staleTime: 60_000,
  });
  return (
    <div className="space-y-3">
      <div className="relative">
        <Search aria-hidden className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-subtle" />
        <Input
          value={q}
          onChange={(e) => setQ(e.target.value)}
          placeholder="Search your catalog and the Explorer’s products"
          aria-label="Search products"
          className="pl-9"
          data-testid="im-catalog-search"
        />
      </div>
      {products.isError ? (
        <LoadError onRetry={() => void products.refetch()} retrying={products.isFetching}>
          {errorMessage(products.error, "Couldn’t load products.")}
        </LoadError>
      ) : products.isPending ? (
        <div className="grid gap-2 sm:grid-cols-2" aria-busy>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-16" />
          ))}
        </div>
      ) : products.data.length === 0 ? (
        <EmptyState
          icon={Compass}
          title={query ? `No products match “${query}”` : "No products yet"}
          description="Import your own products in the Explorer, or upload photos instead."
          action={
            <Link to="/ai-explore" className="text-sm font-semibold text-brand underline-offset-2 hover:underline">
              Open the Explorer
            </Link>
          }
        />
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2" data-testid="im-catalog-results">
          {products.data.map((p) => (
            <li key={p.id}>
              <Tile
                onClick={() => onPick(p)}
                aria-pressed={selected === p.id}
                className="flex w-full items-center gap-3 p-2"
                data-testid="im-catalog-product"
              >
                <ProductThumb url={p.imageUrl} />
                <span className="min-w-0 flex-1">
                  <span className="line-clamp-2 text-[13px] font-semibold leading-snug text-fg">{p.name}</span>
                  <span className="mt-0.5 flex items-center gap-1.5 text-xs text-muted">
                    {formatMoney(p.priceCents, "USD")}
                    {p.isSampleData && <Badge className="py-0 text-[10px]">sample</Badge>}
                  </span>
                </span>
                {selected === p.id && <Check aria-hidden className="size-4 shrink-0 text-brand" />}
              </Tile>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ProductThumb({ url }: { url: string | null }) {
  const [broken, setBroken] = useState(false);
  return url && !broken ? (
    <img src={url} alt="" className="size-12 shrink-0 rounded-lg bg-surface-2 object-cover" loading="lazy" onError={() => setBroken(true)} />
  ) : (
    <span className="grid size-12 shrink-0 place-items-center rounded-lg bg-surface-2 text-subtle" aria-hidden>
      <ImagePlus className="size-4" />
    </span>
  );
}

function PagePicker({ selected, onPick }: { selected: string | null; onPick: (p: PageSummary) => void }) {
  const pages = useQuery({ queryKey: pageKeys.list(), queryFn: ({ signal }) => fetchPages(signal), staleTime: 60_000 });
  if (pages.isError)
    return (
      <LoadError onRetry={() => void pages.refetch()} retrying={pages.isFetching}>
        {errorMessage(pages.error, "Couldn’t load your pages.")}
      </LoadError>
    );
  if (pages.isPending)
    return (
      <div className="space-y-2" aria-busy>
        <Skeleton className="h-16" />
        <Skeleton className="h-16" />
      </div>
    );
  if (pages.data.length === 0)
    return (
      <EmptyState
        icon={FileText}
        title="No pages yet"
        description="Build a product page first and its photos, price and copy come along."
        action={
          <Link to="/ai-page-builder" className="text-sm font-semibold text-brand underline-offset-2 hover:underline">
            Open the page builder
          </Link>
        }
      />
    );
  return (
    <ul className="grid gap-2 sm:grid-cols-2" data-testid="im-page-results">
      {pages.data.map((p) => (
        <li key={p.id}>
          <Tile onClick={() => onPick(p)} aria-pressed={selected === p.id} className="flex w-full items-center gap-3 p-2">
            <ProductThumb url={p.imageUrl} />
            <span className="min-w-0 flex-1">
              <span className="line-clamp-2 text-[13px] font-semibold leading-snug text-fg">{p.title || "Untitled page"}</span>
              <span className="mt-0.5 block text-xs text-muted">
                {p.priceCents !== null ? formatMoney(p.priceCents, p.currency) : "No price"} · {p.status === "published" ? "Live" : "Draft"}
              </span>
            </span>
            {selected === p.id && <Check aria-hidden className="size-4 shrink-0 text-brand" />}
          </Tile>
        </li>
      ))}
    </ul>
  );
}

/** The picked product's or page's photos, to import as sources. */
function SourcePhotos({ draft, loading, onImported }: { draft: WizardDraft; loading: boolean; onImported: (image: Image) => void }) {
  const source = draft.source as Exclude<DraftSource, { kind: "upload" }>;
  const urls = draft.defaults?.productImageUrls ?? [];
  const [done, setDone] = useState<string[]>([]);
  const imp = useMutation({
    mutationFn: (url: string) =>
      importImage({
        sourceUrl: url,
        ...(source.kind === "product" ? { productId: source.productId } : { pageId: source.pageId }),
        ...(draft.projectId ? { projectId: draft.projectId } : {}),
      }),
    onSuccess: (image, url) => {
      setDone((d) => [...d, url]);
      onImported(image);
    },
    onError: (err) => notify({ title: "Couldn’t import that photo", description: errorMessage(err, "Upload it instead."), variant: "destructive" }),
  });
  return (
    <Section
      title={`Photos of “${source.title || draft.defaults?.productTitle || "this product"}”`}
      description="Import the ones to use: they are copied to your images so the design can place them."
    >
      {loading && urls.length === 0 ? (
        <div className="flex gap-2" aria-busy>
          <Skeleton className="size-24" />
          <Skeleton className="size-24" />
        </div>
      ) : urls.length === 0 ? (
        <p className="text-sm text-muted" data-testid="im-source-no-photos">
          This {source.kind === "product" ? "product" : "page"} has no photos. Upload one on the Upload tab.
        </p>
      ) : (
        <ul className="flex flex-wrap gap-2" data-testid="im-source-photos">
          {urls.map((url) => {
            const imported = done.includes(url);
            const busy = imp.isPending && imp.variables === url;
            return (
              <li key={url} className="w-24">
                <ProductPhoto url={url} />
                <Button
                  size="sm"
                  variant={imported ? "ghost" : "secondary"}
                  className="mt-1.5 w-full"
                  loading={busy}
                  disabled={imported || imp.isPending || draft.photos.length >= MAX_PHOTOS}
                  onClick={() => imp.mutate(url)}
                  icon={imported ? <Check aria-hidden className="size-3.5" /> : undefined}
                  data-testid="im-import-photo"
                >
                  {imported ? "Added" : "Use"}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </Section>
  );
}

function ProductPhoto({ url }: { url: string }) {
  const [broken, setBroken] = useState(false);
  return broken ? (
    <span className="grid size-24 place-items-center rounded-xl bg-surface-2 text-center text-[11px] text-subtle">Can’t show</span>
  ) : (
    <img src={url} alt="" className="size-24 rounded-xl bg-surface-2 object-cover ring-1 ring-line" loading="lazy" onError={() => setBroken(true)} />
  );
}

function ChosenPhotos({ draft, update }: { draft: WizardDraft; update: Update }) {
  const makeMain = (i: number) =>
    update((d) => {
      const photos = d.photos.slice();
      const [p] = photos.splice(i, 1);
      return { ...d, photos: [p, ...photos] };
    });
  const remove = (id: string) => update((d) => ({ ...d, photos: d.photos.filter((p) => p.id !== id) }));
  return (
    <Section title="Your photos" description={draft.photos.length ? "The main photo is the one the design shows." : undefined} id="im-chosen">
      {draft.photos.length === 0 ? (
        <div className="grid place-items-center rounded-xl border border-dashed border-line px-4 py-6 text-center">
          <ImagePlus aria-hidden className="size-6 text-subtle" />
          <p className="mt-2 text-sm text-muted">No photo yet: upload one or import one from a product.</p>
        </div>
      ) : (
        <ul className="grid grid-cols-2 gap-2" data-testid="im-chosen-photos">
          {draft.photos.map((p, i) => (
            <li key={p.id} className="relative overflow-hidden rounded-xl border border-line bg-surface-2">
              <img src={thumbUrl(p.id)} alt={p.name} className="aspect-square w-full object-contain" data-testid="im-chosen-photo" />
              {i === 0 ? (
                <Badge tone="brand" className="absolute left-1.5 top-1.5">
                  <Star aria-hidden className="size-3" /> Main
                </Badge>
              ) : (
                <Pressable
                  onClick={() => makeMain(i)}
                  className="absolute left-1.5 top-1.5 rounded-full bg-bg/85 px-2 py-0.5 text-[11px] font-semibold text-fg shadow hover:bg-bg"
                >
                  Make main
                </Pressable>
              )}
              <IconButton size="sm" label={`Remove ${p.name}`} onClick={() => remove(p.id)} className="absolute right-1 top-1 bg-bg/85 hover:bg-bg">
                <Trash2 aria-hidden className="size-3.5" />
              </IconButton>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function LogoPicker({ draft, update }: { draft: WizardDraft; update: Update }) {
  return (
    <Section title="Logo (optional)" description="A PNG with a transparent background looks best.">
      {draft.logo ? (
        <div className="flex items-center gap-3">
          <img src={thumbUrl(draft.logo.id)} alt="Your logo" className="h-12 w-24 rounded-lg bg-surface-2 object-contain p-1 ring-1 ring-line" />
          <span className="min-w-0 flex-1 truncate text-[13px] text-muted">{draft.logo.name}</span>
          <IconButton size="sm" label="Remove the logo" onClick={() => update({ logo: null })}>
            <X aria-hidden className="size-4" />
          </IconButton>
        </div>
      ) : (
        <PhotoUploader
          multiple={false}
          compact
          title="Drop your logo"
          projectId={draft.projectId}
          testId="im-logo-upload"
          onUploaded={(image) => update({ logo: asDraftImage(image) })}
        />
      )}
    </Section>
  );
}

export function ProjectPicker({ projectId, onChange }: { projectId: string | null; onChange: (id: string | null) => void }) {
  const projects = useQuery({ queryKey: projectKeys.list(), queryFn: ({ signal }) => fetchProjects(signal), staleTime: 60_000 });
  const list = projects.data ?? [];
  return (
    <Section title="Brand" description="A project’s canon gives the design its brand colours and font.">
      <Select
        aria-label="Project"
        value={list.some((p) => p.id === projectId) ? (projectId ?? "") : ""}
        disabled={projects.isPending}
        onChange={(e) => onChange(e.target.value || null)}
        data-testid="im-project"
      >
        <option value="">{projects.isPending ? "Loading projects…" : "No project (default colours)"}</option>
        {list.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </Select>
      {projects.isError && <p className="text-xs text-danger">Couldn’t load your projects.</p>}
    </Section>
  );
}
