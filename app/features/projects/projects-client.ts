/**
 * The browser's project API client (functions/projects.ts, spec section 7): projects, their
 * instructions, research data, canon, knowledge-base files and chats. JSON goes through the one
 * request client (`~/lib/http`); uploads use XMLHttpRequest for their progress, with the same
 * headers and the same error reading. Every type is inferred from the contract.
 */
import type { ChatEnvelope, ChatList, ListedChat } from "~/domain/contracts/chats";
import type {
  AutoRuleAnswerSchema,
  Canon,
  CanonEnvelopeSchema,
  CreateProjectBody,
  Project,
  ProjectDeletedSchema,
  ProjectEnvelopeSchema,
  ProjectFile,
  ProjectFileDetail,
  ProjectFileDetailSchema,
  ProjectFileEnvelopeSchema,
  ProjectFileListSchema,
  ProjectListSchema,
  PutCanonAnswerSchema,
  PutCanonBody,
} from "~/domain/contracts/projects";
import type { z } from "zod";
import { apiRequest, buildHeaders, HttpError, NetworkError, throwIfResNotOk, withTimestamp } from "~/lib/http";
import { toCreateProjectError, toRefreshError, visibleProjects } from "./project-logic";

type Body<S extends z.ZodType> = z.infer<S>;

const projectUrl = (id: string) => `/api/projects/${encodeURIComponent(id)}`;
const fileUrl = (id: string, fileId: string) => `${projectUrl(id)}/files/${encodeURIComponent(fileId)}`;

async function read<S extends z.ZodType>(res: Response): Promise<Body<S>> {
  return (await res.json()) as Body<S>;
}

/** The signed-in user's projects, most recently active first; blank names hidden. Fails with 'Failed to refresh projects: {status}'. */
export async function fetchProjects(signal?: AbortSignal): Promise<Project[]> {
  try {
    const res = await apiRequest("GET", "/api/projects", undefined, { signal });
    return visibleProjects((await read<typeof ProjectListSchema>(res)).data);
  } catch (err) {
    throw toRefreshError(err);
  }
}

export async function fetchProject(id: string, signal?: AbortSignal): Promise<Project> {
  const res = await apiRequest("GET", projectUrl(id), undefined, { signal });
  return (await read<typeof ProjectEnvelopeSchema>(res)).data;
}

/** Creates a project; the quota 403 raises the error starting with PROJECT_QUOTA_EXCEEDED. */
export async function createProject(body: CreateProjectBody): Promise<Project> {
  try {
    const res = await apiRequest("POST", "/api/projects", body);
    return (await read<typeof ProjectEnvelopeSchema>(res)).data;
  } catch (err) {
    throw toCreateProjectError(err);
  }
}

export async function renameProject(id: string, name: string): Promise<Project> {
  const res = await apiRequest("PATCH", projectUrl(id), { name });
  return (await read<typeof ProjectEnvelopeSchema>(res)).data;
}

export async function deleteProject(id: string): Promise<Body<typeof ProjectDeletedSchema>["data"]> {
  const res = await apiRequest("DELETE", projectUrl(id));
  return (await read<typeof ProjectDeletedSchema>(res)).data;
}

export async function saveBusinessInstructions(id: string, businessInstructions: string): Promise<Project> {
  const res = await apiRequest("PATCH", `${projectUrl(id)}/business-instructions`, { businessInstructions });
  return (await read<typeof ProjectEnvelopeSchema>(res)).data;
}

export async function saveResearchData(id: string, researchData: unknown): Promise<Project> {
  const res = await apiRequest("PATCH", `${projectUrl(id)}/research-data`, { researchData });
  return (await read<typeof ProjectEnvelopeSchema>(res)).data;
}

/** The spec's knowledge-base sync: the files, each with an id, in their new order. */
export async function saveKnowledgeBaseOrder(id: string, fileIds: readonly string[]): Promise<Project> {
  const res = await apiRequest("PATCH", `${projectUrl(id)}/knowledge-base`, { knowledgeBase: fileIds.map((f) => ({ id: f })) });
  return (await read<typeof ProjectEnvelopeSchema>(res)).data;
}

export async function fetchCanon(id: string, signal?: AbortSignal): Promise<Canon> {
  const res = await apiRequest("GET", `${projectUrl(id)}/canon`, undefined, { signal });
  return (await read<typeof CanonEnvelopeSchema>(res)).data;
}

export async function putCanon(id: string, body: PutCanonBody): Promise<Body<typeof PutCanonAnswerSchema>["data"]> {
  const res = await apiRequest("PUT", `${projectUrl(id)}/canon`, body);
  return (await read<typeof PutCanonAnswerSchema>(res)).data;
}

