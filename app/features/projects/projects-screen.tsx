/**
 * /projects, "Enhanced chat and projects": the merchant's projects as cards (search, counts,
 * last activity), create, open, rename and delete, the plan's project allowance, and an empty
 * state that explains what a project is for with a one-click example project.
 */
import { Link, useNavigate } from "@remix-run/react";
import {
  AlertTriangle,
  BookOpenText,
  FileText,
  FolderKanban,
  MessagesSquare,
  MoreHorizontal,
  Pencil,
  Plus,
  RefreshCw,
  Search,
  SearchX,
  Sparkles,
  Trash2,
  Waypoints,
  X,
} from "lucide-react";
import { useMemo, useState } from "react";
import type { Project } from "~/domain/contracts/projects";
import { resolvePlan } from "~/domain/plans";
import { useSubscription } from "~/features/account";
import { relativeTime } from "~/ui/time";
import { errorMessage } from "~/lib/http";
import { notify } from "~/lib/toast";
import {
  Badge,
  Button,
  IconButton,
  Input,
  Menu,
  MenuContent,
  MenuItem,
  MenuSeparator,
  MenuTrigger,
  PageHeader,
  Skeleton,
} from "~/ui";
import { CreateProjectDialog, openProjectQuotaModal } from "./create-project-dialog";
import {
  CREATE_FAILED,
  EXAMPLE_PROJECT,
  filterProjects,
  instructionsExcerpt,
  isProjectQuotaError,
  nameClashMessage,
  plural,
  projectPath,
} from "./project-logic";
import { useNow } from "~/ui/use-now";
import { DeleteProjectDialog, ProjectAvatar, RenameProjectDialog } from "./project-parts";
import { runAutoRules } from "./projects-client";
import { useCreateProject, useProjects } from "./use-projects";

export function ProjectsScreen() {
  const projects = useProjects();
  const [creating, setCreating] = useState(false);
  const [query, setQuery] = useState("");
  const [renaming, setRenaming] = useState<Project | null>(null);
  const [deleting, setDeleting] = useState<Project | null>(null);
  const now = useNow();
  const list = projects.data;
  const shown = useMemo(() => (list ? filterProjects(list, query) : []), [list, query]);

  let body: React.ReactNode;
  if (projects.isPending) {
    body = <CardSkeletons />;
  } else if (!list) {
    body = <LoadError message={projects.error?.message} retrying={projects.isFetching} onRetry={() => void projects.refetch()} />;
  } else if (list.length === 0) {
    body = <ProjectsEmpty onCreate={() => setCreating(true)} />;
  } else {
    body = (
      <>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="relative w-full sm:max-w-sm">
            <Search className="pointer-events-none absolute left-3.5 top-1/2 size-4 -translate-y-1/2 text-subtle" aria-hidden />
            <Input
              type="search"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              placeholder="Search projects"
              aria-label="Search projects by name or instructions"
              className="pl-10"
              data-testid="projects-search"
            />
            {query && (
              <IconButton label="Clear search" size="sm" className="absolute right-1.5 top-1/2 -translate-y-1/2" onClick={() => setQuery("")}>
                <X className="size-4" aria-hidden />
              </IconButton>
            )}
          </div>
          <p className="text-sm text-muted" aria-live="polite" data-testid="projects-count">
            {query.trim() ? `${plural(shown.length, "project")} match “${query.trim()}”` : plural(list.length, "project")}
          </p>
        </div>
        {projects.isRefetchError && (
          <p role="alert" className="flex items-center gap-2 rounded-lg border border-warning/35 bg-warning/10 px-3 py-2 text-sm text-warning">
            <AlertTriangle className="size-4 shrink-0" aria-hidden />
            {projects.error.message}. Showing the last list we had.
          </p>
        )}
        {shown.length === 0 ? (
          <div className="flex flex-col items-center rounded-2xl border border-dashed border-line px-6 py-12 text-center" data-testid="projects-no-match">
            <SearchX className="size-6 text-subtle" aria-hidden />
            <p className="mt-3 font-semibold text-fg">No project matches “{query.trim()}”</p>
            <p className="mt-1 text-sm text-muted">Search looks at names and business instructions.</p>
            <Button variant="secondary" size="sm" className="mt-4" onClick={() => setQuery("")}>
              Clear search
            </Button>
          </div>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="project-cards">
            {shown.map((project) => (
              <ProjectCard key={project.id} project={project} now={now} onRename={() => setRenaming(project)} onDelete={() => setDeleting(project)} />
            ))}
          </ul>
        )}
      </>
    );
  }

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8" data-testid="projects-screen">
      <PageHeader
        title="Projects"
        description="Enhanced chat and projects: give the AI your store's instructions, files and facts once, and every chat in the project answers with them."
        actions={
          <Button icon={<Plus className="size-4" aria-hidden />} onClick={() => setCreating(true)} data-testid="new-project">
            New project
          </Button>
        }
      />
      <AllowanceLine count={list?.length} />
      <div className="mt-6 space-y-5">{body}</div>

      <CreateProjectDialog open={creating} onOpenChange={setCreating} />
      {renaming && <RenameProjectDialog project={renaming} open onOpenChange={(open) => !open && setRenaming(null)} />}
      {deleting && (
        <DeleteProjectDialog
          project={deleting}
          open
          onOpenChange={(open) => !open && setDeleting(null)}
          onDeleted={() => notify({ title: "Project deleted", description: `“${deleting.name}” is gone; its chats are kept.`, variant: "success" })}
        />
      )}
    </div>
  );
}

