/**
 * /scraping-test: paste a URL and see what the URL guard decided (allowed or refused, the code,
 * the message, every hop) and what the product extractor found, field by field with the source
 * of each value, the requests it made with their timings, and the fields no source held (ADR 012).
 */
import {
  AlertTriangle,
  ArrowRight,
  CheckCircle2,
  Globe,
  ImageOff,
  RotateCcw,
  ScanSearch,
  ShieldAlert,
  ShieldCheck,
  WifiOff,
} from "lucide-react";
import { useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import type { ProductExtraction, ProductFieldName, ProductVariant, SourceTried, UrlDecision, UrlInspection } from "~/domain/contracts/url-inspections";
import { errorMessage } from "~/lib/http";
import { Badge, Button, DataTable, EmptyState, Field, Input, PageHeader, Skeleton, Spinner, type Column, Tile } from "~/ui";
import {
  ENDPOINT_LABELS,
  EXAMPLES,
  FIELD_LABELS,
  MAX_THUMBNAILS,
  OUTCOMES,
  SOURCE_LABELS,
  URL_MAX_LENGTH,
  formatBytes,
  formatCents,
  formatMs,
  hopBadge,
  plural,
  thumbnailUrl,
  urlFieldError,
  type InspectionExample,
} from "./inspection-logic";
import { useUrlInspection } from "./use-url-inspection";

export function ScrapingTestScreen() {
  const inspection = useUrlInspection();
  const [url, setUrl] = useState("");
  const [fieldError, setFieldError] = useState<string | undefined>();
  const inputRef = useRef<HTMLInputElement>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = urlFieldError(url);
    setFieldError(problem);
    // A new test replaces the last one's result, even when it stops at the field.
    inspection.reset();
    if (problem) {
      inputRef.current?.focus();
      return;
    }
    inspection.mutate(url.trim());
  }

  function tryExample(example: InspectionExample) {
    setUrl(example.url);
    setFieldError(undefined);
    inputRef.current?.focus();
  }

  let result: ReactNode;
  if (inspection.isPending) {
    result = <PendingResult url={inspection.variables ?? url} />;
  } else if (inspection.isError) {
    result = (
      <InspectionError
        message={errorMessage(inspection.error, "The inspection could not be run. Please try again.")}
        onRetry={() => inspection.variables && inspection.mutate(inspection.variables)}
      />
    );
  } else if (inspection.data) {
    result = <InspectionResult inspection={inspection.data} />;
  } else {
    result = (
      <EmptyState
        icon={ScanSearch}
        title="Nothing inspected yet"
        description="Paste a product page or a store address above, or pick one of the examples, then press Inspect."
      />
    );
  }

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8" data-testid="scraping-test-screen">
      <PageHeader
        title="Scraping Test"
        description="Check how Dropcraft reads a product page: what the URL guard decides about an address, and what the product reader finds on it, field by field, with where each value came from."
      />

      <form onSubmit={submit} noValidate className="mt-6 rounded-2xl border border-line bg-surface p-4 shadow-sm shadow-black/5 sm:p-5" data-testid="inspection-form">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <Field
            label="Product or store URL"
            error={fieldError}
            hint="A product page (Shopify or any shop) or a store's home page."
            className="min-w-0 flex-1"
          >
            <Input
              ref={inputRef}
              type="text"
              inputMode="url"
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              placeholder="https://store.example/products/…"
              value={url}
              maxLength={URL_MAX_LENGTH + 200}
              onChange={(e) => {
                setUrl(e.target.value);
                if (fieldError) setFieldError(undefined);
              }}
              data-testid="inspection-url"
            />
          </Field>
          <Button type="submit" loading={inspection.isPending} className="sm:mt-[26px]" icon={<ScanSearch className="size-4" aria-hidden />} data-testid="inspection-submit">
            {inspection.isPending ? "Inspecting…" : "Inspect"}
          </Button>
        </div>
        <Examples onPick={tryExample} disabled={inspection.isPending} />
      </form>

      <section aria-label="Inspection result" aria-live="polite" aria-busy={inspection.isPending} className="mt-6" data-testid="inspection-result">
        {result}
      </section>
    </div>
  );
}