export async function runAutoRules(id: string): Promise<Body<typeof AutoRuleAnswerSchema>["data"]> {
  const res = await apiRequest("POST", `${projectUrl(id)}/canon/autorule`);
  return (await read<typeof AutoRuleAnswerSchema>(res)).data;
}

export type ProjectFiles = { files: ProjectFile[]; storage: Body<typeof ProjectFileListSchema>["storage"] };

export async function fetchFiles(id: string, signal?: AbortSignal): Promise<ProjectFiles> {
  const res = await apiRequest("GET", `${projectUrl(id)}/files`, undefined, { signal });
  const body = await read<typeof ProjectFileListSchema>(res);
  return { files: body.data, storage: body.storage };
}

/** One file with the text read from it, as passages. */
export async function fetchFile(id: string, fileId: string, signal?: AbortSignal): Promise<ProjectFileDetail> {
  const res = await apiRequest("GET", fileUrl(id, fileId), undefined, { signal });
  return (await read<typeof ProjectFileDetailSchema>(res)).data;
}

export async function renameFile(id: string, fileId: string, name: string): Promise<ProjectFile> {
  const res = await apiRequest("PATCH", fileUrl(id, fileId), { name });
  return (await read<typeof ProjectFileEnvelopeSchema>(res)).data;
}

export async function deleteFile(id: string, fileId: string): Promise<void> {
  await apiRequest("DELETE", fileUrl(id, fileId));
}

/** Fetches the file as uploaded and hands it to the browser as a download under its name. */
export async function downloadFile(id: string, fileId: string, name: string): Promise<void> {
  const res = await apiRequest("GET", `${fileUrl(id, fileId)}/download`);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export interface UploadProgress {
  /** "uploading" while bytes go out, "extracting" once they are all sent and the server reads the file. */
  phase: "uploading" | "extracting";
  loaded: number;
  total: number;
}

/**
 * Sends one file (multipart field "file"): POST adds it to the knowledge base, PUT with `replace`
 * replaces that file's content. Reports progress; the answer is the file with its status
 * (indexed, no_text or failed with the reason). Refusals throw the request client's HttpError.
 */
export function uploadFile(
  id: string,
  file: File,
  { replace, onProgress, signal }: { replace?: string; onProgress?: (p: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<ProjectFile> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const url = replace ? fileUrl(id, replace) : `${projectUrl(id)}/files`;
    xhr.open(replace ? "PUT" : "POST", withTimestamp(url));
    xhr.withCredentials = true;
    // The request client's headers (bearer, XSRF, no-cache); the browser sets the multipart type.
    buildHeaders(false).forEach((value, key) => xhr.setRequestHeader(key, value));
    xhr.upload.onprogress = (e) => onProgress?.({ phase: "uploading", loaded: e.loaded, total: e.lengthComputable ? e.total : file.size });
    xhr.upload.onload = () => onProgress?.({ phase: "extracting", loaded: file.size, total: file.size });
    xhr.onload = () => {
      void (async () => {
        try {
          const res = new Response(xhr.responseText, { status: xhr.status, statusText: xhr.statusText });
          await throwIfResNotOk(res);
          resolve((JSON.parse(xhr.responseText) as Body<typeof ProjectFileEnvelopeSchema>).data);
        } catch (err) {
          if (err instanceof HttpError) console.warn(`[api] ${replace ? "PUT" : "POST"} ${url} failed:`, err.message);
          reject(err instanceof HttpError ? err : new NetworkError("network", err));
        }
      })();
    };
    xhr.onerror = () => reject(new NetworkError("network"));
    xhr.ontimeout = () => reject(new NetworkError("timeout"));
    xhr.onabort = () => reject(new NetworkError("cancelled"));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append("file", file, file.name);
    xhr.send(form);
  });
}

/** The project's chats, newest update first (GET /api/chats lists every chat with its projectId). */
export async function fetchProjectChats(id: string, signal?: AbortSignal): Promise<ListedChat[]> {
  const res = await apiRequest("GET", "/api/chats", undefined, { signal });
  const { chats } = (await res.json()) as ChatList;
  return chats
    .filter((c) => c.projectId === id)
    .sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt));
}

/** Starts a chat in the project (POST /api/chats {projectId}). */
export async function createProjectChat(projectId: string): Promise<ChatEnvelope["chat"]> {
  const res = await apiRequest("POST", "/api/chats", { projectId });
  return ((await res.json()) as ChatEnvelope).chat;
}
