/**
 * The Canon tab: the project's facts as a tree by dotted path, each with its value, who set it
 * (You / Research / AI-derived), its age and, for derived ones, the passage it came from. Edit a
 * value (it becomes yours), delete one explicitly, add one, and run the auto-rules to see what
 * they changed.
 */
import { AlertCircle, Check, Loader2, Pencil, Plus, Quote, Sparkles, Trash2, Waypoints, X } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { CANON_PATH_RULE, canonTree, isCanonPath, type CanonTreeNode } from "~/domain/canon";
import type { CanonEntry, Project } from "~/domain/contracts/projects";
import { relativeTime } from "~/ui/time";
import { errorMessage } from "~/lib/http";
import { notify } from "~/lib/toast";
import { Badge, Button, ConfirmDialog, cx, Field, IconButton, Input, Skeleton } from "~/ui";
import {
  formatCanonValue,
  originLabel,
  parseCanonValue,
  plural,
  segmentLabel,
  SOURCE_LOOK,
} from "./project-logic";
import { useNow } from "~/ui/use-now";
import { useAutoRules, useCanon, useChangeCanon } from "./use-projects";

interface RunResult {
  hasChanges: boolean;
  changed: string[];
}

export function CanonTab({ project, onOpenTab }: { project: Project; onOpenTab: (tab: string) => void }) {
  const canon = useCanon(project.id);
  const change = useChangeCanon(project.id);
  const auto = useAutoRules(project.id);
  const now = useNow();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<CanonTreeNode | null>(null);
  const [result, setResult] = useState<RunResult | null>(null);
  const [alsoApplied, setAlsoApplied] = useState<string[]>([]);
  const data = canon.data ?? (canon.isPending ? null : project.canonContext);
  const tree = useMemo(() => (data ? canonTree(data) : []), [data]);
  const count = data ? Object.keys(data).length : 0;
  const highlighted = useMemo(() => new Set([...(result?.changed ?? []), ...alsoApplied]), [result, alsoApplied]);

  const run = () =>
    auto.mutate(undefined, {
      onSuccess: ({ hasChanges, changed }) => setResult({ hasChanges, changed }),
    });

  /** Sets one path as the merchant's; resolves false (with the message) when the server refuses. */
  const setEntry = (path: string, value: CanonEntry["value"]) =>
    new Promise<string | null>((resolve) =>
      change.mutate(
        { canon: { [path]: value }, source: "user" },
        {
          onSuccess: ({ autoRulesApplied }) => {
            setAlsoApplied(autoRulesApplied.filter((p) => p !== path));
            resolve(null);
          },
          onError: (err) => resolve(errorMessage(err, "Couldn’t save. Try again.")),
        },
      ),
    );

  const descendants = deleting ? countEntries(deleting) - (deleting.entry ? 1 : 0) : 0;

  return (
    <section className="rounded-2xl border border-line bg-surface shadow-sm shadow-black/5" aria-labelledby="canon-title" data-testid="canon-tab">
      <header className="flex flex-col gap-3 border-b border-line px-4 py-4 sm:flex-row sm:items-start sm:justify-between sm:px-5">
        <div className="min-w-0">
          <h2 id="canon-title" className="text-base font-semibold tracking-tight text-fg">
            Canon
          </h2>
          <p className="mt-0.5 max-w-2xl text-[13px] leading-5 text-muted">
            The facts every answer in this project uses. What you enter wins over research, and research wins over what the AI derived.
          </p>
          <div role="group" className="mt-2 flex flex-wrap items-center gap-1.5 text-xs text-subtle" aria-label="Sources">
            {(["user", "research", "ai"] as const).map((s) => (
              <Badge key={s} tone={SOURCE_LOOK[s].tone}>
                {SOURCE_LOOK[s].label}
              </Badge>
            ))}
          </div>
        </div>
        <div className="flex shrink-0 gap-2">
          <Button variant="secondary" size="sm" icon={<Plus className="size-4" aria-hidden />} onClick={() => setAdding(true)} disabled={adding} data-testid="canon-add">
            Add entry
          </Button>
          <Button size="sm" icon={<Sparkles className="size-4" aria-hidden />} loading={auto.isPending} onClick={run} data-testid="canon-run">
            Run auto-rules
          </Button>
        </div>
      </header>

      {result && (
        <div
          role="status"
          className={cx(
            "flex items-start gap-3 border-b border-line px-4 py-3 text-sm sm:px-5",
            result.hasChanges ? "bg-brand-soft" : "bg-surface-2/60",
          )}
          data-testid="canon-run-result"
        >
          <Sparkles className="mt-0.5 size-4 shrink-0 text-brand" aria-hidden />
          <div className="min-w-0 flex-1">
            {result.hasChanges ? (
              <>
                <p className="font-medium text-fg">Auto-rules changed {plural(result.changed.length, "fact")}</p>
                <p className="mt-1 flex flex-wrap gap-1.5">
                  {result.changed.map((path) => (
                    <code key={path} className="rounded-md bg-surface px-1.5 py-0.5 text-xs text-fg ring-1 ring-line">
                      {path}
                    </code>
                  ))}
                </p>
              </>
            ) : (
              <p className="text-fg">
                Nothing new: the canon already holds what your instructions, research data and files say.
                {!project.businessInstructions.trim() && (
                  <>
                    {" "}
                    <Button variant="link" onClick={() => onOpenTab("instructions")}>
                      Write business instructions
                    </Button>{" "}
                    for the auto-rules to read.
                  </>
                )}
              </p>
            )}
          </div>
          <IconButton label="Dismiss" size="sm" className="-my-1" onClick={() => setResult(null)}>
            <X className="size-4" aria-hidden />
          </IconButton>
        </div>
      )}

      {adding && (
        <AddEntryForm
          existing={data ?? {}}
          onCancel={() => setAdding(false)}
          onSave={async (path, value) => {
            const problem = await setEntry(path, value);
            if (!problem) setAdding(false);
            return problem;
          }}
        />
      )}

      <div className="px-2 py-2 sm:px-3">
        {data === null ? (
          <div role="status" className="space-y-3 p-3" aria-busy="true" aria-label="Loading the canon">
            <Skeleton lines={3} />
            <Skeleton lines={2} />
          </div>
        ) : count === 0 ? (
          <div className="flex flex-col items-center px-6 py-12 text-center" data-testid="canon-empty">
            <span className="grid size-12 place-items-center rounded-2xl bg-brand-soft text-brand" aria-hidden>
              <Waypoints className="size-6" />
            </span>
            <p className="mt-4 font-semibold text-fg">No facts yet</p>
            <p className="mt-1.5 max-w-md text-sm text-muted">
              Run the auto-rules to derive the niche, brand voice, audience, price band, shipping promise and competitors from your
              instructions and files, or add a fact yourself.
            </p>
          </div>
        ) : (
          <ul className="space-y-0.5" data-testid="canon-tree" aria-label={`${plural(count, "fact")}`}>
            {tree.map((node) => (
              <CanonNode
                key={node.path}
                node={node}
                depth={0}
                now={now}
                highlighted={highlighted}
                onSave={setEntry}
                onDelete={setDeleting}
              />
            ))}
          </ul>
        )}
      </div>

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        danger
        title={`Delete “${deleting?.path ?? ""}”?`}
        description={
          deleting
            ? `This removes the fact${descendants > 0 ? ` and the ${plural(descendants, "fact")} under it` : ""} from the canon. If your instructions or files still say it, the auto-rules may derive it again.`
            : undefined
        }
        confirmLabel="Delete"
        pending={change.isPending}
        data-testid="canon-delete-dialog"
        onConfirm={() =>
          deleting &&
          change.mutate(
            { canon: {}, source: "user", delete: [deleting.path] },
            {
              onSettled: () => setDeleting(null),
              // A refused delete is told in a toast (the dialog closes either way).
              onError: (err) =>
                notify({ title: "Couldn’t delete the fact", description: errorMessage(err, "Please try again."), variant: "destructive" }),
            },
          )
        }
      />
    </section>
  );
}

