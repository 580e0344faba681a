/**
 * Projects, as plain functions over their dependencies (the database, the file store, the
 * documents Worker, a clock): a route, a scheduled job or a test calls them alike.
 */
import { ALLOWANCES, formatBytes } from "~/domain/counters";
import { applyAutoRules } from "./auto-rules";
import { changedCanonPaths, deleteCanonPaths, mergeCanon, normalizeCanonInput } from "~/domain/canon";
import {
  PROJECT_FILE_KINDS,
  PROJECT_FILE_MAX_BYTES,
  RESEARCH_DATA_MAX_BYTES,
  projectFileKind,
  type Canon,
  type PassageHit,
  type Project,
  type ProjectFile,
  type ProjectFileDetail,
  type PutCanonBody,
} from "~/domain/contracts/projects";
import { AppError } from "~/domain/errors";
import type { Plan } from "~/domain/plans";
import { planFor } from "../billing/plan";
import type { Database } from "../../../db/client";
import {
  deleteFile,
  deleteProject,
  findFile,
  findProject,
  insertFile,
  insertProjectWithinQuota,
  listFiles,
  listFilesOfProjects,
  listPassages,
  listProjects as listProjectRows,
  renameProject as renameProjectRow,
  reorderFiles,
  replacePassages,
  searchPassages,
  storageUsedBy,
  updateFile,
  updateProjectFields,
  type ProjectWithCounts,
} from "../../../db/projects";
import type { ProjectFileRow } from "../../../db/schema";
import { PASSAGES_PER_QUESTION, searchTerms } from "./context";
import { extractText, type DocumentsService } from "./extract";
import { splitIntoPassages } from "./passages";

/** Where knowledge-base bytes live: R2 in production, miniflare's R2 locally. */
export type FileStore = Pick<R2Bucket, "put" | "get" | "delete">;

export interface ProjectDeps {
  db: Database;
  files: FileStore;
  documents?: DocumentsService;
  now?: () => Date;
}

const notFound = () => new AppError("NOT_FOUND", "This project does not exist, or it belongs to another account.");
const fileNotFound = () => new AppError("NOT_FOUND", "This file does not exist in this project.");
const nameTaken = (name: string) =>
  new AppError("CONFLICT", `You already have a project named "${name}". Pick another name.`, { details: { field: "name" } });

export function publicFile(file: ProjectFileRow): ProjectFile {
  return {
    id: file.id,
    name: file.name,
    kind: file.kind,
    contentType: file.contentType,
    size: file.size,
    status: file.status,
    statusReason: file.statusReason,
    passageCount: file.passageCount,
    textChars: file.textChars,
    position: file.position,
    createdAt: file.createdAt,
    updatedAt: file.updatedAt,
  };
}

function publicProject(project: ProjectWithCounts, files: ProjectFileRow[]): Project {
  return {
    id: project.id,
    name: project.name,
    businessInstructions: project.businessInstructions,
    knowledgeBase: files.map(publicFile),
    researchData: project.researchData ?? null,
    canonContext: (project.canonContext ?? {}) as Canon,
    businessContext: project.businessContext ?? null,
    userId: project.userId,
    chatCount: project.chatCount,
    fileCount: project.fileCount,
    lastActivityAt: project.lastActivityAt,
    createdAt: project.createdAt,
    updatedAt: project.updatedAt,
  };
}

export async function listProjects(db: Database, userId: number): Promise<Project[]> {
  const rows = await listProjectRows(db, userId);
  const files = await listFilesOfProjects(
    db,
    userId,
    rows.map((p) => p.id),
  );
  return rows.map((p) =>
    publicProject(
      p,
      files.filter((f) => f.projectId === p.id),
    ),
  );
}

/** NOT_FOUND unless the project is the user's: routes check it before reading a request body. */
export async function assertOwnProject(db: Database, userId: number, projectId: string): Promise<void> {
  if (!(await findProject(db, userId, projectId))) throw notFound();
}

