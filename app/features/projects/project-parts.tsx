/** Pieces both project screens use: rename and delete dialogs, the drop zone, upload rows, save status. */
import { AlertCircle, Check, CloudUpload, FileText, Loader2, RotateCw, X } from "lucide-react";
import { useEffect, useId, useRef, useState, type DragEvent, type ReactNode } from "react";
import type { Project } from "~/domain/contracts/projects";
import { errorMessage } from "~/lib/http";
import { Badge, Button, ConfirmDialog, cx, Dialog, Field, IconButton, Input, ProgressBar } from "~/ui";
import { FILE_ACCEPT, FILE_TYPES_TEXT, formatSize, nameClashMessage, plural } from "./project-logic";
import type { SaveState } from "./use-autosave";
import { useDeleteProject, useRenameProject } from "./use-projects";
import type { UploadItem } from "./use-uploads";

const AVATAR_TONES = [
  "bg-brand-soft text-brand",
  "bg-accent/12 text-accent",
  "bg-warning/12 text-warning",
  "bg-danger/10 text-danger",
];

/** A project's letter tile, its colour stable per id. */
export function ProjectAvatar({ project, className }: { project: Pick<Project, "id" | "name">; className?: string }) {
  const letter = project.name.replace(/^example:\s*/i, "").trim().charAt(0).toUpperCase() || "P";
  let hash = 0;
  for (const ch of project.id) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return (
    <span
      aria-hidden
      className={cx(
        "grid size-10 shrink-0 place-items-center rounded-xl text-base font-bold",
        AVATAR_TONES[hash % AVATAR_TONES.length],
        className,
      )}
    >
      {letter}
    </span>
  );
}

/** Rename a project; a name another project has is shown next to the field. */
export function RenameProjectDialog({
  project,
  open,
  onOpenChange,
}: {
  project: Pick<Project, "id" | "name">;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const rename = useRenameProject();
  const [name, setName] = useState(project.name);
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    if (open) {
      setName(project.name);
      setError(undefined);
    }
  }, [open, project.name]);

  const submit = () => {
    const trimmed = name.trim();
    if (!trimmed) return setError("Give the project a name.");
    if (trimmed === project.name) return onOpenChange(false);
    rename.mutate(
      { id: project.id, name: trimmed },
      {
        onSuccess: () => onOpenChange(false),
        onError: (err) => setError(nameClashMessage(err) ?? errorMessage(err, "Couldn't rename the project. Try again.")),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !rename.isPending && onOpenChange(next)}
      title="Rename project"
      data-testid="rename-project-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={rename.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="rename-project-form" loading={rename.isPending} data-testid="rename-project-save">
            Save
          </Button>
        </>
      }
    >
      <form
        id="rename-project-form"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Field label="Name" error={error}>
          <Input
            value={name}
            maxLength={80}
            autoFocus
            onChange={(e) => {
              setName(e.target.value);
              setError(undefined);
            }}
            data-testid="rename-project-input"
          />
        </Field>
      </form>
    </Dialog>
  );
}

/** Delete a project after saying what goes (files, passages, canon) and what stays (its chats). */
export function DeleteProjectDialog({
  project,
  open,
  onOpenChange,
  onDeleted,
}: {
  project: Pick<Project, "id" | "name" | "fileCount" | "chatCount">;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted?: () => void;
}) {
  const remove = useDeleteProject();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      danger
      title={`Delete “${project.name}”?`}
      confirmLabel="Delete project"
      pending={remove.isPending}
      data-testid="delete-project-dialog"
      onConfirm={() =>
        remove.mutate(project.id, {
          onSuccess: () => {
            onOpenChange(false);
            onDeleted?.();
          },
        })
      }
    >
      <ul className="space-y-2.5 text-sm">
        <li className="flex gap-2.5">
          <X className="mt-0.5 size-4 shrink-0 text-danger" aria-hidden />
          <span className="text-fg">
            Deleted for good:{" "}
            {project.fileCount === 0
              ? "its instructions, research data and canon (it has no files)."
              : `its ${project.fileCount === 1 ? "file and the passages read from it" : `${plural(project.fileCount, "file")} and the passages read from them`}, its instructions, research data and canon.`}
          </span>
        </li>
        <li className="flex gap-2.5">
          <Check className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden />
          <span className="text-fg">
            {project.chatCount === 0
              ? "No chats are lost: chats are never deleted with a project."
              : `Kept: ${project.chatCount === 1 ? "its chat stays" : `its ${plural(project.chatCount, "chat")} stay`} in Chat Management, outside any project.`}
          </span>
        </li>
      </ul>
    </ConfirmDialog>
  );
}

