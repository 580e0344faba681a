/**
 * The editor at /ai-page-builder?page=<id>: product, sections and theme panels beside the live
 * preview; undo and redo; autosave with a conflict guard; versions; generate with AI (paid,
 * metered); publish with the public address; downloads and export to Shopify.
 */
import { Link } from "@remix-run/react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  AlertTriangle,
  ArrowLeft,
  Check,
  ChevronDown,
  Copy,
  Download,
  ExternalLink,
  FileArchive,
  FileSpreadsheet,
  Globe,
  History,
  ImageOff,
  Link2,
  Lock,
  PenLine,
  Redo2,
  Rocket,
  Sparkles,
  Store,
  Undo2,
  X,
} from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { COUNTERS, countOf, isUsageCounter, leftPhrase } from "~/domain/counters";
import type { Page, PageSectionKind } from "~/domain/contracts/pages";
import { SECTION_LABELS } from "~/domain/pages";
import { openUpgradeModal, type UpgradeFeature } from "~/features/billing";
import { USAGE_SUMMARY_KEY, useSubscription, useUsageSummary } from "~/features/account";
import { StoreExportDialog } from "~/features/drop-pages";
import { downloadExport, fetchPage, generatePage, publishPage, unpublishPage } from "~/features/pages";
import { errorMessage, HttpError } from "~/lib/http";
import { notify } from "~/lib/toast";
import { Badge, Button, ConfirmDialog, IconButton, Menu, MenuContent, MenuItem, MenuLabel, MenuSeparator, MenuTrigger, Modal, RadioGroup, Segment, Spinner, Tabs, TabsContent, TabsList, TabsTrigger, buttonClasses, cx, downloadBlob, segmentGroupClasses, useCopyText } from "~/ui";
import { AddressEditor } from "./address-editor";
import { detailsOf, fieldOf, fieldWord, isUpgradeRefusal } from "./editor-logic";
import { PreviewPane } from "./preview-pane";
import { fieldId, ProductEditor } from "./product-editor";
import { SectionsEditor } from "./sections-editor";
import { ThemeEditor } from "./theme-editor";
import { usePageEditor, type PageEditor, type SaveState } from "./use-page-editor";
import { VersionsDialog } from "./versions-dialog";

type Tab = "product" | "sections" | "theme";

export interface Extraction {
  found: string[];
  missing: string[];
}

const UPGRADE_COPY: Record<UpgradeFeature, { title: string; message: string }> = {
  generate: {
    title: "Write your page with AI",
    message:
      "Growth and Elite plans write every section from your product data and brand facts: 10 AI page generations a month. On Free you can extract, edit, preview and publish.",
  },
  download: {
    title: "Download your page",
    message: "Growth and Elite plans download the Shopify product CSV and the page as a standalone HTML zip.",
  },
  export: {
    title: "Export to your Shopify store",
    message:
      "Growth and Elite plans create the product (and its landing page) in your connected Shopify store: 10 exports a month.",
  },
};

/** A paid action refused: the plan (FORBIDDEN, details.upgrade) or the month's allowance (USAGE_LIMIT) opens the upgrade modal. Returns whether it did. */
function openModalFor(err: unknown, feature: UpgradeFeature): boolean {
  if (isUpgradeRefusal(err)) {
    const named = detailsOf(err).feature;
    const f = (["generate", "download", "export"] as const).find((x) => x === named) ?? feature;
    openUpgradeModal({
      feature: f,
      title: UPGRADE_COPY[f].title,
      message: (err as HttpError).serverMessage ?? UPGRADE_COPY[f].message,
    });
    return true;
  }
  if (err instanceof HttpError && err.status === 429 && err.type === "USAGE_LIMIT") {
    const counter = detailsOf(err).counter;
    const known = isUsageCounter(counter) ? counter : feature === "generate" ? "pageGenerations" : "exports";
    openUpgradeModal({
      feature,
      title: COUNTERS[known].limitTitle,
      message: err.serverMessage,
      limitLabel: leftPhrase(known, 0),
    });
    return true;
  }
  return false;
}

