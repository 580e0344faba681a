/** The text read from a knowledge-base file, as the passages the chat searches (GET /files/{fileId}). */
import { AlertTriangle, Download } from "lucide-react";
import type { ProjectFile } from "~/domain/contracts/projects";
import { errorMessage } from "~/lib/http";
import { notify } from "~/lib/toast";
import { Badge, Button, Dialog, Skeleton } from "~/ui";
import { fileFacts, fileStatusLook } from "./project-logic";
import { downloadFile } from "./projects-client";
import { useFileDetail } from "./use-projects";

export function FilePreviewDialog({ projectId, file, onClose }: { projectId: string; file: ProjectFile | null; onClose: () => void }) {
  const detail = useFileDetail(projectId, file?.id ?? null);
  const shown = detail.data ?? file;
  const look = shown ? fileStatusLook(shown.status) : null;
  return (
    <Dialog
      open={file !== null}
      onOpenChange={(open) => !open && onClose()}
      title={shown?.name ?? "File"}
      description={shown ? fileFacts(shown) : undefined}
      className="md:max-w-3xl"
      data-testid="file-preview"
      footer={
        shown && (
          <Button
            variant="secondary"
            icon={<Download className="size-4" aria-hidden />}
            onClick={() =>
              void downloadFile(projectId, shown.id, shown.name).catch((err: unknown) =>
                notify({ title: "Couldn’t download the file", description: errorMessage(err, "Please try again."), variant: "destructive" }),
              )
            }
          >
            Download original
          </Button>
        )
      }
    >
      {look && (
        <div className="mb-4 flex flex-wrap items-center gap-2">
          <Badge tone={look.tone}>{look.label}</Badge>
          {shown?.statusReason && <span className="text-[13px] text-muted">{shown.statusReason}</span>}
        </div>
      )}
      {detail.isPending ? (
        <div role="status" className="space-y-3" aria-busy="true" aria-label="Loading the file's text">
          <Skeleton lines={4} />
          <Skeleton lines={3} />
        </div>
      ) : detail.isError ? (
        <p role="alert" className="flex items-center gap-2 text-sm text-danger">
          <AlertTriangle className="size-4" aria-hidden />
          Couldn’t load the text: {errorMessage(detail.error, "please try again.")}
        </p>
      ) : detail.data.passages.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line px-4 py-8 text-center text-sm text-muted" data-testid="file-preview-empty">
          No text was read from this file, so chats can’t quote it.
          {detail.data.kind === "pdf" ? " A scanned PDF holds pictures of pages: export it with text, or upload a text version." : ""}
        </p>
      ) : (
        <ol className="space-y-3" data-testid="file-preview-passages">
          {detail.data.passages.map((passage, i) => (
            <li key={passage.id} className="rounded-xl border border-line bg-bg-elevated/60 px-4 py-3">
              <p className="text-[11px] font-semibold uppercase tracking-wider text-subtle">Passage {i + 1}</p>
              <p className="mt-1.5 whitespace-pre-wrap break-words text-sm leading-6 text-fg">{passage.text}</p>
            </li>
          ))}
        </ol>
      )}
    </Dialog>
  );
}
