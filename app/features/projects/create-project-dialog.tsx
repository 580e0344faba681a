/**
 * New project: a name, business instructions, and optional first files, uploaded one by one
 * right after the project exists, each with its progress. The plan's quota opens the upgrade
 * modal with the server's words; a name clash shows next to the name.
 */
import { useNavigate } from "@remix-run/react";
import { AlertCircle, FileText, X } from "lucide-react";
import { useRef, useState } from "react";
import type { Project } from "~/domain/contracts/projects";
import { ALLOWANCES } from "~/domain/counters";
import { openUpgradeModal } from "~/features/billing";
import { errorMessage } from "~/lib/http";
import { notify } from "~/lib/toast";
import { Button, Dialog, Field, IconButton, Input, Textarea } from "~/ui";
import {
  checkFile,
  CREATE_FAILED,
  formatSize,
  isProjectQuotaError,
  nameClashMessage,
  plural,
  projectPath,
  type ProjectQuotaError,
} from "./project-logic";
import { FileDropZone, UploadRow } from "./project-parts";
import { useCreateProject } from "./use-projects";
import { useUploads } from "./use-uploads";

const INSTRUCTIONS_PLACEHOLDER = `What you sell and to whom. For example:
Brand voice: warm and playful, never pushy.
Target audience: dog owners aged 25–45 in the US.
Price band: $20–$60. Shipping promise: free over $40, 5–8 days.
Competitors: Chewy, BarkBox.`;

/** The upgrade modal for the quota 403, with the server's message. */
export function openProjectQuotaModal(err: ProjectQuotaError) {
  openUpgradeModal({
    feature: "generate",
    title: ALLOWANCES.projects.limitTitle,
    message: err.serverMessage,
    limitLabel: "0 projects left",
  });
}