export async function getProject(db: Database, userId: number, projectId: string): Promise<Project> {
  const project = await findProject(db, userId, projectId);
  if (!project) throw notFound();
  return publicProject(project, await listFiles(db, userId, projectId));
}

/** The quota 403 of spec section 6: the body's type is QUOTA_EXCEEDED. */
function projectQuotaError(plan: Plan): AppError {
  const limit = plan.projectQuota;
  const upgrade = plan.tier === "free" ? " Upgrade to Growth for more projects, or delete one you no longer use." : " Delete a project you no longer use to make room.";
  return new AppError("QUOTA_EXCEEDED", `Your ${plan.tier === "free" ? "free" : "current"} plan holds ${limit} ${limit === 1 ? ALLOWANCES.projects.unit.one : ALLOWANCES.projects.unit.other} at once.${upgrade}`, {
    details: { allowance: "projects", limit },
  });
}

/** Creates a project within the plan's quota (checked in the same statement that inserts). */
export async function createProject(db: Database, userId: number, input: { name: string; businessInstructions: string }): Promise<Project> {
  const plan = await planFor(db, userId);
  const id = crypto.randomUUID();
  const result = await insertProjectWithinQuota(db, { id, userId, name: input.name, businessInstructions: input.businessInstructions }, plan.projectQuota);
  if (!result.ok) throw result.reason === "quota" ? projectQuotaError(plan) : nameTaken(input.name);
  // The canon starts from what the instructions state (brand voice, audience, price band…).
  if (input.businessInstructions.trim()) await runCanonAutoRules({ db }, userId, id);
  return getProject(db, userId, id);
}

export async function renameProject(db: Database, userId: number, projectId: string, name: string): Promise<Project> {
  const outcome = await renameProjectRow(db, userId, projectId, name);
  if (outcome === "missing") throw notFound();
  if (outcome === "name_taken") throw nameTaken(name);
  return getProject(db, userId, projectId);
}

/** Deletes the project, its files (bytes and passages) and canon; its chats move out of it. */
export async function removeProject(deps: ProjectDeps, userId: number, projectId: string) {
  const deleted = await deleteProject(deps.db, userId, projectId);
  if (!deleted) throw notFound();
  if (deleted.storageKeys.length) await deps.files.delete(deleted.storageKeys);
  return { id: projectId, deletedFiles: deleted.storageKeys.length, detachedChats: deleted.detachedChats };
}

export async function saveBusinessInstructions(db: Database, userId: number, projectId: string, text: string): Promise<Project> {
  if (!(await updateProjectFields(db, userId, projectId, { businessInstructions: text }))) throw notFound();
  return getProject(db, userId, projectId);
}

export async function saveResearchData(db: Database, userId: number, projectId: string, researchData: unknown): Promise<Project> {
  const size = new TextEncoder().encode(JSON.stringify(researchData ?? null)).length;
  if (size > RESEARCH_DATA_MAX_BYTES) {
    throw new AppError("PAYLOAD_TOO_LARGE", `researchData is ${formatBytes(size)}; a project holds at most ${formatBytes(RESEARCH_DATA_MAX_BYTES)} of research data.`);
  }
  if (!(await updateProjectFields(db, userId, projectId, { researchData: researchData ?? null }))) throw notFound();
  return getProject(db, userId, projectId);
}

/** The spec's knowledge-base sync: sets the files' order (files it does not list keep theirs, after). */
export async function saveKnowledgeBaseOrder(db: Database, userId: number, projectId: string, ids: string[]): Promise<Project> {
  if (!(await findProject(db, userId, projectId))) throw notFound();
  await reorderFiles(db, userId, projectId, ids);
  return getProject(db, userId, projectId);
}

// ── Canon ─────────────────────────────────────────────────────────────────────────────────

export async function getCanon(db: Database, userId: number, projectId: string): Promise<Canon> {
  const project = await findProject(db, userId, projectId);
  if (!project) throw notFound();
  return (project.canonContext ?? {}) as Canon;
}