function SaveIndicator({ save, onRetry }: { save: SaveState; onRetry: () => void }) {
  return (
    <span
      className="flex min-w-0 items-center gap-1.5 text-xs"
      role="status"
      aria-live="polite"
      data-testid="pb-save-state"
      data-state={save.kind}
    >
      {save.kind === "saving" ? (
        <>
          <Spinner size="sm" /> <span className="text-muted">Saving…</span>
        </>
      ) : save.kind === "retrying" ? (
        <>
          <Spinner size="sm" />{" "}
          <span className="truncate text-warning" title={save.message}>
            Couldn’t save, trying again…
          </span>
        </>
      ) : save.kind === "pending" ? (
        <span className="text-muted">Unsaved changes</span>
      ) : save.kind === "saved" ? (
        <>
          <Check aria-hidden className="size-3.5 text-accent" /> <span className="text-muted">Saved</span>
        </>
      ) : save.kind === "failed" ? (
        <>
          <AlertTriangle aria-hidden className="size-3.5 shrink-0 text-danger" />
          <span className="truncate text-danger" title={save.message}>
            Couldn’t save
          </span>
          <Button variant="link" onClick={onRetry} data-testid="pb-save-retry">
            Retry
          </Button>
        </>
      ) : (
        <>
          <AlertTriangle aria-hidden className="size-3.5 text-warning" />{" "}
          <span className="text-warning">Not saved: newer version elsewhere</span>
        </>
      )}
    </span>
  );
}

function ConflictBanner({ editor, message }: { editor: PageEditor; message: string }) {
  const [busy, setBusy] = useState<"newest" | "mine" | null>(null);
  const choose = async (which: "newest" | "mine") => {
    setBusy(which);
    try {
      const newest = await fetchPage(editor.page.id);
      if (which === "newest") {
        editor.takeNewest(newest);
        notify({
          title: "Loaded the newest version",
          description: "Your text is one Undo away (Ctrl+Z) if you want it back.",
        });
      } else editor.keepMine(newest);
    } catch (err) {
      notify({
        title: "Couldn’t load the newest version",
        description: errorMessage(err, "Please try again."),
        variant: "destructive",
      });
    } finally {
      setBusy(null);
    }
  };
  return (
    <div role="alert" className="mb-4 rounded-2xl border border-warning/40 bg-warning/10 p-4" data-testid="pb-conflict">
      <p className="flex items-start gap-2 text-sm font-semibold text-fg">
        <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0 text-warning" />
        This page was changed somewhere else (another tab or device).
      </p>
      <p className="mt-1 text-sm text-muted">
        {message} Your edits are still here and nothing is lost until you choose.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" onClick={() => void choose("newest")} loading={busy === "newest"} disabled={busy !== null}>
          Load the newest version
        </Button>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => void choose("mine")}
          loading={busy === "mine"}
          disabled={busy !== null}
        >
          Keep my edits and save over it
        </Button>
      </div>
    </div>
  );
}

/**
 * The page's address above the editor. Live: green, with copy, open and unpublish. A draft: where
 * it will answer once published, editable before anyone has the link.
 */
function AddressBar({
  page,
  editor,
  outdated = false,
  onUnpublish,
  unpublishing = false,
}: {
  page: Page;
  editor: PageEditor;
  outdated?: boolean;
  /** Given for a live page only. */
  onUnpublish?: () => void;
  unpublishing?: boolean;
}) {
  const live = page.status === "published";
  return (
    <div
      className={cx(
        "mb-4 flex flex-col gap-3 rounded-2xl border p-3 sm:flex-row sm:items-center",
        live ? "border-accent/30 bg-accent/5" : "border-line bg-surface",
      )}
      data-testid={live ? "pb-published" : "pb-draft-address"}
    >
      <div className="flex min-w-0 flex-1 items-start gap-2.5">
        <span
          className={cx(
            "grid size-9 shrink-0 place-items-center rounded-xl",
            live ? "bg-accent/15 text-accent" : "bg-surface-2 text-muted",
          )}
          aria-hidden
        >
          {live ? <Globe className="size-4" /> : <Link2 className="size-4" />}
        </span>
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold text-fg">
            {live ? "Live" : "Page address"}{" "}
            {live ? (
              outdated && <span className="font-normal text-warning">· edits since publishing are not live yet</span>
            ) : (
              <span className="font-normal text-muted">· not live until you publish</span>
            )}
          </p>
          <AddressEditor page={page} editor={editor} />
        </div>
      </div>
      {live && onUnpublish && (
        <LiveLinkActions url={page.publicUrl ?? ""} onUnpublish={onUnpublish} unpublishing={unpublishing} />
      )}
    </div>
  );
}