export function CreateProjectDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const navigate = useNavigate();
  const create = useCreateProject();
  const uploads = useUploads();
  const [name, setName] = useState("");
  const [instructions, setInstructions] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const [nameError, setNameError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  /** The project once created, while its first files upload (or some failed). */
  const [created, setCreated] = useState<Project | null>(null);
  const [uploading, setUploading] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);

  const reset = () => {
    setName("");
    setInstructions("");
    setFiles([]);
    setNameError(undefined);
    setFormError(null);
    setCreated(null);
    setUploading(false);
  };

  const finish = (project: Project) => {
    onOpenChange(false);
    reset();
    navigate(projectPath(project.id));
  };

  const uploadFirstFiles = (project: Project) => {
    setUploading(true);
    void uploads.upload(project.id, files).then((result) => {
      setUploading(false);
      if (result.failed === 0) {
        notify({ title: "Project created", description: `${plural(result.uploaded.length, "file")} added to its knowledge base.`, variant: "success" });
        finish(project);
      }
    });
  };

  const submit = () => {
    const trimmed = name.trim();
    if (!trimmed) return setNameError("Give the project a name.");
    if (files.some((f) => checkFile(f))) return setFormError("Remove the files marked in red first: they can't be added.");
    setFormError(null);
    create.mutate(
      { name: trimmed, businessInstructions: instructions },
      {
        onSuccess: (project) => {
          setCreated(project);
          if (files.length) uploadFirstFiles(project);
          else {
            notify({ title: "Project created", variant: "success" });
            finish(project);
          }
        },
        onError: (err) => {
          if (isProjectQuotaError(err)) {
            onOpenChange(false); // the draft stays for after an upgrade
            openProjectQuotaModal(err);
            return;
          }
          const clash = nameClashMessage(err);
          if (clash) {
            setNameError(clash);
            nameRef.current?.focus(); // on a phone the field may be scrolled away
            return;
          }
          const message = errorMessage(err, "Please try again.");
          setFormError(`${CREATE_FAILED}: ${message}`);
          notify({ title: CREATE_FAILED, description: message, variant: "destructive" });
        },
      },
    );
  };

  const busy = create.isPending || uploading;
  const projectUploads = created ? uploads.items.filter((it) => it.projectId === created.id) : [];
  const someFailed = created && !uploading && projectUploads.some((it) => it.phase === "failed");

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        onOpenChange(next);
        // Closed after the project exists (some files failed): start afresh next time.
        if (!next && created) reset();
      }}
      title={created ? `Setting up “${created.name}”` : "New project"}
      description={
        created
          ? "The project is created. Its first files are uploading and being read."
          : "A project gives every chat in it your store's instructions, files and facts."
      }
      className="md:max-w-xl"
      data-testid="create-project-dialog"
      footer={
        created ? (
          <Button onClick={() => finish(created)} disabled={uploading} data-testid="create-project-open">
            {someFailed ? "Open the project anyway" : "Open project"}
          </Button>
        ) : (
          <>
            <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" form="create-project-form" loading={busy} data-testid="create-project-submit">
              Create project
            </Button>
          </>
        )
      }
    >
      {created ? (
        <div className="space-y-3">
          <p className="text-sm text-muted" aria-live="polite">
            {uploading
              ? `Uploading ${plural(files.length, "file")}…`
              : someFailed
                ? "Some files could not be added. Retry them, or add them later from the Knowledge base tab."
                : "All files are in."}
          </p>
          <ul className="space-y-2" data-testid="create-project-uploads">
            {projectUploads.map((item) => (
              <UploadRow key={item.key} item={item} onRetry={() => uploads.retry(item.key)} onDismiss={() => uploads.dismiss(item.key)} />
            ))}
          </ul>
        </div>
      ) : (
        <form
          id="create-project-form"
          className="space-y-5"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          {formError && (
            <p role="alert" className="flex items-start gap-2 rounded-lg border border-danger/35 bg-danger/10 px-3 py-2 text-sm text-danger">
              <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
              {formError}
            </p>
          )}
          <Field label="Name" error={nameError}>
            <Input
              ref={nameRef}
              value={name}
              maxLength={80}
              autoFocus
              placeholder="e.g. Cozy Pet Supplies"
              onChange={(e) => {
                setName(e.target.value);
                setNameError(undefined);
              }}
              data-testid="create-project-name"
            />
          </Field>
          <Field
            label="Business instructions"
            labelAside={<span className="text-xs text-subtle">Optional</span>}
            hint="Every answer in the project follows these. The canon reads brand voice, audience, price band, shipping and competitors from them."
          >
            <Textarea
              value={instructions}
              rows={6}
              maxLength={20_000}
              placeholder={INSTRUCTIONS_PLACEHOLDER}
              onChange={(e) => setInstructions(e.target.value)}
              data-testid="create-project-instructions"
            />
          </Field>
          <div>
            <p className="mb-1.5 flex items-baseline justify-between text-sm font-medium text-fg">
              First files <span className="text-xs font-normal text-subtle">Optional</span>
            </p>
            <FileDropZone compact onFiles={(picked) => setFiles((prev) => [...prev, ...picked])} data-testid="create-project-files" />
            {files.length > 0 && (
              <ul className="mt-2.5 space-y-1.5" data-testid="create-project-file-list">
                {files.map((file, i) => {
                  const problem = checkFile(file);
                  return (
                    <li key={`${file.name}-${i}`} className="flex items-start gap-2.5 rounded-lg border border-line px-3 py-2">
                      <FileText className={`mt-0.5 size-4 shrink-0 ${problem ? "text-danger" : "text-subtle"}`} aria-hidden />
                      <div className="min-w-0 flex-1">
                        <p className="truncate text-sm text-fg">
                          {file.name} <span className="text-xs text-subtle">{formatSize(file.size)}</span>
                        </p>
                        {problem && <p className="text-xs text-danger">{problem}</p>}
                      </div>
                      <IconButton
                        label={`Remove ${file.name}`}
                        size="sm"
                        className="-my-1"
                        onClick={() => setFiles((prev) => prev.filter((_, j) => j !== i))}
                      >
                        <X className="size-4" aria-hidden />
                      </IconButton>
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
        </form>
      )}
    </Dialog>
  );
}