/** What the auto-rules read: the instructions, the research data and every indexed passage. */
async function autoRuleInput(db: Database, userId: number, project: ProjectWithCounts) {
  const files = (await listFiles(db, userId, project.id)).filter((f) => f.status === "indexed");
  return {
    businessInstructions: project.businessInstructions,
    researchData: project.researchData ?? null,
    files: await Promise.all(files.map(async (f) => ({ id: f.id, name: f.name, passages: (await listPassages(db, userId, f.id)).map((p) => p.text) }))),
  };
}

/** Whether `path` is a removed path or lies under one. */
const isUnder = (path: string, removed: string) => path === removed || path.startsWith(`${removed}.`);

/**
 * The auto-rules over the project, never bringing back what the merchant deleted: removed paths
 * (and what lies under them) are taken back out of what the rules derived.
 */
async function withAutoRules(db: Database, userId: number, project: ProjectWithCounts, canon: Canon, removed: string[], now: Date) {
  const auto = applyAutoRules(canon, await autoRuleInput(db, userId, project), now);
  const resurrected = Object.keys(auto.canon).filter((p) => !(p in canon) && removed.some((r) => isUnder(p, r)));
  return resurrected.length ? deleteCanonPaths(auto.canon, resurrected) : auto.canon;
}

/** PUT canon: merge the entries (ADR 010), delete what is named, then run the auto-rules. */
export async function putCanon(deps: Pick<ProjectDeps, "db" | "now">, userId: number, projectId: string, body: PutCanonBody): Promise<{ canon: Canon; autoRulesApplied: string[] }> {
  const now = deps.now?.() ?? new Date();
  const project = await findProject(deps.db, userId, projectId);
  if (!project) throw notFound();
  const incoming = normalizeCanonInput(body.canon, body.source ?? "user", now);
  // Deletes first (ADR 010), so one PUT can replace a subtree.
  const deleted = body.delete ?? [];
  const kept = deleteCanonPaths((project.canonContext ?? {}) as Canon, deleted);
  const canon = mergeCanon(kept, incoming);
  // Setting a path again lifts its removal; deleting one records it.
  const removed = [...new Set([...(project.canonRemoved ?? []), ...deleted])].filter((r) => !Object.keys(incoming).some((p) => isUnder(p, r)));
  const final = await withAutoRules(deps.db, userId, project, canon, removed, now);
  await updateProjectFields(deps.db, userId, projectId, { canonContext: final, canonRemoved: removed });
  return { canon: final, autoRulesApplied: changedCanonPaths(canon, final) };
}

/**
 * POST canon/autorule: derive entries from the instructions, research data and files. The
 * merchant asked for it, so paths they deleted may come back (a PUT never brings them back).
 */
export async function runCanonAutoRules(deps: Pick<ProjectDeps, "db" | "now">, userId: number, projectId: string): Promise<{ hasChanges: boolean; enrichedCanon: Canon; changed: string[] }> {
  const now = deps.now?.() ?? new Date();
  const project = await findProject(deps.db, userId, projectId);
  if (!project) throw notFound();
  const before = (project.canonContext ?? {}) as Canon;
  const enriched = await withAutoRules(deps.db, userId, project, before, [], now);
  const changed = changedCanonPaths(before, enriched);
  if (changed.length || project.canonRemoved?.length) await updateProjectFields(deps.db, userId, projectId, { canonContext: enriched, canonRemoved: [] });
  return { hasChanges: changed.length > 0, enrichedCanon: enriched, changed };
}

/** The project's passages that best match a question: what a project chat would be sent. */
export async function searchProjectPassages(db: Database, userId: number, projectId: string, q: string, limit = PASSAGES_PER_QUESTION): Promise<PassageHit[]> {
  if (!(await findProject(db, userId, projectId))) throw notFound();
  const hits = await searchPassages(db, userId, projectId, searchTerms(q), limit);
  return hits.map((h) => ({ ...h, id: String(h.id) }));
}