function LiveLinkActions({
  url,
  onUnpublish,
  unpublishing,
}: {
  url: string;
  onUnpublish: () => void;
  unpublishing: boolean;
}) {
  const { copy, copied } = useCopyText({
    failedToast: { title: "Copy failed", description: "Select the address and copy it yourself.", variant: "destructive" },
  });
  return (
    <div className="flex shrink-0 flex-wrap gap-2">
      <Button
        size="sm"
        variant="secondary"
        onClick={() => void copy(url)}
        icon={copied ? <Check className="size-3.5" aria-hidden /> : <Copy className="size-3.5" aria-hidden />}
      >
        {copied ? "Copied" : "Copy link"}
      </Button>
      <a
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        className={buttonClasses({ variant: "secondary", size: "sm" })}
      >
        <ExternalLink className="size-3.5" aria-hidden />
        Open
      </a>
      <Button size="sm" variant="ghost" onClick={onUnpublish} loading={unpublishing} data-testid="pb-unpublish">
        Unpublish
      </Button>
    </div>
  );
}

/** Open right after generation (or a refusal); later it folds to one line, still in sight. */
function MissingCallout({
  missing,
  onDismiss,
  title,
  open,
}: {
  missing: string[];
  onDismiss?: () => void;
  title: string;
  open: boolean;
}) {
  return (
    <details
      open={open}
      className="group mb-4 rounded-2xl border border-warning/40 bg-warning/10 p-4"
      data-testid="pb-missing"
    >
      <summary className="flex cursor-pointer list-none items-start justify-between gap-3 [&::-webkit-details-marker]:hidden">
        <span className="flex items-center gap-2 text-sm font-semibold text-fg">
          <AlertTriangle aria-hidden className="size-4 shrink-0 text-warning" />
          {title} ({missing.length})
        </span>
        <span className="flex items-center gap-1">
          <ChevronDown aria-hidden className="size-4 text-subtle transition-transform group-open:rotate-180" />
          {onDismiss && (
            <IconButton size="sm" label="Dismiss" onClick={onDismiss} className="-m-1.5">
              <X aria-hidden className="size-4" />
            </IconButton>
          )}
        </span>
      </summary>
      <ul className="mt-2 list-disc space-y-1 pl-6 text-sm text-fg">
        {missing.map((m) => (
          <li key={m}>{m}</li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-muted">
        Nothing was invented for these: add them in the product panel or the sections, and the page picks them up.
      </p>
    </details>
  );
}

function ExtractionCard({ extraction, onDismiss }: { extraction: Extraction; onDismiss: () => void }) {
  return (
    <div
      className="mb-4 rounded-2xl border border-line bg-surface p-4"
      data-testid="pb-extraction"
      role="region"
      aria-label="What the link gave"
    >
      <div className="flex items-start justify-between gap-3">
        <p className="text-sm font-semibold text-fg">What we read from the link</p>
        <IconButton size="sm" label="Dismiss" onClick={onDismiss} className="-m-1.5">
          <X aria-hidden className="size-4" />
        </IconButton>
      </div>
      <div role="group" className="mt-2 flex flex-wrap gap-1.5" aria-label="Found">
        {extraction.found.map((f) => (
          <Badge key={f} tone="success">
            <Check aria-hidden className="size-3" /> {fieldWord(f)}
          </Badge>
        ))}
      </div>
      {extraction.missing.length > 0 && (
        <>
          <p className="mt-3 text-xs font-medium text-muted">
            Not on the page: fill these in yourself if the product has them
          </p>
          <div role="group" className="mt-1.5 flex flex-wrap gap-1.5" aria-label="Missing">
            {extraction.missing.map((f) => (
              <Badge key={f} tone="warning">
                {fieldWord(f)}
              </Badge>
            ))}
          </div>
        </>
      )}
    </div>
  );
}

const GENERATE_STEPS = [
  "Reading your product data",
  "Writing the hero and benefits",
  "Answering the questions buyers ask",
  "Checking every claim against your data",
];

function GenerateProgress() {
  const [step, setStep] = useState(0);
  useEffect(() => {
    const t = setInterval(() => setStep((s) => Math.min(s + 1, GENERATE_STEPS.length - 1)), 1600);
    return () => clearInterval(t);
  }, []);
  return (
    <div
      role="status"
      className="mb-4 flex items-center gap-3 rounded-2xl border border-brand/30 bg-brand-soft/40 p-4"
      data-testid="pb-generating"
    >
      <Spinner />
      <div>
        <p className="text-sm font-semibold text-fg">Writing your page…</p>
        <p className="text-xs text-muted">{GENERATE_STEPS[step]}</p>
      </div>
    </div>
  );
}

export function EditorScreen({
  initial,
  extraction: initialExtraction,
}: {
  initial: Page;
  extraction: Extraction | null;
}) {
  const editor = usePageEditor(initial);
  const { doc, page, save } = editor;
  const queryClient = useQueryClient();
  const subscription = useSubscription();
  const usage = useUsageSummary();
  const [tab, setTab] = useState<Tab>("product");
  const [phoneView, setPhoneView] = useState<"edit" | "preview">("edit");
  const [versionsOpen, setVersionsOpen] = useState(false);
  const [exportOpen, setExportOpen] = useState(false);
  const [extraction, setExtraction] = useState(initialExtraction);
  const [justGenerated, setJustGenerated] = useState(false);
  const [genProblem, setGenProblem] = useState<{ message: string; missing: string[] } | null>(null);
  /** Sections the merchant edited by hand, asked about before generating over them. */
  const [editedAsk, setEditedAsk] = useState<PageSectionKind[] | null>(null);
  const [checkingEdits, setCheckingEdits] = useState(false);
  const [highlight, setHighlight] = useState<string | null>(null);
  const [downloading, setDownloading] = useState<"shopify-csv" | "html" | null>(null);

  // Ctrl/Cmd+Z undoes, Shift+Ctrl/Cmd+Z (or Ctrl+Y) redoes: over the whole editor, inputs included.
  const keys = useRef(editor);
  keys.current = editor;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
      const key = e.key.toLowerCase();
      if (key === "z") {
        e.preventDefault();
        if (e.shiftKey) keys.current.redo();
        else keys.current.undo();
      } else if (key === "y" && !e.shiftKey) {
        e.preventDefault();
        keys.current.redo();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  /** Opens the panel holding a field a refusal named and puts the cursor in it. */
  const focusField = (path: string) => {
    const target = path.startsWith("sections") ? "sections" : path.startsWith("theme") ? "theme" : "product";
    setTab(target);
    setPhoneView("edit");
    setHighlight(path);
    setTimeout(() => {
      const el =
        document.getElementById(fieldId(path)) ??
        document.querySelector<HTMLElement>(`[data-testid="pb-${target}-panel"]`);
      el?.scrollIntoView({ block: "center", behavior: "smooth" });
      el?.focus({ preventScroll: true });
    }, 50);
  };

  // A save the server refused names its field: show the merchant where.
  const failedField = save.kind === "failed" ? save.field : null;
  useEffect(() => {
    if (failedField) setHighlight(failedField);
  }, [failedField]);
  useEffect(() => {
    if (highlight === "buyUrl" && doc.buyUrl) setHighlight(null);
  }, [highlight, doc.buyUrl]);

  const monthly = usage.summary?.monthly?.pageGenerations;
  const locked = subscription.isFree;

  const generate = useMutation({
    mutationFn: async (replaceEdited: PageSectionKind[]) => {
      await editor.flush();
      return generatePage(page.id, { replaceEdited });
    },
    onMutate: () => {
      setGenProblem(null);
      setJustGenerated(false);
    },
    onSuccess: (next) => {
      editor.adopt(next, { undoable: true });
      setJustGenerated(true);
      setTab("sections");
      void queryClient.invalidateQueries({ queryKey: USAGE_SUMMARY_KEY });
      // Says what changed and what was kept: "Wrote Benefits and FAQ; kept your edits in Hero."
      notify({
        title: next.generation.kept.length ? "Written around your edits" : "Your page is written",
        description: `${next.generation.summary} Undo puts the previous sections back.`,
        variant: "success",
      });
    },
    onError: (err) => {
      void queryClient.invalidateQueries({ queryKey: USAGE_SUMMARY_KEY });
      if (openModalFor(err, "generate")) return;
      const missing = detailsOf(err).missing;
      if (err instanceof HttpError && err.status === 400 && missing)
        return setGenProblem({ message: err.serverMessage ?? "Not enough product data to write from.", missing });
      notify({
        title: "Couldn’t write the page",
        description: errorMessage(err, "Please try again; this generation was not counted."),
        variant: "destructive",
      });
    },
  });

  const onGenerate = async () => {
    if (locked) return openUpgradeModal({ feature: "generate", ...UPGRADE_COPY.generate });
    // The server decides which sections are the merchant's (saved edits against the last generation): ask before writing over them.
    setCheckingEdits(true);
    try {
      await editor.flush();
      const saved = await fetchPage(page.id);
      if (saved.editedSections.length) return setEditedAsk(saved.editedSections);
    } catch {
      // The generation itself reports what went wrong.
    } finally {
      setCheckingEdits(false);
    }
    generate.mutate([]);
  };
  const editedNames = (editedAsk ?? []).map((k) => SECTION_LABELS[k]).join(", ");

  const [brokenImages, setBrokenImages] = useState<{ url: string; where: string[]; reason: string }[] | null>(null);
  const publish = useMutation({
    mutationFn: async (acceptBrokenImages: boolean) => {
      await editor.flush();
      return publishPage(page.id, { acceptBrokenImages });
    },
    onSuccess: ({ imageProblems: _problems, ...next }) => {
      editor.sync(next);
      setBrokenImages(null);
      notify({
        title: page.status === "published" ? "Live page updated" : "Your page is live",
        description: next.publicUrl ?? undefined,
        variant: "success",
      });
    },
    onError: (err) => {
      // An image that does not load: say which, and let the merchant fix it or go ahead.
      const broken = (detailsOf(err) as { brokenImages?: { url: string; where: string[]; reason: string }[] }).brokenImages;
      if (err instanceof HttpError && err.status === 400 && Array.isArray(broken) && broken.length) return setBrokenImages(broken);
      const field = fieldOf(err);
      notify({
        title: "Couldn’t publish",
        description: errorMessage(err, "Please try again."),
        variant: "destructive",
      });
      if (field) focusField(field);
    },
  });

  const unpublish = useMutation({
    mutationFn: () => unpublishPage(page.id),
    onSuccess: (next) => {
      editor.sync(next);
      notify({ title: "Page taken down", description: "The address stops answering; your draft stays here." });
    },
    onError: (err) =>
      notify({
        title: "Couldn’t unpublish",
        description: errorMessage(err, "Please try again."),
        variant: "destructive",
      }),
  });

  const download = async (kind: "shopify-csv" | "html") => {
    if (locked) return openUpgradeModal({ feature: "download", ...UPGRADE_COPY.download });
    setDownloading(kind);
    try {
      await editor.flush();
      const file = await downloadExport(page.id, kind);
      downloadBlob(file.blob, file.fileName);
      void queryClient.invalidateQueries({ queryKey: USAGE_SUMMARY_KEY });
    } catch (err) {
      if (!openModalFor(err, "download"))
        notify({
          title: "Couldn’t download",
          description: errorMessage(err, "Please try again."),
          variant: "destructive",
        });
    } finally {
      setDownloading(null);
    }
  };

  const exportToStore = async () => {
    if (locked) return openUpgradeModal({ feature: "export", ...UPGRADE_COPY.export });
    try {
      await editor.flush();
      setExportOpen(true);
    } catch (err) {
      notify({
        title: "Save your edits first",
        description: errorMessage(err, "The page could not be saved."),
        variant: "destructive",
      });
    }
  };

  const outdated =
    page.status === "published" &&
    page.publishedAt !== null &&
    (Date.parse(page.updatedAt) - Date.parse(page.publishedAt) > 2000 || save.kind !== "saved");
  const title = doc.product.title.trim() || "Untitled page";
  const missing = justGenerated || page.missing.length ? page.missing : [];

  return (
    <div className="mx-auto w-full max-w-[1600px] px-3 pb-10 sm:px-5" data-testid="page-builder-editor">
      {/* From lg the action bar stays in reach while the panels scroll; on a phone it would eat the screen. */}
      <div className="z-20 -mx-3 mb-4 border-b border-line bg-bg/90 px-3 py-2.5 backdrop-blur-md sm:-mx-5 sm:px-5 lg:sticky lg:top-0">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <Link
            to="/ai-page-builder"
            className="grid size-9 shrink-0 place-items-center rounded-lg text-muted hover:bg-surface-2 hover:text-fg"
            aria-label="All pages"
          >
            <ArrowLeft aria-hidden className="size-4" />
          </Link>
          <div className="min-w-0 flex-1">
            <h1 className="flex min-w-0 items-center gap-2 text-base font-semibold text-fg sm:text-lg">
              <span className="truncate" data-testid="pb-heading">
                {title}
              </span>
              <Badge tone={page.status === "published" ? "success" : "neutral"}>
                {page.status === "published" ? "Live" : "Draft"}
              </Badge>
            </h1>
            <SaveIndicator save={save} onRetry={editor.retry} />
          </div>
          <div className="flex items-center gap-1">
            <IconButton
              label="Undo (Ctrl+Z)"
              tooltip
              onClick={editor.undo}
              disabled={!editor.canUndo}
              data-testid="pb-undo"
            >
              <Undo2 aria-hidden className="size-4" />
            </IconButton>
            <IconButton
              label="Redo (Shift+Ctrl+Z)"
              tooltip
              onClick={editor.redo}
              disabled={!editor.canRedo}
              data-testid="pb-redo"
            >
              <Redo2 aria-hidden className="size-4" />
            </IconButton>
            <IconButton label="Versions" tooltip onClick={() => setVersionsOpen(true)} data-testid="pb-versions-open">
              <History aria-hidden className="size-4" />
            </IconButton>
          </div>
          <div className="flex w-full flex-wrap items-center gap-2 sm:w-auto">
            <Button
              variant="secondary"
              size="sm"
              onClick={() => void onGenerate()}
              loading={generate.isPending || checkingEdits}
              icon={locked ? <Lock className="size-3.5" aria-hidden /> : <Sparkles className="size-3.5" aria-hidden />}
              data-testid="pb-generate"
              data-plan={locked ? "free" : subscription.isPaid ? "paid" : "unknown"}
              className="flex-1 sm:flex-none"
            >
              Generate with AI
            </Button>
            <Menu>
              <MenuTrigger asChild>
                <Button
                  variant="secondary"
                  size="sm"
                  icon={<Download className="size-3.5" aria-hidden />}
                  loading={downloading !== null}
                  data-testid="pb-export-menu"
                  className="flex-1 sm:flex-none"
                >
                  Export <ChevronDown aria-hidden className="size-3.5" />
                </Button>
              </MenuTrigger>
              <MenuContent align="end">
                <MenuLabel>Download{locked ? " · paid plans" : ""}</MenuLabel>
                <MenuItem onSelect={() => void download("shopify-csv")} data-testid="pb-download-csv">
                  <FileSpreadsheet aria-hidden className="size-4 text-muted" /> Download Shopify CSV
                </MenuItem>
                <MenuItem onSelect={() => void download("html")} data-testid="pb-download-html">
                  <FileArchive aria-hidden className="size-4 text-muted" /> Download HTML (zip)
                </MenuItem>
                <MenuSeparator />
                <MenuItem onSelect={() => void exportToStore()} data-testid="pb-export-shopify">
                  <Store aria-hidden className="size-4 text-muted" /> Export to Shopify
                </MenuItem>
              </MenuContent>
            </Menu>
            {/* Published: the same button brings later edits live (the drop page is a snapshot). */}
            <Button
              size="sm"
              onClick={() => publish.mutate(false)}
              loading={publish.isPending}
              disabled={page.status === "published" && !outdated}
              icon={
                page.status === "published" && !outdated ? (
                  <Check className="size-3.5" aria-hidden />
                ) : (
                  <Rocket className="size-3.5" aria-hidden />
                )
              }
              data-testid="pb-publish"
              className="flex-1 sm:flex-none"
            >
              {page.status !== "published" ? "Publish" : outdated ? "Update live page" : "Live"}
            </Button>
          </div>
        </div>
        {!locked && monthly && (
          <p className="mt-1 text-xs text-subtle" data-testid="pb-usage">
            {monthly.used} of {countOf("pageGenerations", monthly.limit)} used this month
          </p>
        )}
      </div>

      {save.kind === "conflict" && <ConflictBanner editor={editor} message={save.message} />}
      {save.kind === "failed" && (
        <div
          role="alert"
          className="mb-4 flex flex-wrap items-center gap-3 rounded-2xl border border-danger/30 bg-danger/5 p-3 text-sm"
        >
          <AlertTriangle aria-hidden className="size-4 shrink-0 text-danger" />
          <span className="min-w-0 flex-1 text-fg">Couldn’t save: {save.message}</span>
          {save.field && (
            <Button size="sm" variant="ghost" onClick={() => focusField(save.field!)}>
              Show me
            </Button>
          )}
          <Button size="sm" variant="secondary" onClick={editor.retry}>
            Retry
          </Button>
        </div>
      )}
      <AddressBar
        page={page}
        editor={editor}
        outdated={outdated}
        onUnpublish={() => unpublish.mutate()}
        unpublishing={unpublish.isPending}
      />
      <Modal
        open={editedAsk !== null}
        onOpenChange={(o) => !o && setEditedAsk(null)}
        title="Keep the sections you wrote?"
        description={`You edited ${editedNames} by hand. Generating writes the other sections and leaves yours as they are, unless you replace them.`}
        data-testid="pb-edited-confirm"
        footer={
          <>
            <Button variant="ghost" onClick={() => setEditedAsk(null)} className="md:mr-auto">
              Cancel
            </Button>
            <Button
              variant="secondary"
              className="whitespace-normal"
              onClick={() => {
                const replace = editedAsk ?? [];
                setEditedAsk(null);
                generate.mutate(replace);
              }}
              data-testid="pb-replace-edits"
            >
              Replace my edits in: {editedNames}
            </Button>
            <Button
              onClick={() => {
                setEditedAsk(null);
                generate.mutate([]);
              }}
              icon={<Check className="size-4" aria-hidden />}
              data-testid="pb-keep-edits"
            >
              Keep my edits
            </Button>
          </>
        }
      >
        <div className="rounded-xl border border-line bg-bg-elevated p-3">
          <p className="text-xs font-medium text-muted">Written by you</p>
          <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Sections you edited">
            {(editedAsk ?? []).map((k) => (
              <li key={k}>
                <Badge tone="brand">
                  <PenLine aria-hidden className="size-3" /> {SECTION_LABELS[k]}
                </Badge>
              </li>
            ))}
          </ul>
          <p className="mt-2.5 text-xs text-muted">Either way, Undo puts the page back as it is now.</p>
        </div>
      </Modal>
      <ConfirmDialog
        open={brokenImages !== null}
        onOpenChange={(o) => !o && setBrokenImages(null)}
        title={brokenImages?.length === 1 ? "An image does not load" : "Some images do not load"}
        description={
          brokenImages?.length === 1
            ? "Shoppers would see an empty box where the picture should be. Replace it in Product → Images (or the section’s image), or publish anyway."
            : "Shoppers would see empty boxes where the pictures should be. Replace them in Product → Images (or the sections’ images), or publish anyway."
        }
        confirmLabel="Publish anyway"
        cancelLabel="Fix it first"
        danger
        pending={publish.isPending}
        onConfirm={() => publish.mutate(true)}
        data-testid="pb-broken-images"
      >
        <ul className="space-y-2 text-sm">
          {(brokenImages ?? []).map((b) => (
            <li key={b.url} className="flex items-start gap-3 rounded-xl border border-line bg-bg-elevated p-3">
              <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-danger/10 text-danger" aria-hidden>
                <ImageOff className="size-4" />
              </span>
              <div className="min-w-0 flex-1">
                <p className="font-medium text-fg">{b.where.join(", ")}</p>
                <p className="mt-0.5 break-all text-xs text-muted">{b.url}</p>
                <p className="mt-1 text-xs text-danger">Does not load: {b.reason}.</p>
              </div>
            </li>
          ))}
        </ul>
      </ConfirmDialog>
      {generate.isPending && <GenerateProgress />}
      {genProblem && (
        <MissingCallout
          open
          title={genProblem.message}
          missing={genProblem.missing}
          onDismiss={() => setGenProblem(null)}
        />
      )}
      {missing.length > 0 && !generate.isPending && (
        <MissingCallout open={justGenerated} title="What I couldn’t fill from your data" missing={missing} />
      )}

      {/* Below lg the preview is a view of its own: one toggle switches between editing and looking. */}
      <RadioGroup aria-label="Show" className={segmentGroupClasses("mb-3 lg:hidden")}>
        {(["edit", "preview"] as const).map((v) => (
          <Segment
            key={v}
            role="radio"
            aria-checked={phoneView === v}
            onClick={() => setPhoneView(v)}
            data-testid={`pb-view-${v}`}
            className="flex-1"
          >
            {v === "edit" ? <PenLine aria-hidden className="size-4" /> : <Globe aria-hidden className="size-4" />}
            {v === "edit" ? "Edit" : "Preview"}
          </Segment>
        ))}
      </RadioGroup>

      <div className="grid gap-5 lg:grid-cols-[minmax(0,26rem)_minmax(0,1fr)] xl:grid-cols-[minmax(0,30rem)_minmax(0,1fr)]">
        <div className={cx("min-w-0", phoneView === "preview" && "max-lg:hidden")}>
          {extraction && <ExtractionCard extraction={extraction} onDismiss={() => setExtraction(null)} />}
          <Tabs value={tab} onValueChange={(v) => setTab(v as Tab)}>
            <TabsList className="grid w-full grid-cols-3">
              <TabsTrigger value="product" data-testid="pb-tab-product">
                Product
              </TabsTrigger>
              <TabsTrigger value="sections" data-testid="pb-tab-sections">
                Sections
              </TabsTrigger>
              <TabsTrigger value="theme" data-testid="pb-tab-theme">
                Theme
              </TabsTrigger>
            </TabsList>
            <TabsContent value="product">
              <ProductEditor doc={doc} change={editor.change} highlight={highlight} />
            </TabsContent>
            <TabsContent value="sections">
              <SectionsEditor doc={doc} change={editor.change} />
            </TabsContent>
            <TabsContent value="theme">
              <ThemeEditor doc={doc} change={editor.change} />
            </TabsContent>
          </Tabs>
        </div>
        <PreviewPane
          pageId={page.id}
          revision={page.revision}
          pending={save.kind !== "saved"}
          className={cx(
            "h-[calc(100dvh-12rem)] min-h-[36rem] lg:sticky lg:top-24",
            phoneView === "edit" && "max-lg:hidden",
          )}
        />
      </div>

      <VersionsDialog
        page={page}
        open={versionsOpen}
        onOpenChange={setVersionsOpen}
        beforeRestore={editor.flush}
        onRestored={(p) => editor.adopt(p, { undoable: true })}
      />
      <StoreExportDialog pageId={page.id} open={exportOpen} onOpenChange={setExportOpen} />
    </div>
  );
}