/** "2 of 3 projects on the Free plan": the plan's allowance (the server enforces it). */
function AllowanceLine({ count }: { count: number | undefined }) {
  const { plan, status } = useSubscription();
  if (count === undefined || !status) return null;
  const quota = resolvePlan(plan).projectQuota;
  const full = count >= quota;
  return (
    <p className="mt-3 flex flex-wrap items-center gap-x-2 gap-y-1 text-[13px] text-muted" data-testid="projects-allowance">
      <FolderKanban className="size-3.5 text-subtle" aria-hidden />
      <span>
        <span className={full ? "font-semibold text-warning" : "font-semibold text-fg"}>{count}</span> of {quota} projects on your plan
      </span>
      {full && (
        <Link to="/upgrade" className="font-semibold text-brand hover:underline">
          Get more with Growth
        </Link>
      )}
    </p>
  );
}

function ProjectCard({
  project,
  now,
  onRename,
  onDelete,
}: {
  project: Project;
  now: number;
  onRename: () => void;
  onDelete: () => void;
}) {
  const navigate = useNavigate();
  const canon = Object.keys(project.canonContext ?? {}).length;
  const excerpt = instructionsExcerpt(project.businessInstructions);
  return (
    <li
      className="group relative flex min-h-48 flex-col rounded-2xl border border-line bg-surface p-5 shadow-sm shadow-black/5 transition-[border-color,box-shadow] hover:border-brand/40 hover:shadow-lg hover:shadow-brand/5 focus-within:border-brand/50"
      data-testid="project-card"
      data-project-id={project.id}
    >
      <div className="flex items-start gap-3">
        <ProjectAvatar project={project} />
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-base font-semibold tracking-tight text-fg">
            <Link
              to={projectPath(project.id)}
              className="outline-none after:absolute after:inset-0 after:rounded-2xl focus-visible:after:ring-2 focus-visible:after:ring-brand"
              data-testid="project-card-link"
            >
              {project.name}
            </Link>
          </h2>
          <p className="mt-0.5 text-xs text-subtle" title={new Date(project.lastActivityAt).toLocaleString()}>
            Active {relativeTime(project.lastActivityAt, now)}
          </p>
        </div>
        <Menu>
          <MenuTrigger asChild>
            <IconButton label={`Actions for ${project.name}`} size="sm" className="relative z-10 -mr-1.5 -mt-1" data-testid="project-card-menu">
              <MoreHorizontal className="size-[18px]" aria-hidden />
            </IconButton>
          </MenuTrigger>
          <MenuContent align="end">
            <MenuItem onSelect={() => navigate(projectPath(project.id))}>
              <FolderKanban className="size-4 text-subtle" aria-hidden />
              Open
            </MenuItem>
            <MenuItem onSelect={onRename} data-testid="project-card-rename">
              <Pencil className="size-4 text-subtle" aria-hidden />
              Rename
            </MenuItem>
            <MenuSeparator />
            <MenuItem danger onSelect={onDelete} data-testid="project-card-delete">
              <Trash2 className="size-4" aria-hidden />
              Delete
            </MenuItem>
          </MenuContent>
        </Menu>
      </div>
      <p className={`mt-3 line-clamp-3 text-sm leading-6 ${excerpt ? "text-muted" : "italic text-subtle"}`}>
        {excerpt || "No business instructions yet."}
      </p>
      <div className="mt-auto flex flex-wrap items-center gap-x-4 gap-y-1.5 border-t border-line pt-3.5 text-[13px] text-muted" data-testid="project-card-counts">
        <span className="inline-flex items-center gap-1.5">
          <MessagesSquare className="size-3.5 text-subtle" aria-hidden />
          {plural(project.chatCount, "chat")}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <FileText className="size-3.5 text-subtle" aria-hidden />
          {plural(project.fileCount, "file")}
        </span>
        {canon > 0 && (
          <span className="inline-flex items-center gap-1.5">
            <Waypoints className="size-3.5 text-subtle" aria-hidden />
            {plural(canon, "fact")}
          </span>
        )}
      </div>
    </li>
  );
}

function CardSkeletons() {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy="true" aria-label="Loading your projects" data-testid="projects-loading">
      {[0, 1, 2].map((i) => (
        <li key={i} className="flex min-h-48 flex-col rounded-2xl border border-line bg-surface p-5">
          <div className="flex items-center gap-3">
            <Skeleton className="size-10 rounded-xl" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-3 w-1/3" />
            </div>
          </div>
          <Skeleton lines={3} className="mt-4" />
        </li>
      ))}
    </ul>
  );
}