function countEntries(node: CanonTreeNode): number {
  return (node.entry ? 1 : 0) + node.children.reduce((n, c) => n + countEntries(c), 0);
}

function CanonNode({
  node,
  depth,
  now,
  highlighted,
  onSave,
  onDelete,
}: {
  node: CanonTreeNode;
  depth: number;
  now: number;
  highlighted: ReadonlySet<string>;
  onSave: (path: string, value: CanonEntry["value"]) => Promise<string | null>;
  onDelete: (node: CanonTreeNode) => void;
}) {
  return (
    <li data-testid="canon-node" data-path={node.path}>
      {node.entry ? (
        <EntryRow node={node} entry={node.entry} depth={depth} now={now} highlighted={highlighted.has(node.path)} onSave={onSave} onDelete={onDelete} />
      ) : (
        <div className="flex items-center gap-2 px-3 pb-1 pt-3">
          <p className="text-xs font-semibold uppercase tracking-wider text-subtle" title={node.path}>
            {segmentLabel(node.segment)}
          </p>
          <span className="h-px flex-1 bg-line" aria-hidden />
        </div>
      )}
      {node.children.length > 0 && (
        <ul className={cx("space-y-0.5", depth < 3 && "ml-3 border-l border-line pl-2 sm:ml-4 sm:pl-3")}>
          {node.children.map((child) => (
            <CanonNode key={child.path} node={child} depth={depth + 1} now={now} highlighted={highlighted} onSave={onSave} onDelete={onDelete} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** Each tree level indents by ml-4 + pl-3 + the 1 px line; the key column shrinks by as much so values line up. */
const INDENT = "(1.75rem + 1px)";

function EntryRow({
  node,
  entry,
  depth,
  now,
  highlighted,
  onSave,
  onDelete,
}: {
  node: CanonTreeNode;
  entry: CanonEntry;
  depth: number;
  now: number;
  highlighted: boolean;
  onSave: (path: string, value: CanonEntry["value"]) => Promise<string | null>;
  onDelete: (node: CanonTreeNode) => void;
}) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState("");
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const look = SOURCE_LOOK[entry.source] ?? SOURCE_LOOK.ai;
  const shown = formatCanonValue(entry.value);

  const save = async () => {
    setSaving(true);
    const problem = await onSave(node.path, parseCanonValue(draft, entry.value));
    setSaving(false);
    if (problem) setError(problem);
    else setEditing(false);
  };

  return (
    <div
      className={cx(
        "group rounded-xl px-3 py-2.5 transition-colors hover:bg-surface-2/50",
        highlighted && "bg-brand-soft ring-1 ring-inset ring-brand/30 hover:bg-brand-soft",
      )}
      data-testid="canon-entry"
      data-source={entry.source}
    >
      <div className="flex flex-col gap-1.5 sm:flex-row sm:items-start sm:gap-4">
        <div
          className="shrink-0 sm:w-[var(--key-width)]"
          style={{ "--key-width": `calc(11rem - ${Math.min(depth, 3)} * ${INDENT})` } as React.CSSProperties}
        >
          <p className="text-[13px] font-medium text-fg">{segmentLabel(node.segment)}</p>
          <p className="truncate font-mono text-[11px] text-subtle" title={node.path}>
            {node.path}
          </p>
        </div>
        <div className="min-w-0 flex-1">
          {editing ? (
            <form
              className="flex items-center gap-1"
              onSubmit={(e) => {
                e.preventDefault();
                void save();
              }}
            >
              <Input
                value={draft}
                autoFocus
                aria-label={`Value of ${node.path}`}
                onChange={(e) => {
                  setDraft(e.target.value);
                  setError(null);
                }}
                onKeyDown={(e) => {
                  if (e.key === "Escape") {
                    e.preventDefault();
                    setEditing(false);
                  }
                }}
                className="h-9"
                data-testid="canon-edit-input"
              />
              <IconButton label="Save value" type="submit" size="sm" disabled={saving} data-testid="canon-edit-save">
                {saving ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <Check className="size-4" aria-hidden />}
              </IconButton>
              <IconButton label="Cancel editing" size="sm" onClick={() => setEditing(false)}>
                <X className="size-4" aria-hidden />
              </IconButton>
            </form>
          ) : (
            <p className={cx("break-words text-sm leading-6", shown ? "text-fg" : "italic text-subtle")} data-testid="canon-value">
              {shown || "empty"}
            </p>
          )}
          {error && (
            <p className="mt-1 flex items-center gap-1.5 text-[13px] text-danger">
              <AlertCircle className="size-3.5" aria-hidden />
              {error}
            </p>
          )}
          {Array.isArray(entry.value) && editing && <p className="mt-1 text-xs text-subtle">Separate items with commas.</p>}
          {entry.origin && entry.source !== "user" && (
            <figure className="mt-1.5 flex gap-2 text-[13px]">
              <Quote className="mt-0.5 size-3.5 shrink-0 text-subtle" aria-hidden />
              <div className="min-w-0">
                <blockquote className="line-clamp-2 italic text-muted" title={entry.origin.excerpt}>
                  {entry.origin.excerpt}
                </blockquote>
                <figcaption className="text-xs text-subtle">{originLabel(entry.origin)}</figcaption>
              </div>
            </figure>
          )}
        </div>
        <div className="flex shrink-0 items-center gap-2 sm:justify-end">
          <Badge tone={look.tone}>{look.label}</Badge>
          <span className="whitespace-nowrap text-xs text-subtle" title={new Date(entry.timestamp).toLocaleString()}>
            {relativeTime(entry.timestamp, now)}
          </span>
          <span className="ml-auto flex items-center sm:ml-0 sm:opacity-60 sm:group-hover:opacity-100 sm:focus-within:opacity-100">
            <IconButton
              label={`Edit ${node.path}`}
              size="sm"
              onClick={() => {
                setDraft(shown);
                setError(null);
                setEditing(true);
              }}
              data-testid="canon-edit"
            >
              <Pencil className="size-3.5" aria-hidden />
            </IconButton>
            <IconButton label={`Delete ${node.path}`} size="sm" onClick={() => onDelete(node)} className="hover:text-danger" data-testid="canon-delete">
              <Trash2 className="size-3.5" aria-hidden />
            </IconButton>
          </span>
        </div>
      </div>
    </div>
  );
}

function AddEntryForm({
  existing,
  onCancel,
  onSave,
}: {
  existing: Record<string, CanonEntry>;
  onCancel: () => void;
  onSave: (path: string, value: CanonEntry["value"]) => Promise<string | null>;
}) {
  const [path, setPath] = useState("");
  const [value, setValue] = useState("");
  const [pathError, setPathError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const trimmed = path.trim();
  const current = existing[trimmed];
  useEffect(() => setFormError(null), [path, value]);

  const submit = async () => {
    if (!isCanonPath(trimmed)) return setPathError(`Not a valid path: ${CANON_PATH_RULE}.`);
    setSaving(true);
    const problem = await onSave(trimmed, parseCanonValue(value, current?.value));
    setSaving(false);
    if (problem) setFormError(problem);
  };

  return (
    <form
      className="border-b border-line bg-surface-2/40 px-4 py-4 sm:px-5"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      data-testid="canon-add-form"
    >
      <div className="grid gap-3 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)]">
        <Field
          label="Path"
          error={pathError}
          hint={current ? `Replaces the current value (“${formatCanonValue(current.value)}”).` : "Dotted, like brand.voice or audience.primary.age"}
        >
          <Input
            value={path}
            autoFocus
            placeholder="brand.tagline"
            className="font-mono"
            onChange={(e) => {
              setPath(e.target.value);
              setPathError(undefined);
            }}
            data-testid="canon-add-path"
          />
        </Field>
        <Field label="Value">
          <Input value={value} placeholder="Calm pets, happy homes" onChange={(e) => setValue(e.target.value)} data-testid="canon-add-value" />
        </Field>
      </div>
      {formError && (
        <p role="alert" className="mt-2 flex items-center gap-1.5 text-[13px] text-danger">
          <AlertCircle className="size-3.5" aria-hidden />
          {formError}
        </p>
      )}
      <div className="mt-3 flex justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" size="sm" loading={saving} disabled={!trimmed} data-testid="canon-add-save">
          Save fact
        </Button>
      </div>
    </form>
  );
}