// ── Knowledge-base files ──────────────────────────────────────────────────────────────────

export async function listProjectFiles(db: Database, userId: number, projectId: string) {
  if (!(await findProject(db, userId, projectId))) throw notFound();
  const [files, usedBytes, plan] = await Promise.all([listFiles(db, userId, projectId), storageUsedBy(db, userId), planFor(db, userId)]);
  return { files: files.map(publicFile), storage: { usedBytes, limitBytes: plan.knowledgeBytes } };
}

export async function getProjectFile(db: Database, userId: number, projectId: string, fileId: string): Promise<ProjectFileDetail> {
  const file = await findFile(db, userId, projectId, fileId);
  if (!file) throw fileNotFound();
  const passages = await listPassages(db, userId, fileId);
  return { ...publicFile(file), passages: passages.map((p) => ({ id: String(p.id), position: p.position, text: p.text })) };
}

/** An upload as the router hands it over: the file's name, declared type and bytes. */
export interface UploadedFile {
  name: string;
  type: string;
  bytes: Uint8Array;
}

/** Refuses what the knowledge base cannot take, naming the file and the limit. */
function checkUpload(file: UploadedFile): keyof typeof PROJECT_FILE_KINDS {
  const name = file.name.trim();
  if (!name) throw new AppError("VALIDATION", "The file has no name. Rename it and upload it again.");
  const kind = projectFileKind(name);
  if (!kind) {
    throw new AppError(
      "UNSUPPORTED_MEDIA_TYPE",
      `"${name}" is not a file the knowledge base can read. Upload plain text (.txt), Markdown (.md), CSV, JSON, PDF or Word (.docx) files.`,
      { details: { field: "file", fileName: name } },
    );
  }
  if (file.bytes.byteLength === 0) throw new AppError("VALIDATION", `"${name}" is empty (0 bytes). Upload a file with content.`, { details: { field: "file", fileName: name } });
  if (file.bytes.byteLength > PROJECT_FILE_MAX_BYTES) {
    throw new AppError("PAYLOAD_TOO_LARGE", `"${name}" is ${formatBytes(file.bytes.byteLength)}; each file can be at most ${formatBytes(PROJECT_FILE_MAX_BYTES)}.`, {
      details: { field: "file", fileName: name, limitBytes: PROJECT_FILE_MAX_BYTES },
    });
  }
  return kind;
}

async function checkStorage(db: Database, userId: number, name: string, adding: number, freeing = 0): Promise<void> {
  const [used, plan] = await Promise.all([storageUsedBy(db, userId), planFor(db, userId)]);
  if (used - freeing + adding > plan.knowledgeBytes) {
    throw new AppError(
      "QUOTA_EXCEEDED",
      `"${name}" does not fit: your knowledge bases hold ${formatBytes(used)} of the ${formatBytes(plan.knowledgeBytes)} your plan allows. Delete files you no longer need${plan.tier === "free" ? ", or upgrade to Growth for more room" : ""}.`,
      { details: { allowance: "knowledgeBytes", usedBytes: used, limitBytes: plan.knowledgeBytes, fileName: name } },
    );
  }
}

/** Reads a stored file's text into passages, recording each step's status on the file. */
async function indexFile(deps: ProjectDeps, file: ProjectFileRow, bytes: Uint8Array): Promise<ProjectFileRow> {
  await updateFile(deps.db, file.userId, file.id, { status: "extracting", statusReason: null });
  const result = await extractText(file.kind, bytes, deps.documents);
  if (result.status !== "indexed") {
    await replacePassages(deps.db, file, []);
    return (await updateFile(deps.db, file.userId, file.id, { status: result.status, statusReason: result.reason, passageCount: 0, textChars: 0 }))!;
  }
  const passages = splitIntoPassages(result.text);
  await replacePassages(deps.db, file, passages);
  return (await updateFile(deps.db, file.userId, file.id, {
    status: passages.length ? "indexed" : "no_text",
    statusReason: passages.length ? null : "No text found in this file.",
    passageCount: passages.length,
    textChars: result.text.length,
  }))!;
}

