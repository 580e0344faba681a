/**
 * Project data for every screen: the list (kept in the spec's local project store too), one
 * project, its files, canon and chats, and the changes made to them. Each change writes what
 * the server answered into every cached copy, so the list, the header and the tabs agree.
 */
import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { Canon, Project, ProjectFile, PutCanonBody } from "~/domain/contracts/projects";
import { useCurrentUser } from "~/features/account";
import { projectStore } from "~/features/local-data";
import { errorMessage } from "~/lib/http";
import { notify } from "~/lib/toast";
import { DELETE_FAILED } from "./project-logic";
import { projectKeys } from "./project-keys";
import {
  createProject,
  createProjectChat,
  deleteFile,
  deleteProject,
  fetchCanon,
  fetchFile,
  fetchFiles,
  fetchProject,
  fetchProjectChats,
  fetchProjects,
  putCanon,
  renameFile,
  renameProject,
  runAutoRules,
  saveKnowledgeBaseOrder,
  type ProjectFiles,
} from "./projects-client";

/** The chats' cache family is keyed by its URL (the spec's default data fetch); a project chat changes it. */
const CHATS_KEY = ["/api/chats"] as const;

/** What the spec's local project store keeps of a project. */
const stored = (p: Project) => ({ id: p.id, name: p.name, updatedAt: p.lastActivityAt });

/** Writes a project the server answered into the list and its detail. */
export function putProjectInCache(queryClient: QueryClient, project: Project): void {
  queryClient.setQueryData<Project>(projectKeys.detail(project.id), project);
  queryClient.setQueryData<Project[]>(projectKeys.list(), (old) => {
    if (!old) return old;
    const rest = old.filter((p) => p.id !== project.id);
    return old.some((p) => p.id === project.id) ? old.map((p) => (p.id === project.id ? project : p)) : [project, ...rest];
  });
  projectStore.receive([stored(project)]);
}

/** Updates a project's cached fields (its file count after an upload, its canon after a change). */
function patchProject(queryClient: QueryClient, id: string, patch: (p: Project) => Project): void {
  queryClient.setQueryData<Project>(projectKeys.detail(id), (old) => (old ? patch(old) : old));
  queryClient.setQueryData<Project[]>(projectKeys.list(), (old) => old?.map((p) => (p.id === id ? patch(p) : p)));
}

/** The list changed on the server (counts, activity): fetch it again where shown. */
function refreshList(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: projectKeys.list(), exact: true });
}

/** The signed-in user's projects, fetched on every visit; the local project store keeps a copy. */
export function useProjects() {
  const { user } = useCurrentUser();
  const query = useQuery({
    queryKey: projectKeys.list(),
    queryFn: ({ signal }) => fetchProjects(signal),
    enabled: Boolean(user),
    staleTime: 0,
  });
  const data = query.data;
  useEffect(() => {
    if (!data) return;
    projectStore.receive(data.map(stored));
    // The server decides what exists: projects deleted elsewhere leave the local store too.
    const listed = new Set(data.map((p) => p.id));
    const gone = projectStore
      .getSnapshot()
      .filter((p) => !listed.has(p.id))
      .map((p) => p.id);
    if (gone.length) projectStore.remove(gone);
  }, [data]);
  return query;
}

/** One project (its id known); shown at once from the list while it loads. */
export function useProject(id: string | undefined) {
  const { user } = useCurrentUser();
  const queryClient = useQueryClient();
  return useQuery<Project>({
    queryKey: projectKeys.detail(id ?? ""),
    queryFn: ({ signal }) => fetchProject(id!, signal),
    enabled: Boolean(user && id),
    staleTime: 0,
    placeholderData: () => queryClient.getQueryData<Project[]>(projectKeys.list())?.find((p) => p.id === id),
  });
}

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    onSuccess: (project) => {
      putProjectInCache(queryClient, project);
      refreshList(queryClient);
    },
  });
}

/** Renames a project; the caller shows a refusal (a 409 name clash goes next to the field). */
export function useRenameProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => renameProject(id, name),
    onSuccess: (project) => putProjectInCache(queryClient, project),
  });
}

/** Deletes a project with its files, passages and canon; its chats stay, out of the project. */
export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteProject(id),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<Project[]>(projectKeys.list(), (old) => old?.filter((p) => p.id !== id));
      queryClient.removeQueries({ queryKey: projectKeys.detail(id) });
      projectStore.remove([id]);
      void queryClient.invalidateQueries({ queryKey: CHATS_KEY });
      refreshList(queryClient);
    },
    onError: (err) => {
      notify({ title: DELETE_FAILED, description: errorMessage(err, "Please try again."), variant: "destructive" });
    },
  });
}

// ——— files ———

export function useProjectFiles(id: string) {
  return useQuery({
    queryKey: projectKeys.files(id),
    queryFn: ({ signal }) => fetchFiles(id, signal),
    staleTime: 0,
  });
}

export function useFileDetail(id: string, fileId: string | null) {
  return useQuery({
    queryKey: projectKeys.file(id, fileId ?? ""),
    queryFn: ({ signal }) => fetchFile(id, fileId!, signal),
    enabled: Boolean(fileId),
    staleTime: 0,
  });
}

