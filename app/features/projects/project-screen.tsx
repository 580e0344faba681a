/**
 * /project/:projectName: one project, found by id (links use ids) or by its exact name, with its
 * header (name, rename, counts, delete) and five tabs: Chats, Instructions, Knowledge base,
 * Research data and Canon. The open tab is in the URL (?tab=).
 */
import { Link, useNavigate, useSearchParams } from "@remix-run/react";
import {
  BookOpenText,
  ChevronRight,
  Database,
  FileText,
  FolderSearch,
  MessagesSquare,
  MoreHorizontal,
  Pencil,
  Plus,
  Trash2,
  Waypoints,
} from "lucide-react";
import { useEffect, useState, type ReactNode } from "react";
import type { Project } from "~/domain/contracts/projects";
import { relativeTime } from "~/ui/time";
import { HttpError } from "~/lib/http";
import {
  Button,
  buttonClasses,
  IconButton,
  Menu,
  MenuContent,
  MenuItem,
  MenuSeparator,
  MenuTrigger,
  Skeleton,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from "~/ui";
import { CanonTab } from "./canon-tab";
import { ChatsTab } from "./chats-tab";
import { InstructionsTab } from "./instructions-tab";
import { KnowledgeTab } from "./knowledge-tab";
import { findProjectByParam, plural, projectPath } from "./project-logic";
import { useNow } from "~/ui/use-now";
import { DeleteProjectDialog, ProjectAvatar, RenameProjectDialog } from "./project-parts";
import { ResearchTab } from "./research-tab";
import { useProject, useProjects, useStartProjectChat } from "./use-projects";

export const PROJECT_TABS = [
  { id: "chats", label: "Chats", icon: MessagesSquare },
  { id: "instructions", label: "Instructions", icon: BookOpenText },
  { id: "knowledge", label: "Knowledge base", icon: FileText },
  { id: "research", label: "Research data", icon: Database },
  { id: "canon", label: "Canon", icon: Waypoints },
] as const;
export type ProjectTab = (typeof PROJECT_TABS)[number]["id"];

const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export function ProjectScreen({ param }: { param: string }) {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const list = useProjects();
  const match = list.data ? findProjectByParam(list.data, param) : undefined;
  // Before the list answers, an id-like address is fetched directly.
  const id = match?.id ?? (!list.data && ID_PATTERN.test(param) ? param : undefined);
  const detail = useProject(id);
  const project = detail.data;

  // A project found by its name gets its id address (links and reloads use ids).
  useEffect(() => {
    if (match && match.id !== param) {
      const query = search.toString();
      navigate(`${projectPath(match.id)}${query ? `?${query}` : ""}`, { replace: true });
    }
  }, [match, param, navigate, search]);

  useEffect(() => {
    if (project?.name) document.title = `${project.name} — Projects — Dropcraft`;
  }, [project?.name]);

  const missing = detail.error instanceof HttpError && detail.error.status === 404;
  if (project && !(missing && !match)) return <ProjectView key={project.id} project={project} />;
  if (list.isPending || (id && detail.isPending && !missing)) return <ProjectSkeleton />;
  if (!list.data && list.isError && !missing) {
    return (
      <Frame>
        <NotFound
          title="Couldn’t load this project"
          text={`${list.error.message}. Check your connection and try again.`}
          action={
            <Button variant="secondary" onClick={() => void list.refetch()}>
              Try again
            </Button>
          }
        />
      </Frame>
    );
  }
  return (
    <Frame>
      <NotFound
        title="No project by that name"
        text={`You have no project called “${param}”. It may have been renamed or deleted.`}
      />
    </Frame>
  );
}

function Frame({ children }: { children: ReactNode }) {
  return <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">{children}</div>;
}

function NotFound({ title, text, action }: { title: string; text: string; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-line px-6 py-16 text-center" data-testid="project-not-found">
      <span className="grid size-12 place-items-center rounded-2xl bg-brand-soft text-brand" aria-hidden>
        <FolderSearch className="size-6" />
      </span>
      <h1 className="mt-4 text-lg font-semibold tracking-tight text-fg">{title}</h1>
      <p className="mt-1.5 max-w-md text-sm text-muted">{text}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-2.5">
        {action}
        <Link to="/projects" className={buttonClasses({ variant: "primary" })} data-testid="project-back-to-list">
          Back to projects
        </Link>
      </div>
    </div>
  );
}

function ProjectSkeleton() {
  return (
    <Frame>
      <div role="status" aria-busy="true" aria-label="Loading the project" data-testid="project-loading">
        <Skeleton className="h-3.5 w-32" />
        <div className="mt-5 flex items-center gap-4">
          <Skeleton className="size-12 rounded-xl" />
          <div className="flex-1 space-y-2.5">
            <Skeleton className="h-7 w-64 max-w-full" />
            <Skeleton className="h-3.5 w-80 max-w-full" />
          </div>
        </div>
        <Skeleton className="mt-8 h-10 w-full max-w-xl rounded-xl" />
        <Skeleton className="mt-5 h-64 w-full rounded-2xl" />
      </div>
    </Frame>
  );
}

function isTab(value: string | null): value is ProjectTab {
  return PROJECT_TABS.some((t) => t.id === value);
}

function ProjectView({ project }: { project: Project }) {
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const wanted = search.get("tab");
  const tab: ProjectTab = isTab(wanted) ? wanted : "chats";
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const startChat = useStartProjectChat(project.id);
  const now = useNow();
  const canonCount = Object.keys(project.canonContext ?? {}).length;
  const [visited, setVisited] = useState<ReadonlySet<ProjectTab>>(() => new Set([tab]));
  useEffect(() => {
    setVisited((prev) => (prev.has(tab) ? prev : new Set([...prev, tab])));
  }, [tab]);

  const setTab = (next: string) => {
    const params = new URLSearchParams(search);
    if (next === "chats") params.delete("tab");
    else params.set("tab", next);
    setSearch(params, { replace: true, preventScrollReset: true });
  };
  const newChat = () => startChat.mutate(undefined, { onSuccess: (chat) => navigate(`/chat/${chat.id}`) });
  const counts: Partial<Record<ProjectTab, number>> = { chats: project.chatCount, knowledge: project.fileCount, canon: canonCount };

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-8 lg:px-8" data-testid="project-screen" data-project-id={project.id}>
      <nav aria-label="Breadcrumb" className="flex min-w-0 items-center gap-1 text-[13px] text-muted">
        <Link to="/projects" className="shrink-0 font-medium hover:text-fg" data-testid="project-breadcrumb">
          Projects
        </Link>
        <ChevronRight className="size-3.5 shrink-0 text-subtle" aria-hidden />
        <span className="truncate text-subtle" aria-current="page">
          {project.name}
        </span>
      </nav>

      <header className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-center">
        <div className="flex min-w-0 flex-1 items-center gap-3.5">
          <ProjectAvatar project={project} className="size-12 text-lg" />
          <div className="min-w-0">
            <div className="flex min-w-0 items-center gap-1">
              <h1 className="truncate text-2xl font-bold tracking-tight text-fg sm:text-[28px]" data-testid="project-name">
                {project.name}
              </h1>
              <IconButton label="Rename project" tooltip size="sm" onClick={() => setRenaming(true)} data-testid="project-rename">
                <Pencil className="size-4" aria-hidden />
              </IconButton>
            </div>
            <p className="mt-0.5 flex flex-wrap items-center gap-x-2 text-[13px] text-muted" data-testid="project-counts">
              <span>{plural(project.chatCount, "chat")}</span>
              <span aria-hidden className="text-subtle">·</span>
              <span>{plural(project.fileCount, "file")}</span>
              <span aria-hidden className="text-subtle">·</span>
              <span>{plural(canonCount, "canon fact")}</span>
              <span aria-hidden className="text-subtle">·</span>
              <span title={new Date(project.lastActivityAt).toLocaleString()}>Active {relativeTime(project.lastActivityAt, now)}</span>
            </p>
          </div>
        </div>
        <div className="flex shrink-0 items-center gap-2">
          <Button
            icon={<Plus className="size-4" aria-hidden />}
            loading={startChat.isPending}
            onClick={newChat}
            className="max-sm:flex-1"
            data-testid="project-new-chat"
          >
            New chat
          </Button>
          <Menu>
            <MenuTrigger asChild>
              <IconButton label="More project actions" className="border border-line" data-testid="project-menu">
                <MoreHorizontal className="size-[18px]" aria-hidden />
              </IconButton>
            </MenuTrigger>
            <MenuContent align="end">
              <MenuItem onSelect={() => setRenaming(true)}>
                <Pencil className="size-4 text-subtle" aria-hidden />
                Rename
              </MenuItem>
              <MenuSeparator />
              <MenuItem danger onSelect={() => setDeleting(true)} data-testid="project-delete">
                <Trash2 className="size-4" aria-hidden />
                Delete project
              </MenuItem>
            </MenuContent>
          </Menu>
        </div>
      </header>

      <Tabs value={tab} onValueChange={setTab} className="mt-6">
        <div className="-mx-4 overflow-x-auto px-4 pb-1 [scrollbar-width:none] sm:mx-0 sm:px-0">
          <TabsList aria-label="Project sections" className="min-w-max" data-testid="project-tabs">
            {PROJECT_TABS.map(({ id, label, icon: Icon }) => (
              <TabsTrigger key={id} value={id} className="h-9 shrink-0 gap-2 px-3.5" data-testid={`project-tab-${id}`}>
                <Icon className="size-4" aria-hidden />
                {label}
                {counts[id] !== undefined && counts[id]! > 0 && (
                  <span className="rounded-full bg-surface-2 px-1.5 text-[11px] font-semibold tabular-nums text-muted">{counts[id]}</span>
                )}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        {/* A tab mounts when first opened and then stays (hidden), so drafts and uploads survive switching. */}
        {PROJECT_TABS.filter(({ id }) => id === tab || visited.has(id)).map(({ id }) => (
          <TabsContent key={id} value={id} forceMount className="mt-5 data-[state=inactive]:hidden">
            {id === "chats" && <ChatsTab project={project} onNewChat={newChat} starting={startChat.isPending} />}
            {id === "instructions" && <InstructionsTab project={project} />}
            {id === "knowledge" && <KnowledgeTab project={project} />}
            {id === "research" && <ResearchTab project={project} />}
            {id === "canon" && <CanonTab project={project} onOpenTab={setTab} />}
          </TabsContent>
        ))}
      </Tabs>

      <RenameProjectDialog project={project} open={renaming} onOpenChange={setRenaming} />
      <DeleteProjectDialog project={project} open={deleting} onOpenChange={setDeleting} onDeleted={() => navigate("/projects")} />
    </div>
  );
}
