/**
 * The Knowledge base tab: drop or pick files (one request each, with progress), a row per file
 * with its status (indexed, no text found, failed with the reason), size and passages; rename
 * in place, preview the text read from it, download, replace, reorder and delete.
 */
import { AlertTriangle, ArrowDown, ArrowUp, Check, Download, Eye, FileUp, HardDrive, Loader2, MoreHorizontal, Pencil, Trash2, X } from "lucide-react";
import { useRef, useState } from "react";
import type { Project, ProjectFile } from "~/domain/contracts/projects";
import { errorMessage } from "~/lib/http";
import { notify } from "~/lib/toast";
import {
  Badge,
  Button,
  ConfirmDialog,
  cx,
  IconButton,
  Input,
  Menu,
  MenuContent,
  MenuItem,
  MenuSeparator,
  MenuTrigger,
  ProgressBar,
  Skeleton,
} from "~/ui";
import { FilePreviewDialog } from "./file-preview-dialog";
import { FILE_ACCEPT, fileFacts, fileStatusLook, formatSize, moveId, plural } from "./project-logic";
import { FileDropZone, UploadRow } from "./project-parts";
import { downloadFile } from "./projects-client";
import { useDeleteFile, useProjectFiles, useRenameFile, useReorderFiles } from "./use-projects";
import { useUploads } from "./use-uploads";

const KIND_TINT: Record<ProjectFile["kind"], string> = {
  pdf: "bg-danger/10 text-danger",
  docx: "bg-brand-soft text-brand",
  csv: "bg-accent/10 text-accent",
  json: "bg-warning/10 text-warning",
  md: "bg-surface-2 text-muted",
  txt: "bg-surface-2 text-muted",
};

