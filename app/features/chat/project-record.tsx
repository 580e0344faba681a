/**
 * A project answer's own sources in the chat's side panel: a knowledge-base file opened at the
 * passage the answer cited, and a canon entry with its source and age.
 */
import { Download, FileText } from "lucide-react";
import { useEffect, useRef } from "react";
import { parseCanonRecordId, parsePassageRecordId } from "~/domain/cited-records";
import { useCanon, useFileDetail } from "~/features/projects";
import { relativeTime } from "~/ui/time";
import { Badge } from "~/ui/display";
import { RecordError, RecordSkeleton } from "./record-states";

const SOURCE_LABEL = { user: "Set by you", research: "From research", ai: "AI-derived" } as const;

function Missing({ what }: { what: string }) {
  return (
    <p role="alert" className="rounded-xl border border-line bg-surface-2 p-4 text-sm text-muted">
      {what}
    </p>
  );
}

/** The cited file with every passage read from it, scrolled to and marking the cited one. */
export function PassageRecordView({ id }: { id: string }) {
  const address = parsePassageRecordId(id);
  const query = useFileDetail(address?.projectId ?? "", address?.fileId ?? null);
  const cited = useRef<HTMLElement | null>(null);
  // A block body: newer browsers return a promise from scrollIntoView, which React would take for a cleanup.
  useEffect(() => {
    cited.current?.scrollIntoView({ block: "center" });
  }, [query.data]);
  if (!address) return <Missing what="This citation does not point to a file." />;
  if (query.isPending) return <RecordSkeleton />;
  if (query.isError || !query.data) return <RecordError error={query.error} onRetry={() => void query.refetch()} />;
  const file = query.data;
  return (
    <div data-testid="record-passage">
      <div className="flex items-start gap-3">
        <span className="mt-0.5 grid size-9 shrink-0 place-items-center rounded-lg bg-brand-soft text-brand">
          <FileText className="size-4" aria-hidden />
        </span>
        <div className="min-w-0">
          <h3 className="break-words text-base font-semibold text-fg">{file.name}</h3>
          <p className="text-xs text-muted">
            Your knowledge base · {file.passageCount} passage{file.passageCount === 1 ? "" : "s"}
          </p>
        </div>
      </div>
      <a
        href={`/api/projects/${address.projectId}/files/${address.fileId}/download`}
        className="mt-3 inline-flex items-center gap-1.5 text-sm font-medium text-brand hover:underline"
      >
        <Download className="size-3.5" aria-hidden />
        Download the file
      </a>
      <ol className="mt-4 space-y-2">
        {file.passages.map((p) => {
          const isCited = p.id === address.passageId;
          return (
            <li
              key={p.id}
              ref={isCited ? (el) => void (cited.current = el) : undefined}
              data-cited={isCited || undefined}
              className={
                isCited
                  ? "rounded-lg border border-brand/50 bg-brand-soft p-3 text-sm leading-relaxed text-fg"
                  : "rounded-lg border border-line p-3 text-sm leading-relaxed text-muted"
              }
            >
              <span className="mb-1 block text-[11px] font-semibold uppercase tracking-wide text-subtle">
                Passage {p.position + 1}
                {isCited ? " · cited" : ""}
              </span>
              <span className="whitespace-pre-wrap">{p.text}</span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

/** A canon entry: its value, where it came from and when. */
export function CanonRecordView({ id }: { id: string }) {
  const address = parseCanonRecordId(id);
  const query = useCanon(address?.projectId);
  if (!address) return <Missing what="This citation does not point to a canon entry." />;
  if (query.isPending) return <RecordSkeleton />;
  if (query.isError || !query.data) return <RecordError error={query.error} onRetry={() => void query.refetch()} />;
  const entry = query.data[address.path];
  if (!entry)
    return <Missing what={`The canon no longer has ${address.path}: it was changed or deleted after this answer.`} />;
  const value = Array.isArray(entry.value) ? entry.value.join(", ") : String(entry.value ?? "");
  return (
    <div data-testid="record-canon">
      <p className="font-mono text-xs text-subtle">{address.path}</p>
      <p className="mt-1 text-lg font-semibold text-fg">{value}</p>
      <div className="mt-3 flex flex-wrap items-center gap-2 text-xs text-muted">
        <Badge tone={entry.source === "user" ? "brand" : entry.source === "research" ? "success" : "neutral"}>
          {SOURCE_LABEL[entry.source]}
        </Badge>
        <span>updated {relativeTime(entry.timestamp)}</span>
      </div>
      {entry.origin && (
        <blockquote className="mt-4 rounded-lg border-l-2 border-brand/60 bg-surface-2 px-3 py-2 text-sm text-muted">
          “{entry.origin.excerpt}”
          <footer className="mt-1 text-xs text-subtle">
            —{" "}
            {entry.origin.kind === "file"
              ? entry.origin.fileName
              : entry.origin.kind === "instructions"
                ? "your business instructions"
                : "your research data"}
          </footer>
        </blockquote>
      )}
      <a
        href={`/project/${encodeURIComponent(address.projectId)}`}
        className="mt-4 inline-block text-sm font-medium text-brand hover:underline"
      >
        Open the project's canon
      </a>
    </div>
  );
}
