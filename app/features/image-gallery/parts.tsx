/**
 * Pieces the three image screens share: the provider banner, the result grid with each image's
 * notes, what a generation counted, the catalog product search, and the image picker.
 */
import { Link } from "@remix-run/react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { AlertTriangle, Check, Cpu, ImageOff, Info, Search, Sparkles, Upload, X } from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import type { ProductRecord } from "~/domain/contracts/catalog";
import type { Image } from "~/domain/contracts/images";
import type { ExplorerPage, ExplorerProduct } from "~/domain/contracts/market";
import { UPLOAD_TYPES } from "~/domain/images";
import { imageKeys, uploadImage, type ImageCharge } from "~/features/images";
import { notify } from "~/lib/toast";
import { apiRequest, errorMessage } from "~/lib/http";
import { Badge, IconButton, Input, LoadError, Pressable, RadioGroup, Skeleton, Spinner, Tile, buttonClasses, cx, useDebounced } from "~/ui";
import { capabilitiesLabel, chargeLine, KIND_LABELS, sizeLabel } from "./gallery-logic";
import { useCapabilities, useImageList } from "./use-images";

// ---------------------------------------------------------------------------------------------
// Catalog (the Explorer's API; its client is not part of its public face)

export type CatalogProduct = Pick<ExplorerProduct, "id" | "name" | "imageUrl" | "priceCents" | "productType">;

export async function searchCatalog(q: string, signal?: AbortSignal): Promise<CatalogProduct[]> {
  const params = new URLSearchParams({ pageSize: "12", sort: "score" });
  if (q.trim()) params.set("q", q.trim());
  const res = await apiRequest("GET", `/api/catalog/products?${params}`, undefined, { signal });
  return ((await res.json()) as ExplorerPage).data;
}

export async function fetchCatalogProduct(id: string, signal?: AbortSignal): Promise<ProductRecord> {
  const res = await apiRequest("GET", `/api/catalog/products/${encodeURIComponent(id)}`, undefined, { signal });
  return (await res.json()) as ProductRecord;
}