export function KnowledgeTab({ project }: { project: Project }) {
  const files = useProjectFiles(project.id);
  const uploads = useUploads();
  const reorder = useReorderFiles(project.id);
  const remove = useDeleteFile(project.id);
  const [previewing, setPreviewing] = useState<ProjectFile | null>(null);
  const [deleting, setDeleting] = useState<ProjectFile | null>(null);
  const replaceInput = useRef<HTMLInputElement>(null);
  const replacing = useRef<ProjectFile | null>(null);

  const list = files.data?.files ?? (files.isPending ? null : project.knowledgeBase);
  const storage = files.data?.storage;
  const mine = uploads.items.filter((it) => it.projectId === project.id);
  const add = (picked: File[]) => void uploads.upload(project.id, picked);
  const ids = list?.map((f) => f.id) ?? [];
  const move = (id: string, step: -1 | 1) => reorder.mutate(moveId(ids, id, step));

  return (
    <div className="space-y-4">
      {list && list.length === 0 && mine.length === 0 ? (
        <FileDropZone onFiles={add} data-testid="kb-drop">
          <p className="mx-auto mt-3 max-w-md text-[13px] leading-5 text-muted">
            Add what you would hand a new assistant: supplier price lists, product catalogs, return and shipping policies, brand
            guides. Chats in this project quote them and name the file.
          </p>
        </FileDropZone>
      ) : (
        <FileDropZone compact onFiles={add} data-testid="kb-drop" />
      )}

      {storage && (
        <div className="flex items-center gap-3 px-1 text-[13px] text-muted" data-testid="kb-storage">
          <HardDrive className="size-4 shrink-0 text-subtle" aria-hidden />
          <span className="shrink-0">
            {formatSize(storage.usedBytes)} of {formatSize(storage.limitBytes)} used
          </span>
          <ProgressBar
            value={storage.usedBytes}
            max={storage.limitBytes}
            label="Knowledge base storage"
            valueText={`${formatSize(storage.usedBytes)} of ${formatSize(storage.limitBytes)} used`}
            className="max-w-48"
          />
        </div>
      )}

      {mine.length > 0 && (
        <ul className="space-y-2" aria-label="Uploads" data-testid="kb-uploads">
          {mine.map((item) => (
            <UploadRow key={item.key} item={item} onRetry={() => uploads.retry(item.key)} onDismiss={() => uploads.dismiss(item.key)} />
          ))}
        </ul>
      )}

      {list === null ? (
        <div role="status" className="space-y-2" aria-busy="true" aria-label="Loading the knowledge base">
          {[0, 1].map((i) => (
            <Skeleton key={i} className="h-[72px] w-full rounded-xl" />
          ))}
        </div>
      ) : files.isError && !files.data ? (
        <p role="alert" className="flex items-center gap-2 rounded-xl border border-line px-4 py-3 text-sm text-fg">
          <AlertTriangle className="size-4 text-warning" aria-hidden />
          Couldn’t refresh the files: {errorMessage(files.error, "please try again.")}
        </p>
      ) : null}

      {list && list.length > 0 && (
        <section aria-label="Files" className="rounded-2xl border border-line bg-surface shadow-sm shadow-black/5">
          <p className="border-b border-line px-4 py-2.5 text-[13px] text-muted sm:px-5">
            {plural(list.length, "file")} · {plural(list.reduce((n, f) => n + f.passageCount, 0), "passage")} indexed
          </p>
          <ul className="divide-y divide-line" data-testid="kb-files">
            {list.map((file, i) => (
              <FileRow
                key={file.id}
                projectId={project.id}
                file={file}
                first={i === 0}
                last={i === list.length - 1}
                onPreview={() => setPreviewing(file)}
                onDelete={() => setDeleting(file)}
                onMove={(step) => move(file.id, step)}
                onReplace={() => {
                  replacing.current = file;
                  replaceInput.current?.click();
                }}
              />
            ))}
          </ul>
        </section>
      )}

      <input
        ref={replaceInput}
        type="file"
        accept={FILE_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        data-testid="kb-replace-input"
        onChange={(e) => {
          const picked = e.target.files?.[0];
          e.target.value = "";
          const target = replacing.current;
          if (picked && target) void uploads.upload(project.id, [picked], { replaceOf: target.id });
        }}
      />

      <FilePreviewDialog projectId={project.id} file={previewing} onClose={() => setPreviewing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        danger
        title={`Delete “${deleting?.name ?? ""}”?`}
        description={
          deleting
            ? `Its stored copy${deleting.passageCount ? ` and the ${plural(deleting.passageCount, "passage")} read from it` : ""} are deleted; chats in this project stop using it. This can’t be undone.`
            : undefined
        }
        confirmLabel="Delete file"
        pending={remove.isPending}
        data-testid="delete-file-dialog"
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
      />
    </div>
  );
}

function FileRow({
  projectId,
  file,
  first,
  last,
  onPreview,
  onDelete,
  onMove,
  onReplace,
}: {
  projectId: string;
  file: ProjectFile;
  first: boolean;
  last: boolean;
  onPreview: () => void;
  onDelete: () => void;
  onMove: (step: -1 | 1) => void;
  onReplace: () => void;
}) {
  const look = fileStatusLook(file.status);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(file.name);
  const [renameError, setRenameError] = useState<string | null>(null);
  const rename = useRenameFile(projectId);
  const working = file.status === "uploading" || file.status === "extracting";

  const download = () =>
    void downloadFile(projectId, file.id, file.name).catch((err: unknown) =>
      notify({ title: "Couldn’t download the file", description: errorMessage(err, "Please try again."), variant: "destructive" }),
    );
  const startRename = () => {
    setDraft(file.name);
    setRenameError(null);
    setEditing(true);
  };
  const saveRename = () => {
    const name = draft.trim();
    if (!name || name === file.name) return setEditing(false);
    rename.mutate(
      { fileId: file.id, name },
      {
        onSuccess: () => setEditing(false),
        onError: (err) => setRenameError(errorMessage(err, "Couldn’t rename the file. Try again.")),
      },
    );
  };

  return (
    <li className="flex items-start gap-3 px-4 py-3.5 sm:px-5" data-testid="kb-file" data-status={file.status} data-file-id={file.id}>
      <span
        aria-hidden
        className={cx("mt-0.5 grid h-10 w-9 shrink-0 place-items-center rounded-lg text-[10px] font-bold uppercase tracking-wide", KIND_TINT[file.kind])}
      >
        {file.kind}
      </span>
      <div className="min-w-0 flex-1">
        {editing ? (
          <form
            className="flex items-center gap-1"
            onSubmit={(e) => {
              e.preventDefault();
              saveRename();
            }}
          >
            <Input
              value={draft}
              autoFocus
              maxLength={200}
              aria-label="File name"
              aria-invalid={renameError ? true : undefined}
              onChange={(e) => {
                setDraft(e.target.value);
                setRenameError(null);
              }}
              onKeyDown={(e) => {
                if (e.key === "Escape") {
                  e.preventDefault();
                  setEditing(false);
                }
              }}
              className="h-9"
              data-testid="kb-rename-input"
            />
            <IconButton label="Save name" type="submit" size="sm" disabled={rename.isPending}>
              {rename.isPending ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <Check className="size-4" aria-hidden />}
            </IconButton>
            <IconButton label="Cancel renaming" size="sm" onClick={() => setEditing(false)}>
              <X className="size-4" aria-hidden />
            </IconButton>
          </form>
        ) : (
          <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
            <Button
              variant="link"
              onClick={onPreview}
              className="block min-w-0 max-w-full truncate text-sm"
              data-testid="kb-file-name"
            >
              {file.name}
            </Button>
            <Badge tone={look.tone} className="shrink-0">
              {working && <Loader2 className="size-3 animate-spin" aria-hidden />}
              {look.label}
            </Badge>
          </div>
        )}
        {renameError && <p className="mt-1 text-[13px] text-danger">{renameError}</p>}
        <p className="mt-0.5 text-[13px] text-subtle" data-testid="kb-file-facts">
          {fileFacts(file)}
        </p>
        {file.statusReason && (file.status === "no_text" || file.status === "failed") && (
          <p className={cx("mt-1 text-[13px]", file.status === "failed" ? "text-danger" : "text-warning")}>{file.statusReason}</p>
        )}
      </div>
      <div className="flex shrink-0 items-center gap-0.5">
        <IconButton label={`Preview the text of ${file.name}`} tooltip size="sm" onClick={onPreview} className="max-sm:hidden" data-testid="kb-preview">
          <Eye className="size-4" aria-hidden />
        </IconButton>
        <IconButton label={`Download ${file.name}`} tooltip size="sm" onClick={download} className="max-sm:hidden">
          <Download className="size-4" aria-hidden />
        </IconButton>
        <Menu>
          <MenuTrigger asChild>
            <IconButton label={`More actions for ${file.name}`} size="sm" data-testid="kb-file-menu">
              <MoreHorizontal className="size-4" aria-hidden />
            </IconButton>
          </MenuTrigger>
          <MenuContent align="end">
            <MenuItem onSelect={onPreview} className="sm:hidden">
              <Eye className="size-4 text-subtle" aria-hidden />
              Preview text
            </MenuItem>
            <MenuItem onSelect={download} className="sm:hidden">
              <Download className="size-4 text-subtle" aria-hidden />
              Download
            </MenuItem>
            <MenuItem onSelect={startRename} data-testid="kb-rename">
              <Pencil className="size-4 text-subtle" aria-hidden />
              Rename
            </MenuItem>
            <MenuItem onSelect={onReplace} data-testid="kb-replace">
              <FileUp className="size-4 text-subtle" aria-hidden />
              Replace with a new version…
            </MenuItem>
            <MenuItem onSelect={() => onMove(-1)} disabled={first}>
              <ArrowUp className="size-4 text-subtle" aria-hidden />
              Move up
            </MenuItem>
            <MenuItem onSelect={() => onMove(1)} disabled={last}>
              <ArrowDown className="size-4 text-subtle" aria-hidden />
              Move down
            </MenuItem>
            <MenuSeparator />
            <MenuItem danger onSelect={onDelete} data-testid="kb-delete">
              <Trash2 className="size-4" aria-hidden />
              Delete
            </MenuItem>
          </MenuContent>
        </Menu>
      </div>
    </li>
  );
}