function Examples({ onPick, disabled }: { onPick: (example: InspectionExample) => void; disabled: boolean }) {
  const headingId = useId();
  return (
    <div className="mt-4 border-t border-line pt-4">
      <p id={headingId} className="text-[13px] font-semibold text-fg">
        Examples to try
      </p>
      <p className="mt-0.5 text-[13px] text-muted">
        Picking one fills the field. The live-store examples need network access from Dropcraft&apos;s servers; the refused ones are refused before any request is made.
      </p>
      <ul aria-labelledby={headingId} className="mt-3 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {EXAMPLES.map((example) => (
          <li key={example.id}>
            <Tile
              surface="elevated"
              disabled={disabled}
              onClick={() => onPick(example)}
              className="group flex h-full w-full flex-col items-start gap-1 px-3 py-2.5"
              data-testid={`inspection-example-${example.id}`}
            >
              <span className="flex w-full items-center justify-between gap-2 text-sm font-semibold text-fg">
                {example.label}
                {example.needsNetwork ? (
                  <Badge tone="neutral" className="shrink-0">
                    <Globe className="size-3" aria-hidden /> Needs network
                  </Badge>
                ) : (
                  <Badge tone="danger" className="shrink-0">
                    <ShieldAlert className="size-3" aria-hidden /> Refused
                  </Badge>
                )}
              </span>
              <span className="w-full break-all font-mono text-xs text-muted">{example.url}</span>
              <span className="text-xs text-subtle">{example.note}</span>
            </Tile>
          </li>
        ))}
      </ul>
    </div>
  );
}

function PendingResult({ url }: { url: string }) {
  return (
    <div className="rounded-2xl border border-line bg-surface p-5" data-testid="inspection-pending">
      <p className="flex items-center gap-2 text-sm font-medium text-fg">
        <Spinner label="Inspecting" />
        <span className="min-w-0 break-all">
          Checking and reading <span className="font-mono text-[13px]">{url}</span>…
        </span>
      </p>
      <p className="mt-1 text-[13px] text-muted">Each request is capped at 8 seconds; a slow site can take a little while.</p>
      <Skeleton lines={4} className="mt-5" />
    </div>
  );
}

function InspectionError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col gap-3 rounded-2xl border border-danger/40 bg-danger/5 p-5 sm:flex-row sm:items-center sm:justify-between" data-testid="inspection-error">
      <p className="flex items-start gap-2 text-sm text-fg">
        <WifiOff className="mt-0.5 size-4 shrink-0 text-danger" aria-hidden />
        <span>{message}</span>
      </p>
      <Button variant="secondary" size="sm" icon={<RotateCcw className="size-4" aria-hidden />} onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

function InspectionResult({ inspection }: { inspection: UrlInspection }) {
  return (
    <div className="space-y-6">
      <DecisionCard decision={inspection.decision} url={inspection.url} totalMs={inspection.timings.totalMs} />
      {inspection.extraction && <ExtractionView extraction={inspection.extraction} />}
    </div>
  );
}

function Card({ title, aside, children, testId }: { title: string; aside?: ReactNode; children: ReactNode; testId: string }) {
  return (
    <section className="rounded-2xl border border-line bg-surface shadow-sm shadow-black/5" data-testid={testId}>
      <header className="flex flex-wrap items-center justify-between gap-2 border-b border-line px-4 py-3 sm:px-5">
        <h2 className="text-base font-semibold tracking-tight text-fg">{title}</h2>
        {aside}
      </header>
      <div className="p-4 sm:p-5">{children}</div>
    </section>
  );
}