/** Drop files here or pick them; every file is handed over (the caller checks them). */
export function FileDropZone({
  onFiles,
  compact = false,
  disabled = false,
  children,
  "data-testid": testId = "file-drop-zone",
}: {
  onFiles: (files: File[]) => void;
  compact?: boolean;
  disabled?: boolean;
  children?: ReactNode;
  "data-testid"?: string;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const depth = useRef(0);
  const hintId = useId();

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    depth.current = 0;
    setOver(false);
    if (disabled) return;
    const files = [...e.dataTransfer.files];
    if (files.length) onFiles(files);
  };

  return (
    <div
      onDragEnter={(e) => {
        if (!e.dataTransfer.types.includes("Files")) return;
        e.preventDefault();
        depth.current += 1;
        setOver(true);
      }}
      onDragOver={(e) => {
        if (e.dataTransfer.types.includes("Files")) e.preventDefault();
      }}
      onDragLeave={() => {
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setOver(false);
      }}
      onDrop={onDrop}
      data-testid={testId}
      data-over={over || undefined}
      className={cx(
        "relative flex items-center rounded-2xl border-2 border-dashed text-center transition-colors",
        compact ? "flex-row gap-3 px-4 py-3 text-left" : "flex-col justify-center gap-2 px-6 py-8",
        over ? "border-brand bg-brand-soft" : "border-line bg-surface-2/40 hover:border-brand/40",
        disabled && "opacity-60",
      )}
    >
      <span
        aria-hidden
        className={cx(
          "grid shrink-0 place-items-center rounded-xl bg-brand-soft text-brand",
          compact ? "size-9" : "size-11",
        )}
      >
        <CloudUpload className={compact ? "size-[18px]" : "size-5"} />
      </span>
      <div className={cx("min-w-0", compact && "flex-1")}>
        <p className="text-sm font-medium text-fg">
          {over ? "Drop to upload" : "Drag files here, or "}
          {!over && (
            <Button
              variant="link"
              disabled={disabled}
              onClick={() => inputRef.current?.click()}
              aria-describedby={hintId}
              data-testid={`${testId}-pick`}
            >
              choose files
            </Button>
          )}
        </p>
        <p id={hintId} className="mt-0.5 text-xs text-subtle">
          {FILE_TYPES_TEXT}
        </p>
        {children}
      </div>
      <input
        ref={inputRef}
        type="file"
        multiple
        accept={FILE_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        data-testid={`${testId}-input`}
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = "";
          if (files.length) onFiles(files);
        }}
      />
    </div>
  );
}

/** One upload in progress (or refused): name, size, phase, progress, and Retry / Dismiss when it failed. */
export function UploadRow({ item, onRetry, onDismiss }: { item: UploadItem; onRetry: () => void; onDismiss: () => void }) {
  const failed = item.phase === "failed";
  const percent = item.size > 0 ? Math.round((item.loaded / item.size) * 100) : 0;
  return (
    <li
      className={cx(
        "flex items-start gap-3 rounded-xl border px-3.5 py-3",
        failed ? "border-danger/35 bg-danger/5" : "border-line bg-surface",
      )}
      data-testid="upload-row"
      data-phase={item.phase}
    >
      <span
        aria-hidden
        className={cx(
          "mt-0.5 grid size-8 shrink-0 place-items-center rounded-lg",
          failed ? "bg-danger/10 text-danger" : "bg-surface-2 text-muted",
        )}
      >
        {failed ? <AlertCircle className="size-4" /> : <FileText className="size-4" />}
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex items-center gap-2">
          <p className="min-w-0 truncate text-sm font-medium text-fg">{item.name}</p>
          <span className="shrink-0 text-xs text-subtle">{formatSize(item.size)}</span>
        </div>
        {failed ? (
          <p className="mt-0.5 text-[13px] text-danger" role="alert">
            {item.error}
          </p>
        ) : (
          <div className="mt-1.5 flex items-center gap-2.5">
            <ProgressBar
              value={item.phase === "extracting" ? 1 : item.loaded}
              max={item.phase === "extracting" ? 1 : Math.max(item.size, 1)}
              label={`Uploading ${item.name}`}
              valueText={item.phase === "extracting" ? "Uploaded; reading its text" : `${percent}% uploaded`}
              className="flex-1"
            />
            <UploadPhaseBadge phase={item.phase} percent={percent} />
          </div>
        )}
      </div>
      {failed && (
        <div className="flex shrink-0 items-center gap-0.5">
          {!item.refused && (
            <IconButton label={`Retry ${item.name}`} tooltip size="sm" onClick={onRetry}>
              <RotateCw className="size-4" aria-hidden />
            </IconButton>
          )}
          <IconButton label={`Dismiss ${item.name}`} tooltip size="sm" onClick={onDismiss}>
            <X className="size-4" aria-hidden />
          </IconButton>
        </div>
      )}
    </li>
  );
}

function UploadPhaseBadge({ phase, percent }: { phase: UploadItem["phase"]; percent: number }) {
  if (phase === "queued") return <Badge tone="neutral">Waiting</Badge>;
  if (phase === "extracting") {
    return (
      <Badge tone="brand">
        <Loader2 className="size-3 animate-spin" aria-hidden />
        Extracting
      </Badge>
    );
  }
  return (
    <Badge tone="brand">
      <Loader2 className="size-3 animate-spin" aria-hidden />
      Uploading {percent}%
    </Badge>
  );
}

/** "Saved" / "Saving…" / "Failed to save — Retry", announced politely. */
export function SaveStatus({ state, onRetry, idleText = "Saves as you type" }: { state: SaveState; onRetry: () => void; idleText?: string }) {
  return (
    <p className="flex min-h-8 items-center gap-1.5 text-[13px]" aria-live="polite" data-testid="save-status" data-state={state}>
      {state === "idle" && <span className="text-subtle">{idleText}</span>}
      {(state === "pending" || state === "saving") && (
        <span className="inline-flex items-center gap-1.5 text-muted">
          <Loader2 className="size-3.5 animate-spin" aria-hidden />
          Saving…
        </span>
      )}
      {state === "retrying" && (
        <span className="inline-flex items-center gap-1.5 text-warning">
          <Loader2 className="size-3.5 animate-spin" aria-hidden />
          Couldn’t save — trying again…
        </span>
      )}
      {state === "saved" && (
        <span className="inline-flex items-center gap-1.5 text-accent">
          <Check className="size-3.5" aria-hidden />
          Saved
        </span>
      )}
      {state === "failed" && (
        <span className="inline-flex items-center gap-1.5 text-danger">
          <AlertCircle className="size-3.5" aria-hidden />
          Failed to save —
          <Button variant="link" onClick={onRetry} data-testid="save-retry">
            retry
          </Button>
        </span>
      )}
    </p>
  );
}
