/**
 * The preview: the real drop page as the renderer serves it, in a frame from a short-lived
 * preview link (a new link per saved revision, so it reloads after each save), at desktop width
 * or a 375 px phone.
 */
import { ExternalLink, Monitor, RefreshCw, Smartphone } from "lucide-react";
import { useState } from "react";
import { errorMessage } from "~/lib/http";
import { Button, IconButton, RadioGroup, Segment, Skeleton, Spinner, cx } from "~/ui";
import { usePreviewLink } from "./use-pages";

export type PreviewDevice = "desktop" | "phone";

export function PreviewPane({
  pageId,
  revision,
  pending,
  className,
}: {
  pageId: string;
  revision: number;
  pending: boolean;
  className?: string;
}) {
  const [device, setDevice] = useState<PreviewDevice>("desktop");
  const link = usePreviewLink(pageId, revision);
  const [loadedSrc, setLoadedSrc] = useState<string | null>(null);
  const src = link.data?.url ?? null;
  const loading = link.isFetching || (src !== null && loadedSrc !== src);
  const deviceButton = (value: PreviewDevice, label: string, Icon: typeof Monitor) => (
    <Segment size="sm" role="radio" aria-checked={device === value} onClick={() => setDevice(value)}>
      <Icon aria-hidden className="size-4" />
      {label}
    </Segment>
  );
  return (
    <section
      aria-label="Preview"
      className={cx("flex min-h-0 flex-col rounded-2xl border border-line bg-surface-2/60", className)}
      data-testid="pb-preview"
    >
      <div className="flex items-center justify-between gap-2 border-b border-line px-3 py-2">
        <RadioGroup aria-label="Preview size" className="flex gap-1 rounded-xl bg-surface-2 p-1">
          {deviceButton("desktop", "Desktop", Monitor)}
          {deviceButton("phone", "Phone", Smartphone)}
        </RadioGroup>
        <div className="flex items-center gap-1">
          <span className="mr-1 hidden items-center gap-1.5 text-xs text-subtle sm:flex" aria-live="polite">
            {pending ? (
              "Shows the last save"
            ) : loading ? (
              <>
                <Spinner className="size-3" /> Updating…
              </>
            ) : (
              `Revision ${revision}`
            )}
          </span>
          <IconButton
            size="sm"
            label="Reload the preview"
            tooltip
            onClick={() => void link.refetch()}
            disabled={link.isFetching}
          >
            <RefreshCw aria-hidden className={cx("size-4", link.isFetching && "motion-safe:animate-spin")} />
          </IconButton>
          {src && (
            <a
              href={src}
              target="_blank"
              rel="noopener noreferrer"
              aria-label="Open the preview in a new tab"
              className="grid size-8 place-items-center rounded-lg text-muted transition-colors hover:bg-surface-2 hover:text-fg"
            >
              <ExternalLink aria-hidden className="size-4" />
            </a>
          )}
        </div>
      </div>
      <div className="relative min-h-0 flex-1 overflow-auto p-3">
        {link.isError && !src ? (
          <div role="alert" className="grid h-full min-h-64 place-items-center text-center">
            <div>
              <p className="text-sm text-fg">
                Couldn’t load the preview: {errorMessage(link.error, "please try again")}.
              </p>
              <Button className="mt-3" size="sm" variant="secondary" onClick={() => void link.refetch()}>
                Try again
              </Button>
            </div>
          </div>
        ) : !src ? (
          <Skeleton className="h-full min-h-96 w-full rounded-xl" />
        ) : (
          <div
            className={cx(
              "mx-auto h-full transition-[width] duration-200",
              device === "phone" ? "w-[375px] max-w-full" : "w-full",
            )}
          >
            <iframe
              key={src}
              src={src}
              title={`Preview of the page (${device === "phone" ? "phone, 375 px" : "desktop"})`}
              onLoad={() => setLoadedSrc(src)}
              // The page runs no script; the sandbox makes sure, and lets its links open new tabs.
              sandbox="allow-popups allow-popups-to-escape-sandbox allow-same-origin"
              className={cx(
                "h-full min-h-[32rem] w-full rounded-xl border border-line bg-white shadow-sm",
                device === "phone" && "rounded-[1.75rem] border-4 border-fg/80",
              )}
              data-testid="pb-preview-frame"
            />
          </div>
        )}
      </div>
    </section>
  );
}