function LoadError({ message, retrying, onRetry }: { message?: string; retrying: boolean; onRetry: () => void }) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-line bg-surface px-6 py-14 text-center" role="alert" data-testid="projects-error">
      <span className="grid size-11 place-items-center rounded-2xl bg-warning/10 text-warning">
        <AlertTriangle className="size-5" aria-hidden />
      </span>
      <h2 className="mt-4 text-base font-semibold text-fg">Couldn’t load your projects</h2>
      <p className="mt-1 max-w-sm text-sm text-muted">{message ?? "Something went wrong on our side."}</p>
      <Button variant="secondary" onClick={onRetry} disabled={retrying} className="mt-5" data-testid="projects-retry">
        <RefreshCw className={`size-4 ${retrying ? "animate-spin" : ""}`} aria-hidden />
        Retry
      </Button>
    </div>
  );
}

const WHAT_A_PROJECT_HOLDS = [
  {
    icon: BookOpenText,
    title: "Business instructions",
    text: "Your brand voice, audience, price band and shipping promise. Every answer follows them.",
  },
  {
    icon: FileText,
    title: "Knowledge base",
    text: "Supplier sheets, product catalogs, policies: PDF, Word, CSV and text. Answers quote them and say which file.",
  },
  {
    icon: Waypoints,
    title: "Canon",
    text: "The facts about your store, kept in one place and derived from your instructions, research and files.",
  },
] as const;

/** No projects yet: what a project is for, and a one-click example to look around in. */
function ProjectsEmpty({ onCreate }: { onCreate: () => void }) {
  const navigate = useNavigate();
  const create = useCreateProject();
  const [preparing, setPreparing] = useState(false);
  const tryExample = () =>
    create.mutate(
      { name: EXAMPLE_PROJECT.name, businessInstructions: EXAMPLE_PROJECT.businessInstructions },
      {
        // The example opens on its canon, already derived from its instructions (a failure just leaves it empty).
        onSuccess: (project) => {
          setPreparing(true);
          void runAutoRules(project.id)
            .catch((err: unknown) => console.warn("[projects] canon auto-rules failed:", err))
            .finally(() => navigate(`${projectPath(project.id)}?tab=canon`));
        },
        onError: (err) => {
          if (isProjectQuotaError(err)) return openProjectQuotaModal(err);
          notify({
            title: CREATE_FAILED,
            description: nameClashMessage(err) ?? errorMessage(err, "Please try again."),
            variant: "destructive",
          });
        },
      },
    );
  return (
    <section
      className="overflow-hidden rounded-2xl border border-line bg-surface shadow-sm shadow-black/5"
      aria-labelledby="projects-empty-title"
      data-testid="projects-empty"
    >
      <div className="bg-gradient-to-b from-brand-soft to-transparent px-6 pb-2 pt-10 text-center sm:px-10">
        <span className="mx-auto grid size-12 place-items-center rounded-2xl bg-brand-strong text-white shadow-lg shadow-brand/30" aria-hidden>
          <FolderKanban className="size-6" />
        </span>
        <h2 id="projects-empty-title" className="mt-4 text-xl font-bold tracking-tight text-fg sm:text-2xl">
          Run each store from its own project
        </h2>
        <p className="mx-auto mt-2 max-w-xl text-sm leading-6 text-muted sm:text-[15px]">
          A project is where the AI learns one business: tell it once who you sell to and how you talk, add your files, and every chat
          in the project answers like it works for your store.
        </p>
      </div>
      <ul className="grid gap-3 px-6 py-6 sm:grid-cols-3 sm:px-10">
        {WHAT_A_PROJECT_HOLDS.map(({ icon: Icon, title, text }) => (
          <li key={title} className="rounded-xl border border-line bg-bg-elevated/60 p-4">
            <Icon className="size-5 text-brand" aria-hidden />
            <p className="mt-2.5 text-sm font-semibold text-fg">{title}</p>
            <p className="mt-1 text-[13px] leading-5 text-muted">{text}</p>
          </li>
        ))}
      </ul>
      <div className="flex flex-col items-stretch justify-center gap-2.5 border-t border-line px-6 py-5 sm:flex-row sm:items-center">
        <Button icon={<Plus className="size-4" aria-hidden />} onClick={onCreate} data-testid="projects-empty-create">
          Create a project
        </Button>
        <Button
          variant="secondary"
          icon={<Sparkles className="size-4 text-brand" aria-hidden />}
          loading={create.isPending || preparing}
          onClick={tryExample}
          data-testid="projects-example"
        >
          Try an example project
        </Button>
      </div>
      <p className="pb-5 text-center text-xs text-subtle">
        The example is a pet-supplies store with its voice, audience, prices and competitors filled in.{" "}
        <Badge tone="neutral" className="ml-1">
          Delete it anytime
        </Badge>
      </p>
    </section>
  );
}
