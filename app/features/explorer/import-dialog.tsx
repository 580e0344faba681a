/**
 * Import your own products into the Explorer: a CSV or JSON feed (file or pasted) or a Shopify
 * store by URL. The server validates every row and answers what it accepted and refused, and
 * why; the dialog shows that report as it is.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, FileUp, XCircle } from "lucide-react";
import { useState, type ChangeEvent } from "react";
import type { ImportReport } from "~/domain/contracts/market";
import { errorMessage } from "~/lib/http";
import { Button, Dialog, Field, Input, Tabs, TabsContent, TabsList, TabsTrigger, Textarea } from "~/ui";
import { importFeed, importShopify } from "./explorer-client";
import { explorerKeys } from "./explorer-keys";

const MAX_FEED_BYTES = 5_000_000;
const SAMPLE_CSV = "name,price,cost,shipping_cost,shipping_days,niche,weekly_orders,active_ads\nCordless milk frother,19.99,4.10,2.50,6,Coffee gear,10;12;15;18;21;25;30;36,2";

export function ImportDialog({ open, onOpenChange, onShowMine }: { open: boolean; onOpenChange(open: boolean): void; onShowMine(): void }) {
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<"feed" | "shopify">("feed");
  const [content, setContent] = useState("");
  const [filename, setFilename] = useState<string | undefined>();
  const [storeUrl, setStoreUrl] = useState("");
  const [fileError, setFileError] = useState<string | undefined>();
  const [report, setReport] = useState<ImportReport | null>(null);

  const run = useMutation({
    mutationFn: () => {
      if (tab === "shopify") return importShopify(storeUrl.trim());
      const format = filename?.toLowerCase().endsWith(".json") || content.trim().startsWith("[") || content.trim().startsWith("{") ? "json" : "csv";
      return importFeed(format, content, filename);
    },
    onSuccess: (answer) => {
      setReport(answer);
      void queryClient.invalidateQueries({ queryKey: explorerKeys.all });
    },
  });

  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setFileError(undefined);
    if (!file) return;
    if (!/\.(csv|json|txt)$/i.test(file.name)) return setFileError(`${file.name} is not a CSV or JSON file.`);
    if (file.size > MAX_FEED_BYTES) return setFileError(`${file.name} is larger than 5 MB; split it into smaller feeds.`);
    setFilename(file.name);
    setContent(await file.text());
  };

  const reset = () => {
    setReport(null);
    run.reset();
  };
  const canRun = tab === "shopify" ? storeUrl.trim().length > 0 : content.trim().length > 0;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
      title="Import your products"
      description="They are scored like the catalog's and stay yours: nobody else sees them."
      className="md:max-w-2xl"
      data-testid="import-dialog"
      footer={
        report ? (
          <>
            <Button variant="secondary" onClick={reset}>
              Import more
            </Button>
            <Button
              onClick={() => {
                onShowMine();
                onOpenChange(false);
                reset();
              }}
              disabled={report.accepted === 0}
            >
              Show my products
            </Button>
          </>
        ) : (
          <Button onClick={() => run.mutate()} loading={run.isPending} disabled={!canRun} data-testid="import-run">
            Import
          </Button>
        )
      }
    >
      {report ? (
        <ImportResult report={report} />
      ) : (
        <Tabs value={tab} onValueChange={(v) => setTab(v as "feed" | "shopify")}>
          <TabsList aria-label="Import from">
            <TabsTrigger value="feed">CSV or JSON feed</TabsTrigger>
            <TabsTrigger value="shopify">Shopify store</TabsTrigger>
          </TabsList>
          <TabsContent value="feed" className="mt-4 space-y-4">
            <Field label="Feed file" hint="CSV with a header row, or a JSON list of products. At most 2,000 rows and 5 MB." error={fileError}>
              <Input type="file" accept=".csv,.json,.txt,text/csv,application/json" onChange={readFile} data-testid="import-file" />
            </Field>
            <Field
              label="Or paste it"
              hint={
                <>
                  Columns: <code>name</code> and <code>price</code> (required), <code>niche</code>, <code>product_type</code>, <code>cost</code>,{" "}
                  <code>shipping_cost</code>, <code>shipping_days</code>, <code>compare_at_price</code>, <code>vendor</code>, <code>image_url</code>,{" "}
                  <code>source_url</code>, <code>active_ads</code>, <code>weekly_orders</code> (orders per week, oldest first, separated by ;).{" "}
                  <Button variant="link" onClick={() => setContent(SAMPLE_CSV)}>
                    Paste an example
                  </Button>
                </>
              }
            >
              <Textarea rows={6} value={content} onChange={(e) => setContent(e.target.value)} className="font-mono text-xs" data-testid="import-content" />
            </Field>
          </TabsContent>
          <TabsContent value="shopify" className="mt-4">
            <Field label="Store URL" hint="We read the store's public product list (/products.json) through our URL guard.">
              <Input value={storeUrl} onChange={(e) => setStoreUrl(e.target.value)} placeholder="https://your-competitor.com" inputMode="url" data-testid="import-url" />
            </Field>
          </TabsContent>
        </Tabs>
      )}
      {run.isError && (
        <p role="alert" className="mt-4 flex items-start gap-2 rounded-lg border border-danger/30 bg-danger/5 p-3 text-sm text-danger" data-testid="import-error">
          <XCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
          {errorMessage(run.error, "The import failed. Please try again.")}
        </p>
      )}
    </Dialog>
  );
}

function ImportResult({ report }: { report: ImportReport }) {
  return (
    <div data-testid="import-report" className="space-y-4">
      <div className="grid grid-cols-2 gap-3">
        <div className="rounded-lg border border-line p-3">
          <p className="flex items-center gap-1.5 text-sm text-muted">
            <CheckCircle2 className="size-4 text-brand" aria-hidden /> Accepted
          </p>
          <p className="mt-1 text-2xl font-semibold tabular-nums" data-testid="import-accepted">
            {report.accepted.toLocaleString("en-US")}
          </p>
        </div>
        <div className="rounded-lg border border-line p-3">
          <p className="flex items-center gap-1.5 text-sm text-muted">
            <XCircle className="size-4 text-danger" aria-hidden /> Refused
          </p>
          <p className="mt-1 text-2xl font-semibold tabular-nums" data-testid="import-refused">
            {report.refused.toLocaleString("en-US")}
          </p>
        </div>
      </div>
      {report.refusedRows.length > 0 && (
        <div>
          <h3 className="text-sm font-semibold">Rows refused, and why</h3>
          <ul className="mt-2 max-h-56 divide-y divide-line/60 overflow-y-auto rounded-lg border border-line text-sm">
            {report.refusedRows.slice(0, 200).map((r) => (
              <li key={r.row} className="px-3 py-2">
                <span className="font-medium">Row {r.row}:</span> {r.reasons.join("; ")}
              </li>
            ))}
          </ul>
          {report.refusedRows.length > 200 && <p className="mt-1 text-xs text-subtle">The first 200 of {report.refusedRows.length} refused rows.</p>}
        </div>
      )}
      {report.accepted > 0 && (
        <p className="flex items-center gap-2 text-sm text-muted">
          <FileUp className="size-4" aria-hidden />
          {report.accepted === 1 ? "1 product is" : `${report.accepted.toLocaleString("en-US")} products are`} now in your Explorer, scored against the catalog.
        </p>
      )}
    </div>
  );
}
