/** Saved versions of the page, newest first; restoring one asks first and is itself a new version. */
import { useMutation } from "@tanstack/react-query";
import { History, RotateCcw } from "lucide-react";
import { useState } from "react";
import type { Page } from "~/domain/contracts/pages";
import { restoreVersion, type PageVersion } from "~/features/pages";
import { errorMessage } from "~/lib/http";
import { notify } from "~/lib/toast";
import { Badge, Button, ConfirmDialog, Dialog, LoadError, Skeleton } from "~/ui";
import { formatWhen } from "./editor-logic";
import { useVersions } from "./use-pages";

const REASONS: Record<PageVersion["reason"], string> = {
  created: "Created",
  autosave: "Your edits",
  generated: "Written with AI",
  published: "Published",
  restored: "Restored",
  "seo-fix": "SEO fixes",
};

export function VersionsDialog({
  page,
  open,
  onOpenChange,
  beforeRestore,
  onRestored,
}: {
  page: Page;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  beforeRestore: () => Promise<unknown>;
  onRestored: (page: Page) => void;
}) {
  const versions = useVersions(page.id, open);
  const [chosen, setChosen] = useState<PageVersion | null>(null);
  const restore = useMutation({
    mutationFn: async (v: PageVersion) => {
      // Pending edits are saved first, so the restore does not collide with them and they stay a version themselves.
      await beforeRestore();
      return restoreVersion(page.id, v.id);
    },
    onSuccess: (restored, v) => {
      setChosen(null);
      onOpenChange(false);
      onRestored(restored);
      void versions.refetch();
      notify({
        title: "Version restored",
        description: `Back to revision ${v.revision}. Undo brings your previous text back.`,
        variant: "success",
      });
    },
    onError: (err) =>
      notify({
        title: "Couldn’t restore",
        description: errorMessage(err, "Please try again."),
        variant: "destructive",
      }),
  });
  return (
    <>
      <Dialog
        open={open}
        onOpenChange={onOpenChange}
        title="Versions"
        description="Every save, generation and publish is kept. Restoring keeps the current one too."
        data-testid="pb-versions"
      >
        {versions.isPending ? (
          <div aria-busy className="space-y-2">
            <Skeleton className="h-12" />
            <Skeleton className="h-12" />
            <Skeleton className="h-12" />
          </div>
        ) : versions.isError ? (
          <LoadError onRetry={() => void versions.refetch()} retrying={versions.isFetching}>
            Couldn’t load the versions: {errorMessage(versions.error, "please try again")}.
          </LoadError>
        ) : versions.data.length === 0 ? (
          <p className="text-sm text-muted">No saved versions yet.</p>
        ) : (
          <ol className="divide-y divide-line rounded-xl border border-line" aria-label="Saved versions">
            {versions.data.map((v) => {
              const current = v.revision === page.revision;
              return (
                <li key={v.id} className="flex items-center gap-3 px-3 py-2.5">
                  <History aria-hidden className="size-4 shrink-0 text-subtle" />
                  <div className="min-w-0 flex-1">
                    <p className="text-sm font-medium text-fg">
                      {REASONS[v.reason]} {current && <Badge tone="brand">Current</Badge>}
                    </p>
                    <p className="text-xs text-subtle">
                      Revision {v.revision} · <time dateTime={v.createdAt}>{formatWhen(v.createdAt)}</time>
                    </p>
                  </div>
                  {!current && (
                    <Button
                      size="sm"
                      variant="secondary"
                      icon={<RotateCcw className="size-3.5" aria-hidden />}
                      onClick={() => setChosen(v)}
                    >
                      Restore
                    </Button>
                  )}
                </li>
              );
            })}
          </ol>
        )}
      </Dialog>
      <ConfirmDialog
        open={chosen !== null}
        onOpenChange={(o) => !o && setChosen(null)}
        title={`Restore revision ${chosen?.revision ?? ""}?`}
        description={
          chosen
            ? `The product, sections, theme and SEO fields go back to how they were ${formatWhen(chosen.createdAt)} (${REASONS[chosen.reason].toLowerCase()}). What you have now is kept as a version.`
            : undefined
        }
        confirmLabel="Restore this version"
        pending={restore.isPending}
        onConfirm={() => chosen && restore.mutate(chosen)}
        data-testid="pb-restore-confirm"
      />
    </>
  );
}
