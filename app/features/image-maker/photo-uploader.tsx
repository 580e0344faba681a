/**
 * Drop or pick photos: each file gets a row with its progress, then either done or the server's
 * reason (which names the file and the limit: type, 10 MB, 200–6000 px sides).
 */
import { AlertCircle, CheckCircle2, UploadCloud, X } from "lucide-react";
import { useId, useRef, useState, type DragEvent } from "react";
import type { Image } from "~/domain/contracts/images";
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_SIDE, UPLOAD_MIN_SIDE, UPLOAD_TYPES } from "~/domain/images";
import { errorMessage } from "~/lib/http";
import { IconButton, ProgressBar, cx } from "~/ui";
import { localUploadProblem, uploadWithProgress } from "./upload";

interface Row {
  key: string;
  name: string;
  progress: number;
  state: "uploading" | "done" | "failed";
  error?: string;
}

export function PhotoUploader({
  onUploaded,
  projectId,
  multiple = true,
  title = "Drop product photos here",
  compact = false,
  testId = "photo-uploader",
  maxFiles = 4,
}: {
  onUploaded: (image: Image) => void;
  projectId?: string | null;
  multiple?: boolean;
  title?: string;
  compact?: boolean;
  testId?: string;
  maxFiles?: number;
}) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [rows, setRows] = useState<Row[]>([]);
  const [over, setOver] = useState(false);
  const patch = (key: string, change: Partial<Row>) => setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...change } : r)));

  const start = (files: File[]) => {
    for (const file of files.slice(0, multiple ? maxFiles : 1)) {
      const key = `${file.name}-${file.size}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
      const problem = localUploadProblem(file);
      setRows((rs) => [...rs.filter((r) => r.state !== "done"), { key, name: file.name, progress: 0, state: problem ? "failed" : "uploading", error: problem ?? undefined }]);
      if (problem) continue;
      uploadWithProgress(file, { projectId, onProgress: (p) => patch(key, { progress: p }) })
        .then((image) => {
          patch(key, { state: "done", progress: 1 });
          onUploaded(image);
        })
        .catch((err) => patch(key, { state: "failed", error: errorMessage(err, `${file.name} could not be uploaded. Please try again.`) }));
    }
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    start(Array.from(e.dataTransfer.files));
  };

  return (
    <div data-testid={testId}>
      <label
        htmlFor={inputId}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        className={cx(
          "flex cursor-pointer flex-col items-center justify-center rounded-2xl border-2 border-dashed text-center transition-colors focus-within:border-brand focus-within:ring-3 focus-within:ring-brand/25",
          compact ? "gap-1 px-4 py-4" : "gap-2 px-6 py-9",
          over ? "border-brand bg-brand-soft/50" : "border-line bg-bg-elevated hover:border-brand/50 hover:bg-surface-2/60",
        )}
      >
        <span className={cx("grid place-items-center rounded-xl bg-brand-soft text-brand", compact ? "size-8" : "size-11")} aria-hidden>
          <UploadCloud className={compact ? "size-4" : "size-5"} />
        </span>
        <span className="text-sm font-semibold text-fg">{title}</span>
        <span className="text-[13px] text-muted">
          or <span className="font-semibold text-brand underline-offset-2 hover:underline">choose {multiple ? "files" : "a file"}</span>
        </span>
        {!compact && (
          <span className="text-xs text-subtle">
            PNG, JPEG or WebP · up to {UPLOAD_MAX_BYTES / 1024 / 1024} MB · sides {UPLOAD_MIN_SIDE}–{UPLOAD_MAX_SIDE} px
          </span>
        )}
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={UPLOAD_TYPES.join(",")}
          multiple={multiple}
          className="sr-only"
          onChange={(e) => {
            start(Array.from(e.target.files ?? []));
            e.target.value = "";
          }}
          data-testid={`${testId}-input`}
        />
      </label>
      {rows.length > 0 && (
        <ul className="mt-3 space-y-2" aria-live="polite" data-testid={`${testId}-rows`}>
          {rows.map((r) => (
            <li
              key={r.key}
              className={cx(
                "rounded-xl border px-3 py-2",
                r.state === "failed" ? "border-danger/30 bg-danger/5" : "border-line bg-surface",
              )}
              data-state={r.state}
            >
              <div className="flex items-center gap-2">
                {r.state === "done" ? (
                  <CheckCircle2 aria-hidden className="size-4 shrink-0 text-accent" />
                ) : r.state === "failed" ? (
                  <AlertCircle aria-hidden className="size-4 shrink-0 text-danger" />
                ) : null}
                <span className="min-w-0 flex-1 truncate text-[13px] font-medium text-fg">{r.name}</span>
                <span className="shrink-0 text-xs tabular-nums text-subtle">
                  {r.state === "uploading" ? (r.progress >= 1 ? "Checking…" : `${Math.round(r.progress * 100)}%`) : r.state === "done" ? "Added" : "Not added"}
                </span>
                {r.state !== "uploading" && (
                  <IconButton size="sm" label={`Dismiss ${r.name}`} className="-my-1 -mr-1.5" onClick={() => setRows((rs) => rs.filter((x) => x.key !== r.key))}>
                    <X aria-hidden className="size-3.5" />
                  </IconButton>
                )}
              </div>
              {r.state === "uploading" && <ProgressBar className="mt-2" value={r.progress * 100} max={100} label={`Uploading ${r.name}`} />}
              {r.error && (
                <p className="mt-1 text-[13px] text-danger" data-testid={`${testId}-error`}>
                  {r.error}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