/** Puts an uploaded, replaced or renamed file into the knowledge base's caches. */
export function putFileInCache(queryClient: QueryClient, id: string, file: ProjectFile): void {
  const upsert = (files: ProjectFile[]) =>
    files.some((f) => f.id === file.id) ? files.map((f) => (f.id === file.id ? file : f)) : [...files, file];
  queryClient.setQueryData<ProjectFiles>(projectKeys.files(id), (old) => (old ? { ...old, files: upsert(old.files) } : old));
  patchProject(queryClient, id, (p) => {
    const knowledgeBase = upsert(p.knowledgeBase);
    return { ...p, knowledgeBase, fileCount: knowledgeBase.length };
  });
  void queryClient.invalidateQueries({ queryKey: projectKeys.file(id, file.id), exact: true });
}

/** After uploads: storage use, counts and the auto-rules' canon come from the server again. */
export function refreshAfterUpload(queryClient: QueryClient, id: string): void {
  void queryClient.invalidateQueries({ queryKey: projectKeys.files(id), exact: true });
  void queryClient.invalidateQueries({ queryKey: projectKeys.canon(id), exact: true });
  void queryClient.invalidateQueries({ queryKey: projectKeys.detail(id), exact: true });
  refreshList(queryClient);
}

export function useRenameFile(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fileId, name }: { fileId: string; name: string }) => renameFile(id, fileId, name),
    onSuccess: (file) => putFileInCache(queryClient, id, file),
  });
}

export function useDeleteFile(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileId: string) => deleteFile(id, fileId),
    onSuccess: (_void, fileId) => {
      queryClient.setQueryData<ProjectFiles>(projectKeys.files(id), (old) =>
        old ? { ...old, files: old.files.filter((f) => f.id !== fileId) } : old,
      );
      patchProject(queryClient, id, (p) => {
        const knowledgeBase = p.knowledgeBase.filter((f) => f.id !== fileId);
        return { ...p, knowledgeBase, fileCount: knowledgeBase.length };
      });
      queryClient.removeQueries({ queryKey: projectKeys.file(id, fileId) });
      refreshAfterUpload(queryClient, id);
    },
    onError: (err) => {
      notify({ title: "Couldn't delete the file", description: errorMessage(err, "Please try again."), variant: "destructive" });
    },
  });
}

/**
 * The spec's knowledge-base sync (the files' order): shown at once; a failure is logged, the
 * order comes back from the server and the user is told.
 */
export function useReorderFiles(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileIds: string[]) => saveKnowledgeBaseOrder(id, fileIds),
    onMutate: async (fileIds) => {
      await queryClient.cancelQueries({ queryKey: projectKeys.files(id), exact: true });
      queryClient.setQueryData<ProjectFiles>(projectKeys.files(id), (old) =>
        old
          ? { ...old, files: fileIds.map((f) => old.files.find((x) => x.id === f)).filter((f): f is ProjectFile => Boolean(f)) }
          : old,
      );
    },
    onSuccess: (project) => putProjectInCache(queryClient, project),
    onError: (err) => {
      console.warn("[projects] knowledge-base sync failed:", err);
      notify({ title: "Couldn't save the order", description: errorMessage(err, "Please try again."), variant: "destructive" });
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: projectKeys.files(id), exact: true }),
  });
}

// ——— canon ———

/** The canon; an unknown id (a citation that points nowhere) asks nothing. */
export function useCanon(id: string | undefined) {
  return useQuery({
    queryKey: projectKeys.canon(id ?? ""),
    queryFn: ({ signal }) => fetchCanon(id!, signal),
    enabled: Boolean(id),
    staleTime: 0,
  });
}

function putCanonInCache(queryClient: QueryClient, id: string, canon: Canon): void {
  queryClient.setQueryData<Canon>(projectKeys.canon(id), canon);
  patchProject(queryClient, id, (p) => ({ ...p, canonContext: canon }));
}

/** PUT canon: entries set (as the user's), or paths deleted; answers the merged canon. */
export function useChangeCanon(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PutCanonBody) => putCanon(id, body),
    onSuccess: ({ canon }) => putCanonInCache(queryClient, id, canon),
    onError: (err) => console.warn("[projects] canon sync failed:", err),
  });
}

export function useAutoRules(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => runAutoRules(id),
    onSuccess: ({ enrichedCanon }) => putCanonInCache(queryClient, id, enrichedCanon),
    onError: (err) => {
      console.warn("[projects] canon auto-rules failed:", err);
      notify({ title: "Couldn't run the auto-rules", description: errorMessage(err, "Please try again."), variant: "destructive" });
    },
  });
}

// ——— chats ———

export function useProjectChats(id: string) {
  return useQuery({
    queryKey: projectKeys.chats(id),
    queryFn: ({ signal }) => fetchProjectChats(id, signal),
    staleTime: 0,
  });
}

/** Starts a chat in the project; the caller opens it. */
export function useStartProjectChat(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => createProjectChat(id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: CHATS_KEY });
      void queryClient.invalidateQueries({ queryKey: projectKeys.chats(id), exact: true });
      refreshList(queryClient);
    },
    onError: (err) => {
      notify({ title: "Couldn't start a chat", description: errorMessage(err, "Please try again."), variant: "destructive" });
    },
  });
}