export function useCatalogSearch(q: string) {
  const debounced = useDebounced(q, 300);
  return useQuery({
    queryKey: ["/api/catalog/products", "image-picker", debounced.trim()],
    queryFn: ({ signal }) => searchCatalog(debounced, signal),
    staleTime: 60_000,
    retry: false,
  });
}

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** A searchable list of catalog products; `selected` are marked, `onToggle` picks or unpicks one. */
export function ProductSearch({
  selected,
  onToggle,
  disabledReason,
  label = "Search your catalog",
}: {
  selected: ReadonlySet<string>;
  onToggle: (product: CatalogProduct) => void;
  /** When set, unpicked products cannot be picked (e.g. the batch is full) and this says why. */
  disabledReason?: string | null;
  label?: string;
}) {
  const [q, setQ] = useState("");
  const results = useCatalogSearch(q);
  const id = useId();
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
      </label>
      <div className="relative">
        <Search
          aria-hidden
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-subtle"
        />
        <Input
          id={id}
          type="search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          placeholder="Product name or type"
          className="pl-9"
          data-testid="product-search"
        />
      </div>
      {disabledReason && <p className="text-xs text-warning">{disabledReason}</p>}
      {results.isPending ? (
        <div role="status" aria-busy="true" aria-label="Searching products" className="space-y-2">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-12" />
          ))}
        </div>
      ) : results.isError ? (
        <LoadError onRetry={() => void results.refetch()} retrying={results.isFetching}>
          Products could not be searched: {errorMessage(results.error, "please try again")}.
        </LoadError>
      ) : results.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line px-4 py-6 text-center text-sm text-muted">
          No products match “{q}”. Import your own in the{" "}
          <Link to="/explorer" className="text-brand hover:underline">
            Explorer
          </Link>
          .
        </p>
      ) : (
        <ul className="max-h-72 space-y-1 overflow-y-auto rounded-xl border border-line p-1" aria-label="Products">
          {results.data.map((p) => {
            const on = selected.has(p.id);
            const blocked = !on && Boolean(disabledReason);
            return (
              <li key={p.id}>
                <Tile
                  surface="plain"
                  radius="lg"
                  aria-pressed={on}
                  disabled={blocked}
                  onClick={() => onToggle(p)}
                  data-testid="product-option"
                  className="flex w-full items-center gap-3 px-2 py-1.5 text-sm"
                >
                  <span className="grid size-9 shrink-0 place-items-center overflow-hidden rounded-md bg-surface-2">
                    {p.imageUrl ? (
                      <img
                        src={p.imageUrl}
                        alt=""
                        loading="lazy"
                        className="size-full object-cover"
                        referrerPolicy="no-referrer"
                      />
                    ) : (
                      <ImageOff aria-hidden className="size-4 text-subtle" />
                    )}
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium text-fg">{p.name}</span>
                    <span className="block truncate text-xs text-subtle">
                      {p.productType} · {money(p.priceCents)}
                    </span>
                  </span>
                  <span
                    aria-hidden
                    className={cx(
                      "grid size-5 shrink-0 place-items-center rounded-md border",
                      on ? "border-brand bg-brand-strong text-white" : "border-line",
                    )}
                  >
                    {on && <Check className="size-3.5" />}
                  </span>
                </Tile>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// Provider banner and charges

export function CapabilitiesBanner({ children }: { children?: ReactNode }) {
  const caps = useCapabilities();
  return (
    <div
      className="flex flex-col gap-2 rounded-2xl border border-line bg-surface px-4 py-3 text-sm sm:flex-row sm:items-center"
      data-testid="capabilities-banner"
    >
      <span className="flex items-center gap-2 font-medium text-fg">
        <span className="grid size-7 shrink-0 place-items-center rounded-lg bg-brand-soft text-brand">
          {caps.data?.provider === "model" ? (
            <Sparkles aria-hidden className="size-4" />
          ) : (
            <Cpu aria-hidden className="size-4" />
          )}
        </span>
        {caps.isPending ? (
          <Skeleton className="h-4 w-48" />
        ) : caps.isError ? (
          <span className="text-muted">Provider unknown (capabilities could not be loaded)</span>
        ) : (
          <span data-testid="provider-label">{capabilitiesLabel(caps.data)}</span>
        )}
      </span>
      {children && <span className="text-muted sm:ml-auto">{children}</span>}
    </div>
  );
}

export function ChargeNote({ charged }: { charged: ImageCharge | null }) {
  if (!charged) return null;
  return (
    <p className="text-sm text-muted" role="status" data-testid="charge-line">
      {chargeLine(charged)}
    </p>
  );
}

// ---------------------------------------------------------------------------------------------
// Results

/** Freshly made images with their notes in plain sight; a click opens the image in the gallery. */
export function ResultGrid({
  images,
  pending,
  pendingCount = 1,
}: {
  images: Image[];
  pending?: boolean;
  pendingCount?: number;
}) {
  const notes = [...new Set(images.flatMap((i) => i.notes))];
  const shown = pending ? pendingCount : images.length;
  return (
    <div className="space-y-3" data-testid="result-grid">
      {notes.length > 0 && (
        <ul
          className="space-y-1.5 rounded-xl border border-warning/30 bg-warning/5 px-4 py-3 text-sm text-fg"
          data-testid="result-notes"
        >
          {notes.map((n) => (
            <li key={n} className="flex gap-2">
              <Info aria-hidden className="mt-0.5 size-4 shrink-0 text-warning" />
              <span>{n}</span>
            </li>
          ))}
        </ul>
      )}
      <ul
        className={cx(
          "grid gap-3",
          shown <= 1
            ? "max-w-sm grid-cols-1"
            : shown === 2 || shown === 4
              ? "grid-cols-2"
              : "grid-cols-2 sm:grid-cols-3",
        )}
        aria-label="Results"
        aria-busy={pending || undefined}
      >
        {pending &&
          Array.from({ length: pendingCount }, (_, i) => (
            <li key={`p${i}`}>
              <Skeleton className="aspect-square rounded-xl" />
            </li>
          ))}
        {images.map((img) => (
          <li key={img.id} className="min-w-0">
            <Link
              to={`/images?image=${encodeURIComponent(img.id)}`}
              className="group block overflow-hidden rounded-xl border border-line bg-surface-2 transition-colors hover:border-brand/50"
              data-testid="result-image"
              aria-label={`Open ${sizeLabel(img)} in the gallery`}
            >
              <span className="grid aspect-square place-items-center p-1.5">
                <img
                  src={img.thumbnailUrl}
                  alt={img.prompt ?? img.design?.headline ?? img.fileName}
                  width={img.width}
                  height={img.height}
                  loading="lazy"
                  className="max-h-full max-w-full rounded-md object-contain shadow-sm"
                />
              </span>
              <span className="block truncate border-t border-line px-2.5 py-1.5 text-xs text-muted">
                {sizeLabel(img)}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// Image picker

/** Picks one of the merchant's images (all kinds, or one kind), shown as thumbnails. */
export function ImagePicker({
  value,
  onChange,
  kind,
  label,
  emptyText,
  filter,
  allowUpload = false,
}: {
  value: string | null;
  onChange: (image: Image | null) => void;
  kind?: Image["kind"];
  label: string;
  emptyText: ReactNode;
  filter?: (img: Image) => boolean;
  /** Offers "Upload a photo" beside the label; the upload is picked once it lands. */
  allowUpload?: boolean;
}) {
  const list = useImageList({ kind, limit: 48 });
  const items = (list.data?.data ?? []).filter((i) => (filter ? filter(i) : true));
  const labelId = useId();
  const inputId = useId();
  const queryClient = useQueryClient();
  const [uploading, setUploading] = useState(false);
  const upload = async (file: File) => {
    setUploading(true);
    try {
      const img = await uploadImage(file);
      await queryClient.invalidateQueries({ queryKey: imageKeys.all });
      onChange(img);
    } catch (err) {
      notify({
        title: `Couldn’t upload ${file.name}`,
        description: errorMessage(err, "Please try again."),
        variant: "destructive",
      });
    } finally {
      setUploading(false);
    }
  };
  return (
    <fieldset className="relative min-w-0 space-y-2">
      <legend id={labelId} className="flex h-8 items-center text-sm font-medium text-fg">
        {label}
      </legend>
      {allowUpload && (
        <label
          htmlFor={inputId}
          className={cx(
            buttonClasses({ variant: "subtle", size: "sm" }),
            "absolute right-0 top-0 cursor-pointer has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand",
          )}
          aria-busy={uploading || undefined}
        >
          {uploading ? <Spinner size="sm" /> : <Upload aria-hidden className="size-3.5" />}
          {uploading ? "Uploading…" : "Upload a photo"}
          <input
            id={inputId}
            type="file"
            accept={UPLOAD_TYPES.join(",")}
            className="sr-only"
            disabled={uploading}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = "";
              if (file) void upload(file);
            }}
            data-testid="picker-upload"
          />
        </label>
      )}
      {list.isPending ? (
        <div role="status" className="grid grid-cols-4 gap-2 sm:grid-cols-6" aria-busy="true" aria-label="Loading your images">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="aspect-square rounded-lg" />
          ))}
        </div>
      ) : list.isError ? (
        <LoadError onRetry={() => void list.refetch()} retrying={list.isFetching}>
          Your images could not be loaded: {errorMessage(list.error, "please try again")}.
        </LoadError>
      ) : items.length === 0 ? (
        <div className="rounded-xl border border-dashed border-line px-4 py-5 text-center text-sm text-muted">
          {emptyText}
        </div>
      ) : (
        <RadioGroup
          aria-labelledby={labelId}
          className="grid max-h-64 grid-cols-4 gap-2 overflow-y-auto p-0.5 sm:grid-cols-6"
        >
          {items.map((img) => {
            const on = img.id === value;
            return (
              <Pressable
                key={img.id}
                role="radio"
                aria-checked={on}
                aria-label={`${KIND_LABELS[img.kind].one}: ${img.prompt ?? img.design?.headline ?? img.fileName} (${sizeLabel(img)})`}
                onClick={() => onChange(on ? null : img)}
                data-testid="picker-image"
                className={cx(
                  "relative grid aspect-square place-items-center overflow-hidden rounded-lg border-2 bg-surface-2 p-0.5 transition-colors",
                  on ? "border-brand" : "border-transparent hover:border-line",
                )}
              >
                <img
                  src={img.thumbnailUrl}
                  alt=""
                  loading="lazy"
                  className="max-h-full max-w-full rounded object-contain"
                />
                {on && (
                  <span
                    aria-hidden
                    className="absolute right-1 top-1 grid size-5 place-items-center rounded-full bg-brand-strong text-white"
                  >
                    <Check className="size-3.5" />
                  </span>
                )}
              </Pressable>
            );
          })}
        </RadioGroup>
      )}
    </fieldset>
  );
}

export function KindBadge({ kind }: { kind: Image["kind"] }) {
  return (
    <Badge tone={kind === "upload" ? "neutral" : kind === "visual" ? "warning" : "brand"}>
      {KIND_LABELS[kind].one}
    </Badge>
  );
}

export function ClearButton({ onClick, label }: { onClick: () => void; label: string }) {
  return (
    <IconButton size="xs" shape="round" onClick={onClick} label={label}>
      <X aria-hidden className="size-3.5" />
    </IconButton>
  );
}

// ---------------------------------------------------------------------------------------------
// Progress and problems

/** While the server works: what is being made, seconds so far, an indeterminate bar. */
export function WorkingNote({ what, seconds }: { what: string; seconds: number }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="rounded-xl border border-brand/30 bg-brand-soft px-4 py-3"
      data-testid="generation-progress"
    >
      <p className="flex items-center gap-2 text-sm font-medium text-fg">
        <Spinner size="sm" /> {what}
        <span className="ml-auto tabular-nums text-xs text-muted">{seconds} s</span>
      </p>
      <div className="mt-2 h-1 overflow-hidden rounded-full bg-surface-2" aria-hidden>
        <div className="h-full w-full rounded-full bg-brand/70 motion-safe:animate-pulse" />
      </div>
    </div>
  );
}

export function ProblemNote({ title, message }: { title: string; message: string | null }) {
  if (!message) return null;
  return (
    <div
      role="alert"
      className="flex gap-2 rounded-xl border border-danger/30 bg-danger/5 px-4 py-3 text-sm text-danger"
      data-testid="generation-problem"
    >
      <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span>
        <strong className="font-semibold">{title}:</strong> {message}
      </span>
    </div>
  );
}
