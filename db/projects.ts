/**
 * Projects, their knowledge-base files and the files' passages. Every query takes the owner's
 * id, so one user never reads or changes another's project.
 */
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { changedRows, type Database } from "./client";
import { uniqueViolation } from "./errors";
import { chats, projectFiles, projectPassages, projects, type Project, type ProjectFileRow } from "./schema";

/** A listed project with what its card shows. */
export interface ProjectWithCounts extends Project {
  chatCount: number;
  fileCount: number;
  lastActivityAt: string;
}

// Written out in full: inside a select from projects, drizzle would print these columns unqualified,
// and the subqueries would read their own tables' ids.
const chatCount = sql<number>`(SELECT count(*) FROM chats c WHERE c.project_id = "projects"."id" AND c.user_id = "projects"."user_id")`;
const fileCount = sql<number>`(SELECT count(*) FROM project_files f WHERE f.project_id = "projects"."id")`;
// The latest change to the project itself, one of its chats or one of its files.
const lastActivity = sql<string>`max("projects"."updated_at",
  coalesce((SELECT max(c.updated_at) FROM chats c WHERE c.project_id = "projects"."id" AND c.user_id = "projects"."user_id"), ''),
  coalesce((SELECT max(f.updated_at) FROM project_files f WHERE f.project_id = "projects"."id"), ''))`;

const withCounts = { project: projects, chatCount, fileCount, lastActivity };
const toListed = (r: { project: Project; chatCount: number; fileCount: number; lastActivity: string }): ProjectWithCounts => ({
  ...r.project,
  chatCount: Number(r.chatCount),
  fileCount: Number(r.fileCount),
  lastActivityAt: r.lastActivity,
});

/** The caller's projects, most recently active first; projects with a blank name are hidden (spec section 5). */
export async function listProjects(db: Database, userId: number): Promise<ProjectWithCounts[]> {
  const rows = await db
    .select(withCounts)
    .from(projects)
    .where(and(eq(projects.userId, userId), sql`trim(${projects.name}) <> ''`))
    .orderBy(desc(lastActivity), asc(projects.name))
    .all();
  return rows.map(toListed);
}

export async function findProject(db: Database, userId: number, projectId: string): Promise<ProjectWithCounts | undefined> {
  const row = await db
    .select(withCounts)
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.userId, userId)))
    .get();
  return row && toListed(row);
}

export async function countProjects(db: Database, userId: number): Promise<number> {
  const row = await db.select({ n: sql<number>`count(*)` }).from(projects).where(eq(projects.userId, userId)).get();
  return Number(row?.n ?? 0);
}

export type InsertProjectResult = { ok: true } | { ok: false; reason: "quota" | "name_taken" };

/**
 * Creates a project only while the user holds fewer than `quota`: the count and the insert are
 * one statement, so parallel creates cannot pass the quota together.
 */
export async function insertProjectWithinQuota(
  db: Database,
  row: { id: string; userId: number; name: string; businessInstructions: string },
  quota: number,
): Promise<InsertProjectResult> {
  try {
    const result = await db.run(sql`INSERT INTO ${projects} (id, user_id, name, business_instructions)
      SELECT ${row.id}, ${row.userId}, ${row.name}, ${row.businessInstructions}
      WHERE (SELECT count(*) FROM ${projects} WHERE user_id = ${row.userId}) < ${quota}`);
    return changedRows(result) === 1 ? { ok: true } : { ok: false, reason: "quota" };
  } catch (err) {
    if (uniqueViolation(err)) return { ok: false, reason: "name_taken" };
    throw err;
  }
}

/** Renames a project; null when the user already has a project by that name. */
export async function renameProject(db: Database, userId: number, projectId: string, name: string): Promise<"renamed" | "missing" | "name_taken"> {
  try {
    const row = await db
      .update(projects)
      .set({ name, updatedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))` })
      .where(and(eq(projects.id, projectId), eq(projects.userId, userId)))
      .returning({ id: projects.id })
      .get();
    return row ? "renamed" : "missing";
  } catch (err) {
    if (uniqueViolation(err)) return "name_taken";
    throw err;
  }
}

export type ProjectFields = Partial<Pick<Project, "businessInstructions" | "researchData" | "canonContext" | "canonRemoved">>;

export async function updateProjectFields(db: Database, userId: number, projectId: string, fields: ProjectFields): Promise<boolean> {
  const row = await db
    .update(projects)
    .set({ ...fields, updatedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))` })
    .where(and(eq(projects.id, projectId), eq(projects.userId, userId)))
    .returning({ id: projects.id })
    .get();
  return Boolean(row);
}