function DecisionCard({ decision, url, totalMs }: { decision: UrlDecision; url: string; totalMs: number }) {
  return (
    <Card
      title="The guard's decision"
      testId="inspection-decision"
      aside={<span className="text-[13px] text-muted">Inspection took {formatMs(totalMs)}</span>}
    >
      <div className="flex flex-wrap items-center gap-2">
        {decision.allowed ? (
          <Badge tone="success" className="text-sm">
            <ShieldCheck className="size-4" aria-hidden /> Allowed
          </Badge>
        ) : (
          <Badge tone="danger" className="text-sm">
            <ShieldAlert className="size-4" aria-hidden /> Refused
          </Badge>
        )}
        {decision.code && (
          <code className="rounded-md bg-surface-2 px-1.5 py-0.5 font-mono text-xs text-fg" data-testid="inspection-decision-code">
            {decision.code}
          </code>
        )}
        <span className="min-w-0 break-all font-mono text-xs text-muted">{url}</span>
      </div>
      {decision.message ? (
        <p className="mt-3 break-words text-sm text-fg" data-testid="inspection-decision-message">
          {decision.message}
        </p>
      ) : (
        <p className="mt-3 text-sm text-muted">The address passed every check: a public http(s) address on port 80 or 443, every redirect re-checked, within the size, time and content-type limits.</p>
      )}
      {decision.hops.length > 0 && (
        <div className="mt-4">
          <h3 className="text-[13px] font-semibold text-fg">
            {plural(decision.hops.length, "hop")}
            {decision.url !== url && <span className="font-normal text-muted"> (of the request to {decision.url})</span>}
          </h3>
          <ol className="mt-2 space-y-1.5" data-testid="inspection-hops">
            {decision.hops.map((hop, i) => {
              const badge = hopBadge(hop.status, !decision.allowed && i === decision.hops.length - 1);
              return (
                <li key={`${i}-${hop.url}`} className="flex items-start gap-2 text-sm">
                  <span className="mt-0.5 w-5 shrink-0 text-right text-xs tabular-nums text-subtle">{i + 1}.</span>
                  {i > 0 && <ArrowRight className="mt-1 size-3.5 shrink-0 text-subtle" aria-hidden />}
                  <span className="min-w-0 flex-1 break-all font-mono text-xs text-fg">{hop.url}</span>
                  <Badge tone={badge.tone} className="shrink-0">
                    {badge.label}
                  </Badge>
                </li>
              );
            })}
          </ol>
        </div>
      )}
    </Card>
  );
}

const KIND_WORDS: Record<ProductExtraction["kind"], string> = {
  "shopify-product": "a Shopify product address: its storefront JSON first, then the page for anything missing",
  store: "a store's home page: its first product from /products.json, then that product's page for anything missing",
  page: "a page: its JSON-LD, OpenGraph and microdata, then its title and description",
};

interface FieldRow {
  name: ProductFieldName;
  extraction: ProductExtraction;
}

function ExtractionView({ extraction }: { extraction: ProductExtraction }) {
  const { fields } = extraction;
  const found = 8 - extraction.missing.length;
  const columns: Column<FieldRow>[] = [
    { key: "field", header: "Field", cell: (row) => <span className="font-medium">{FIELD_LABELS[row.name]}</span>, className: "w-28 align-top sm:w-40" },
    { key: "value", header: "Value", cell: (row) => <FieldValue row={row} />, className: "min-w-44 align-top" },
    {
      key: "source",
      header: "Source",
      cell: (row) => {
        const field = row.extraction.fields[row.name];
        return field ? <Badge tone="brand">{SOURCE_LABELS[field.source]}</Badge> : <span className="text-xs text-subtle">None</span>;
      },
      className: "w-36 whitespace-nowrap align-top",
    },
  ];
  return (
    <>
      <Card
        title="What the product reader found"
        testId="inspection-fields"
        aside={
          <span className="text-[13px] text-muted">
            {found} of 8 fields · {formatMs(extraction.timings.totalMs)}
          </span>
        }
      >
        <p className="text-sm text-muted">
          Read as {KIND_WORDS[extraction.kind]}.
          {extraction.productUrl && (
            <>
              {" "}
              The fields describe <span className="break-all font-mono text-xs text-fg">{extraction.productUrl}</span>.
            </>
          )}
        </p>
        {extraction.missing.length > 0 && (
          <p className="mt-3 flex flex-wrap items-center gap-1.5 text-sm" data-testid="inspection-missing">
            <AlertTriangle className="size-4 text-warning" aria-hidden />
            <span className="text-muted">Not found anywhere (left empty, never guessed):</span>
            {extraction.missing.map((name) => (
              <Badge key={name} tone="warning">
                {FIELD_LABELS[name]}
              </Badge>
            ))}
          </p>
        )}
        <DataTable
          className="mt-4"
          caption="Product fields, their values and sources"
          columns={columns}
          rows={(Object.keys(fields) as ProductFieldName[]).map((name) => ({ name, extraction }))}
          rowKey={(row) => row.name}
        />
      </Card>
      {fields.images && <Thumbnails images={fields.images.value} />}
      {fields.variants && <VariantsTable variants={fields.variants.value} currency={fields.currency?.value ?? null} />}
      <SourcesTable sources={extraction.sources} />
    </>
  );
}