/** Stores an uploaded file, then reads and indexes it. A file that cannot be read is kept with the reason. */
export async function uploadProjectFile(deps: ProjectDeps, userId: number, projectId: string, upload: UploadedFile): Promise<ProjectFile> {
  if (!(await findProject(deps.db, userId, projectId))) throw notFound();
  const kind = checkUpload(upload);
  await checkStorage(deps.db, userId, upload.name.trim(), upload.bytes.byteLength);
  const id = crypto.randomUUID();
  const storageKey = `projects/${userId}/${projectId}/${id}`;
  const contentType = upload.type || PROJECT_FILE_KINDS[kind].mime[0];
  await deps.files.put(storageKey, upload.bytes, { httpMetadata: { contentType } });
  const file = await insertFile(deps.db, { id, projectId, userId, name: upload.name.trim(), kind, contentType, size: upload.bytes.byteLength, storageKey });
  return publicFile(await indexWithoutLosingTheFile(deps, file, upload.bytes));
}

/** Replaces a file's content (same id, name kept unless the new file's kind differs), re-indexed from scratch. */
export async function replaceProjectFile(deps: ProjectDeps, userId: number, projectId: string, fileId: string, upload: UploadedFile): Promise<ProjectFile> {
  const existing = await findFile(deps.db, userId, projectId, fileId);
  if (!existing) throw fileNotFound();
  const kind = checkUpload(upload);
  await checkStorage(deps.db, userId, upload.name.trim(), upload.bytes.byteLength, existing.size);
  const contentType = upload.type || PROJECT_FILE_KINDS[kind].mime[0];
  await deps.files.put(existing.storageKey, upload.bytes, { httpMetadata: { contentType } });
  const updated = await updateFile(deps.db, userId, fileId, { name: upload.name.trim(), kind, contentType, size: upload.bytes.byteLength, status: "uploading", statusReason: null });
  return publicFile(await indexWithoutLosingTheFile(deps, updated!, upload.bytes));
}

async function indexWithoutLosingTheFile(deps: ProjectDeps, file: ProjectFileRow, bytes: Uint8Array): Promise<ProjectFileRow> {
  try {
    return await indexFile(deps, file, bytes);
  } catch (err) {
    // The bytes are stored: keep the file, say why it is not searchable.
    const reason = err instanceof AppError ? err.message : "Reading this file failed on our side. Try uploading it again.";
    return (await updateFile(deps.db, file.userId, file.id, { status: "failed", statusReason: reason }))!;
  }
}

export async function renameProjectFile(db: Database, userId: number, projectId: string, fileId: string, name: string): Promise<ProjectFile> {
  const file = await findFile(db, userId, projectId, fileId);
  if (!file) throw fileNotFound();
  // The extension says how the file was read; a rename keeps it.
  const ext = `.${file.kind}`;
  const kept = projectFileKind(name) === file.kind ? name : `${name}${name.toLowerCase().endsWith(ext) ? "" : ext}`;
  return publicFile((await updateFile(db, userId, fileId, { name: kept }))!);
}

export async function deleteProjectFile(deps: ProjectDeps, userId: number, projectId: string, fileId: string): Promise<void> {
  const file = await deleteFile(deps.db, userId, projectId, fileId);
  if (!file) throw fileNotFound();
  await deps.files.delete(file.storageKey);
}

/** The stored bytes of a file, for download. */
export async function downloadProjectFile(deps: ProjectDeps, userId: number, projectId: string, fileId: string) {
  const file = await findFile(deps.db, userId, projectId, fileId);
  if (!file) throw fileNotFound();
  const object = await deps.files.get(file.storageKey);
  if (!object) throw new AppError("NOT_FOUND", `The stored copy of "${file.name}" is missing. Upload it again.`);
  return { file, body: object.body };
}