/**
 * Deletes a project with its files, passages and canon; its chats stay readable, moved out of
 * the project. Answers the storage keys of the deleted files (their bytes are removed by the
 * caller) and how many chats were moved, or null when the project is not the user's.
 */
export async function deleteProject(
  db: Database,
  userId: number,
  projectId: string,
): Promise<{ storageKeys: string[]; detachedChats: number } | null> {
  if (!(await findProject(db, userId, projectId))) return null;
  const files = await db
    .select({ storageKey: projectFiles.storageKey })
    .from(projectFiles)
    .where(and(eq(projectFiles.projectId, projectId), eq(projectFiles.userId, userId)))
    .all();
  const [detached] = await db.batch([
    db.update(chats).set({ projectId: null }).where(and(eq(chats.projectId, projectId), eq(chats.userId, userId))).returning({ id: chats.id }),
    // Files cascade to their passages, and the passages' trigger empties the full-text index.
    db.delete(projects).where(and(eq(projects.id, projectId), eq(projects.userId, userId))),
  ]);
  return { storageKeys: files.map((f) => f.storageKey), detachedChats: detached.length };
}

// ── Knowledge-base files ──────────────────────────────────────────────────────────────────

export async function listFiles(db: Database, userId: number, projectId: string): Promise<ProjectFileRow[]> {
  return db
    .select()
    .from(projectFiles)
    .where(and(eq(projectFiles.projectId, projectId), eq(projectFiles.userId, userId)))
    .orderBy(asc(projectFiles.position), asc(projectFiles.createdAt))
    .all();
}

/** Files of several projects at once (the project list's knowledgeBase fields). */
export async function listFilesOfProjects(db: Database, userId: number, projectIds: string[]): Promise<ProjectFileRow[]> {
  if (projectIds.length === 0) return [];
  const rows: ProjectFileRow[] = [];
  // D1 binds at most 100 parameters per statement.
  for (let i = 0; i < projectIds.length; i += 90) {
    rows.push(
      ...(await db
        .select()
        .from(projectFiles)
        .where(and(eq(projectFiles.userId, userId), inArray(projectFiles.projectId, projectIds.slice(i, i + 90))))
        .orderBy(asc(projectFiles.position), asc(projectFiles.createdAt))
        .all()),
    );
  }
  return rows;
}

export async function findFile(db: Database, userId: number, projectId: string, fileId: string): Promise<ProjectFileRow | undefined> {
  return db
    .select()
    .from(projectFiles)
    .where(and(eq(projectFiles.id, fileId), eq(projectFiles.projectId, projectId), eq(projectFiles.userId, userId)))
    .get();
}

/** Bytes of every knowledge-base file the user holds, across projects (the plan's storage allowance). */
export async function storageUsedBy(db: Database, userId: number): Promise<number> {
  const row = await db.select({ bytes: sql<number>`coalesce(sum(${projectFiles.size}), 0)` }).from(projectFiles).where(eq(projectFiles.userId, userId)).get();
  return Number(row?.bytes ?? 0);
}

export async function insertFile(
  db: Database,
  row: Pick<ProjectFileRow, "id" | "projectId" | "userId" | "name" | "kind" | "contentType" | "size" | "storageKey">,
): Promise<ProjectFileRow> {
  const next = await db
    .select({ position: sql<number>`coalesce(max(${projectFiles.position}), -1) + 1` })
    .from(projectFiles)
    .where(eq(projectFiles.projectId, row.projectId))
    .get();
  return db
    .insert(projectFiles)
    .values({ ...row, position: Number(next?.position ?? 0), status: "uploading" })
    .returning()
    .get();
}

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

export async function updateFile(
  db: Database,
  userId: number,
  fileId: string,
  fields: Partial<Pick<ProjectFileRow, "name" | "status" | "statusReason" | "passageCount" | "textChars" | "size" | "contentType" | "kind" | "storageKey">>,
): Promise<ProjectFileRow | undefined> {
  return db
    .update(projectFiles)
    .set({ ...fields, updatedAt: now })
    .where(and(eq(projectFiles.id, fileId), eq(projectFiles.userId, userId)))
    .returning()
    .get();
}