function FieldValue({ row }: { row: FieldRow }) {
  const { fields } = row.extraction;
  const currency = fields.currency?.value ?? null;
  const missing = <span className="italic text-subtle">Not found</span>;
  switch (row.name) {
    case "title":
    case "vendor":
    case "currency": {
      const field = fields[row.name];
      return field ? <span className="break-words">{field.value}</span> : missing;
    }
    case "description":
      return fields.description ? <Description text={fields.description.value} /> : missing;
    case "priceCents":
    case "compareAtPriceCents": {
      const field = fields[row.name];
      return field ? <span className="tabular-nums">{formatCents(field.value, currency)}</span> : missing;
    }
    case "images":
      return fields.images ? <span>{plural(fields.images.value.length, "image")} (below)</span> : missing;
    case "variants":
      return fields.variants ? <span>{plural(fields.variants.value.length, "variant")} (below)</span> : missing;
  }
}

function Description({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const long = text.length > 280 || text.split("\n").length > 4;
  return (
    <div>
      <p className={`whitespace-pre-line break-words ${long && !open ? "line-clamp-4" : ""}`}>{text}</p>
      {long && (
        <Button variant="link" onClick={() => setOpen(!open)} className="mt-1 text-xs" aria-expanded={open}>
          {open ? "Show less" : "Show all"}
        </Button>
      )}
    </div>
  );
}

function Thumbnails({ images }: { images: string[] }) {
  const shown = images.slice(0, MAX_THUMBNAILS);
  return (
    <Card title="Images" testId="inspection-images" aside={<span className="text-[13px] text-muted">{plural(images.length, "image")}</span>}>
      <ul className="grid grid-cols-3 gap-3 sm:grid-cols-4 lg:grid-cols-8">
        {shown.map((src, i) => (
          <li key={src}>
            <Thumbnail src={src} index={i} />
          </li>
        ))}
      </ul>
      {images.length > shown.length && (
        <ul className="mt-3 space-y-1 text-xs">
          {images.slice(shown.length).map((src) => (
            <li key={src} className="break-all font-mono text-muted">
              {src}
            </li>
          ))}
        </ul>
      )}
      <p className="mt-3 text-xs text-subtle">Thumbnails are fetched through the same guard, from Dropcraft&apos;s servers.</p>
    </Card>
  );
}

function Thumbnail({ src, index }: { src: string; index: number }) {
  const [failed, setFailed] = useState(false);
  return (
    <a href={src} target="_blank" rel="noreferrer noopener" className="block rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand" title={src}>
      {failed ? (
        <span className="grid aspect-square w-full place-items-center rounded-lg border border-dashed border-line text-subtle">
          <ImageOff className="size-5" aria-hidden />
          <span className="sr-only">Image {index + 1} could not be loaded</span>
        </span>
      ) : (
        <img
          src={thumbnailUrl(src)}
          alt={`Product image ${index + 1}`}
          loading="lazy"
          decoding="async"
          onError={() => setFailed(true)}
          className="aspect-square w-full rounded-lg border border-line bg-surface-2 object-cover"
        />
      )}
    </a>
  );
}

function VariantsTable({ variants, currency }: { variants: ProductVariant[]; currency: string | null }) {
  const rows = variants.map((variant, i) => ({ ...variant, key: `${i}` }));
  const money = (cents: number | null) => (cents === null ? <span className="text-subtle">—</span> : formatCents(cents, currency));
  const columns: Column<(typeof rows)[number]>[] = [
    { key: "title", header: "Variant", cell: (v) => v.title ?? <span className="italic text-subtle">Unnamed</span> },
    { key: "price", header: "Price", cell: (v) => money(v.priceCents), align: "right" },
    { key: "compare", header: "Compare-at", cell: (v) => money(v.compareAtPriceCents), align: "right" },
    { key: "sku", header: "SKU", cell: (v) => (v.sku ? <span className="font-mono text-xs">{v.sku}</span> : <span className="text-subtle">—</span>) },
    {
      key: "available",
      header: "Available",
      cell: (v) =>
        v.available === null ? (
          <span className="text-subtle">Not said</span>
        ) : v.available ? (
          <Badge tone="success">In stock</Badge>
        ) : (
          <Badge tone="danger">Sold out</Badge>
        ),
    },
  ];
  return (
    <Card title="Variants" testId="inspection-variants" aside={<span className="text-[13px] text-muted">{plural(variants.length, "variant")}</span>}>
      <DataTable caption="Variants" columns={columns} rows={rows} rowKey={(v) => v.key} />
    </Card>
  );
}

function SourcesTable({ sources }: { sources: SourceTried[] }) {
  const rows = sources.map((source, i) => ({ ...source, key: `${i}` }));
  const columns: Column<(typeof rows)[number]>[] = [
    {
      key: "request",
      header: "Request",
      cell: (s) => (
        <div className="min-w-48">
          <p className="font-medium">{ENDPOINT_LABELS[s.endpoint]}</p>
          <p className="break-all font-mono text-xs text-muted">{s.url}</p>
        </div>
      ),
      className: "align-top",
    },
    {
      key: "outcome",
      header: "Outcome",
      cell: (s) => (
        <div className="min-w-40 space-y-1">
          <span className="flex flex-wrap items-center gap-1.5">
            <Badge tone={OUTCOMES[s.outcome].tone}>{OUTCOMES[s.outcome].label}</Badge>
            {s.status !== null && <span className="text-xs tabular-nums text-muted">HTTP {s.status}</span>}
            {s.refusalCode && <code className="font-mono text-xs text-muted">{s.refusalCode}</code>}
          </span>
          {s.message && <p className="break-words text-xs text-muted">{s.message}</p>}
          {s.found.map((f) => (
            <p key={f.source} className="flex flex-wrap items-center gap-1 text-xs text-muted">
              <CheckCircle2 className="size-3.5 text-accent" aria-hidden />
              <span className="font-semibold text-fg">{SOURCE_LABELS[f.source]}:</span> {f.fields.map((name) => FIELD_LABELS[name].toLowerCase()).join(", ")}
            </p>
          ))}
        </div>
      ),
      className: "align-top",
    },
    {
      key: "ms",
      header: "Time",
      cell: (s) => (
        <span className="whitespace-nowrap">
          {formatMs(s.ms)}
          {s.bytes !== null && <span className="block text-xs text-subtle">{formatBytes(s.bytes)}</span>}
        </span>
      ),
      align: "right",
      className: "align-top",
    },
  ];
  return (
    <Card title="Requests made" testId="inspection-sources" aside={<span className="text-[13px] text-muted">{plural(sources.length, "request")}, in order</span>}>
      <DataTable caption="Requests the product reader made, with their outcome and timing" columns={columns} rows={rows} rowKey={(s) => s.key} />
    </Card>
  );
}