export async function deleteFile(db: Database, userId: number, projectId: string, fileId: string): Promise<ProjectFileRow | undefined> {
  return db
    .delete(projectFiles)
    .where(and(eq(projectFiles.id, fileId), eq(projectFiles.projectId, projectId), eq(projectFiles.userId, userId)))
    .returning()
    .get();
}

/** Sets the knowledge base's order: the listed files first, in the order given; the rest after, as they were. */
export async function reorderFiles(db: Database, userId: number, projectId: string, orderedIds: string[]): Promise<void> {
  const files = await listFiles(db, userId, projectId);
  const known = new Set(files.map((f) => f.id));
  const listed = orderedIds.filter((id, i) => known.has(id) && orderedIds.indexOf(id) === i);
  const rest = files.map((f) => f.id).filter((id) => !listed.includes(id));
  const order = [...listed, ...rest];
  const updates = order
    .map((id, position) => ({ id, position }))
    .filter(({ id, position }) => files.find((f) => f.id === id)!.position !== position)
    .map(({ id, position }) => db.update(projectFiles).set({ position }).where(and(eq(projectFiles.id, id), eq(projectFiles.userId, userId))));
  if (updates.length) await db.batch(updates as [(typeof updates)[number], ...(typeof updates)[number][]]);
}

// ── Passages and retrieval ────────────────────────────────────────────────────────────────

/** Replaces a file's passages (a replaced file is re-read from scratch). */
export async function replacePassages(db: Database, file: Pick<ProjectFileRow, "id" | "projectId" | "userId">, passages: string[]): Promise<void> {
  const rows = passages.map((text, position) => ({ fileId: file.id, projectId: file.projectId, userId: file.userId, position, text }));
  // Five parameters a row and D1's 100-parameter cap: 19 rows a statement.
  const inserts = [];
  for (let i = 0; i < rows.length; i += 19) inserts.push(db.insert(projectPassages).values(rows.slice(i, i + 19)));
  await db.batch([db.delete(projectPassages).where(and(eq(projectPassages.fileId, file.id), eq(projectPassages.userId, file.userId))), ...inserts]);
}

export async function listPassages(db: Database, userId: number, fileId: string): Promise<{ id: number; position: number; text: string }[]> {
  return db
    .select({ id: projectPassages.id, position: projectPassages.position, text: projectPassages.text })
    .from(projectPassages)
    .where(and(eq(projectPassages.fileId, fileId), eq(projectPassages.userId, userId)))
    .orderBy(asc(projectPassages.position))
    .all();
}

export interface PassageHit {
  id: number;
  fileId: string;
  fileName: string;
  position: number;
  text: string;
  /** bm25(): lower is better. */
  score: number;
}

/**
 * The project's passages that best match `terms` (any of them), best first by BM25. Terms are
 * quoted so hyphens and operators in a merchant's words are searched as text.
 */
export async function searchPassages(db: Database, userId: number, projectId: string, terms: string[], limit: number): Promise<PassageHit[]> {
  const quoted = terms.filter((t) => t.trim()).map((t) => `"${t.replaceAll('"', '""')}"`);
  if (quoted.length === 0) return [];
  const match = quoted.join(" OR ");
  const rows = await db.all<{ id: number; file_id: string; name: string; position: number; text: string; score: number }>(sql`
    SELECT p.id, p.file_id, f.name, p.position, p.text, bm25(project_passages_fts) AS score
    FROM project_passages_fts
    JOIN ${projectPassages} p ON p.id = project_passages_fts.rowid
    JOIN ${projectFiles} f ON f.id = p.file_id
    WHERE project_passages_fts MATCH ${match} AND p.project_id = ${projectId} AND p.user_id = ${userId}
    ORDER BY score
    LIMIT ${limit}`);
  return rows.map((r) => ({ id: r.id, fileId: r.file_id, fileName: r.name, position: r.position, text: r.text, score: r.score }));
}

/** One passage of the user's project by id (a citation opening the file at its passage). */
export async function findPassage(db: Database, userId: number, passageId: number) {
  return db
    .select({ id: projectPassages.id, fileId: projectPassages.fileId, projectId: projectPassages.projectId, position: projectPassages.position, text: projectPassages.text })
    .from(projectPassages)
    .where(and(eq(projectPassages.id, passageId), eq(projectPassages.userId, userId)))
    .get();
}
