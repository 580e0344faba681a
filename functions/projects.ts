/** The project API (spec section 7): validate with the project contract, call the project service. */
import { createRoute, z } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import {
  AutoRuleAnswerSchema,
  BusinessInstructionsBodySchema,
  CanonEnvelopeSchema,
  CreateProjectSchema,
  KnowledgeBaseBodySchema,
  ProjectDeletedSchema,
  ProjectEnvelopeSchema,
  ProjectFileDetailSchema,
  ProjectFileEnvelopeSchema,
  ProjectFileIdSchema,
  ProjectFileListSchema,
  ProjectIdSchema,
  PassageSearchAnswerSchema,
  PassageSearchQuerySchema,
  ProjectListSchema,
  PutCanonAnswerSchema,
  PutCanonSchema,
  RenameProjectFileSchema,
  RenameProjectSchema,
  ResearchDataBodySchema,
} from "~/domain/contracts/projects";
import {
  createProject,
  deleteProjectFile,
  downloadProjectFile,
  getCanon,
  assertOwnProject,
  getProject,
  getProjectFile,
  listProjectFiles,
  listProjects,
  putCanon,
  removeProject,
  renameProject,
  renameProjectFile,
  replaceProjectFile,
  runCanonAutoRules,
  saveBusinessInstructions,
  saveKnowledgeBaseOrder,
  saveResearchData,
  searchProjectPassages,
  uploadProjectFile,
  type ProjectDeps,
} from "~/server/projects/service";
import { createRouter, type ApiEnv } from "./context";
import { ErrorSchema } from "./openapi";
import { attachment, body, json } from "./schemas";
import { requireCaller } from "./session";
import { multipartFile, readUpload } from "./uploads";

const IdParam = z.object({ id: ProjectIdSchema });
const FileParams = z.object({ id: ProjectIdSchema, fileId: ProjectFileIdSchema });

const errors = {
  400: { description: "Invalid request", ...json(ErrorSchema) },
  401: { description: "Not signed in", ...json(ErrorSchema) },
  404: { description: "No such project (or not yours)", ...json(ErrorSchema) },
};
const nameClash = { 409: { description: "You already have a project by that name", ...json(ErrorSchema) } };
const uploadErrors = {
  403: { description: "The plan's knowledge-base storage is full (QUOTA_EXCEEDED)", ...json(ErrorSchema) },
  413: { description: "The file is larger than 10 MB", ...json(ErrorSchema) },
  415: { description: "Not a file type the knowledge base reads", ...json(ErrorSchema) },
};
const projectFile = multipartFile("One file: .txt, .md, .csv, .json, .pdf or .docx, up to 10 MB");

const ok = <T>(data: T) => ({ success: true as const, data });

function projectDeps(c: Context<ApiEnv>): ProjectDeps {
  return { db: c.var.db, files: c.env.FILES, documents: c.env.DOCUMENTS };
}

const uploadedFile = async (c: Context<ApiEnv>) => (await readUpload(c)).file;

/** Ownership before validation: another account's project is a 404 whatever the body holds. */
const ownProjectFirst: MiddlewareHandler<ApiEnv> = async (c, next) => {
  await assertOwnProject(c.var.db, requireCaller(c).user.id, c.req.param("id") ?? "");
  await next();
};

export const projects = createRouter()
  .openapi(
    createRoute({
      method: "get",
      path: "/projects",
      summary: "The caller's projects, most recently active first (blank names hidden)",
      responses: { 200: { description: "Projects", ...json(ProjectListSchema) }, ...errors },
    }),
    async (c) => c.json(ok(await listProjects(c.var.db, requireCaller(c).user.id)), 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/projects",
      summary: "Create a project (within the plan's project quota)",
      request: body(CreateProjectSchema),
      responses: {
        201: { description: "Created", ...json(ProjectEnvelopeSchema) },
        403: { description: "Project quota reached (type QUOTA_EXCEEDED)", ...json(ErrorSchema) },
        ...nameClash,
        ...errors,
      },
    }),
    async (c) => c.json(ok(await createProject(c.var.db, requireCaller(c).user.id, c.req.valid("json"))), 201),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/projects/{id}",
      summary: "A project with its knowledge base, research data and canon",
      request: { params: IdParam },
      responses: { 200: { description: "Project", ...json(ProjectEnvelopeSchema) }, ...errors },
    }),
    async (c) => c.json(ok(await getProject(c.var.db, requireCaller(c).user.id, c.req.valid("param").id)), 200),
  )
  .openapi(
    createRoute({
      method: "patch",
      path: "/projects/{id}",
      summary: "Rename a project",
      request: { params: IdParam, ...body(RenameProjectSchema) },
      responses: { 200: { description: "Renamed", ...json(ProjectEnvelopeSchema) }, ...nameClash, ...errors },
    }),
    async (c) => c.json(ok(await renameProject(c.var.db, requireCaller(c).user.id, c.req.valid("param").id, c.req.valid("json").name)), 200),
  )
  .openapi(
    createRoute({
      method: "delete",
      path: "/projects/{id}",
      summary: "Delete a project with its files, passages and canon; its chats stay, moved out of the project",
      request: { params: IdParam },
      responses: { 200: { description: "Deleted", ...json(ProjectDeletedSchema) }, ...errors },
    }),
    async (c) => c.json(ok(await removeProject(projectDeps(c), requireCaller(c).user.id, c.req.valid("param").id)), 200),
  )
  .openapi(
    createRoute({
      method: "patch",
      path: "/projects/{id}/knowledge-base",
      summary: "Sync the knowledge base's list: sets the files' order (upload and delete files with /files)",
      request: { params: IdParam, ...body(KnowledgeBaseBodySchema) },
      responses: { 200: { description: "The project", ...json(ProjectEnvelopeSchema) }, ...errors },
    }),
    async (c) => {
      const ids = c.req.valid("json").knowledgeBase.map((f) => f.id);
      return c.json(ok(await saveKnowledgeBaseOrder(c.var.db, requireCaller(c).user.id, c.req.valid("param").id, ids)), 200);
    },
  )
  .openapi(
    createRoute({
      method: "patch",
      path: "/projects/{id}/business-instructions",
      summary: "Save the project's business instructions",
      request: { params: IdParam, ...body(BusinessInstructionsBodySchema) },
      responses: { 200: { description: "The project", ...json(ProjectEnvelopeSchema) }, ...errors },
    }),
    async (c) =>
      c.json(ok(await saveBusinessInstructions(c.var.db, requireCaller(c).user.id, c.req.valid("param").id, c.req.valid("json").businessInstructions)), 200),
  )
  .openapi(
    createRoute({
      method: "patch",
      path: "/projects/{id}/research-data",
      summary: "Save the project's research data (any JSON up to 200 KB; null clears it)",
      request: { params: IdParam, ...body(ResearchDataBodySchema) },
      responses: { 200: { description: "The project", ...json(ProjectEnvelopeSchema) }, 413: { description: "Too large", ...json(ErrorSchema) }, ...errors },
    }),
    async (c) => c.json(ok(await saveResearchData(c.var.db, requireCaller(c).user.id, c.req.valid("param").id, c.req.valid("json").researchData)), 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/projects/{id}/canon",
      summary: "The project's canon: dotted path → {value, source, timestamp}",
      request: { params: IdParam },
      responses: { 200: { description: "Canon", ...json(CanonEnvelopeSchema) }, ...errors },
    }),
    async (c) => c.json(ok(await getCanon(c.var.db, requireCaller(c).user.id, c.req.valid("param").id)), 200),
  )
  .openapi(
    createRoute({
      method: "put",
      path: "/projects/{id}/canon",
      summary: "Merge entries into the canon (user beats research beats AI-derived; ADR 010), delete named paths, run the auto-rules",
      request: { params: IdParam, ...body(PutCanonSchema) },
      responses: { 200: { description: "The merged canon", ...json(PutCanonAnswerSchema) }, ...errors },
    }),
    async (c) => c.json(ok(await putCanon(projectDeps(c), requireCaller(c).user.id, c.req.valid("param").id, c.req.valid("json"))), 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/projects/{id}/canon/autorule",
      summary: "Derive canon entries from the instructions, research data and files (niche, price band, audience, voice, shipping, competitors)",
      request: { params: IdParam },
      responses: { 200: { description: "The enriched canon", ...json(AutoRuleAnswerSchema) }, ...errors },
    }),
    async (c) => c.json(ok(await runCanonAutoRules(projectDeps(c), requireCaller(c).user.id, c.req.valid("param").id)), 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/projects/{id}/passages",
      summary: "Search the project's files: the passages that best match q (BM25), as a project chat retrieves them",
      request: { params: IdParam, query: PassageSearchQuerySchema },
      responses: { 200: { description: "Passages, best first", ...json(PassageSearchAnswerSchema) }, ...errors },
    }),
    async (c) => {
      const { q, limit } = c.req.valid("query");
      return c.json(ok(await searchProjectPassages(c.var.db, requireCaller(c).user.id, c.req.valid("param").id, q, limit)), 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/projects/{id}/files",
      summary: "The project's knowledge-base files, in order, with the account's storage use",
      request: { params: IdParam },
      responses: { 200: { description: "Files", ...json(ProjectFileListSchema) }, ...errors },
    }),
    async (c) => {
      const { files, storage } = await listProjectFiles(c.var.db, requireCaller(c).user.id, c.req.valid("param").id);
      return c.json({ ...ok(files), storage }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/projects/{id}/files",
      middleware: [ownProjectFirst] as const,
      summary: "Upload one file to the knowledge base; it is stored, its text read and indexed before the answer",
      description:
        "The answer's status says what happened: indexed (searchable), no_text (kept; no text could be read, e.g. a scanned PDF) or failed (kept, with statusReason).",
      request: { params: IdParam, ...projectFile },
      responses: { 201: { description: "Stored", ...json(ProjectFileEnvelopeSchema) }, ...uploadErrors, ...errors },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const userId = requireCaller(c).user.id;
      return c.json(ok(await uploadProjectFile(projectDeps(c), userId, id, await uploadedFile(c))), 201);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/projects/{id}/files/{fileId}",
      summary: "A file with the text read from it, as passages",
      request: { params: FileParams },
      responses: { 200: { description: "File", ...json(ProjectFileDetailSchema) }, ...errors },
    }),
    async (c) => {
      const { id, fileId } = c.req.valid("param");
      return c.json(ok(await getProjectFile(c.var.db, requireCaller(c).user.id, id, fileId)), 200);
    },
  )
  .openapi(
    createRoute({
      method: "put",
      path: "/projects/{id}/files/{fileId}",
      middleware: [ownProjectFirst] as const,
      summary: "Replace a file's content (same id); it is read and indexed again",
      request: { params: FileParams, ...projectFile },
      responses: { 200: { description: "Replaced", ...json(ProjectFileEnvelopeSchema) }, ...uploadErrors, ...errors },
    }),
    async (c) => {
      const { id, fileId } = c.req.valid("param");
      const userId = requireCaller(c).user.id;
      return c.json(ok(await replaceProjectFile(projectDeps(c), userId, id, fileId, await uploadedFile(c))), 200);
    },
  )
  .openapi(
    createRoute({
      method: "patch",
      path: "/projects/{id}/files/{fileId}",
      summary: "Rename a file (its extension is kept)",
      request: { params: FileParams, ...body(RenameProjectFileSchema) },
      responses: { 200: { description: "Renamed", ...json(ProjectFileEnvelopeSchema) }, ...errors },
    }),
    async (c) => {
      const { id, fileId } = c.req.valid("param");
      return c.json(ok(await renameProjectFile(c.var.db, requireCaller(c).user.id, id, fileId, c.req.valid("json").name)), 200);
    },
  )
  .openapi(
    createRoute({
      method: "delete",
      path: "/projects/{id}/files/{fileId}",
      summary: "Delete a file, its stored copy and its passages",
      request: { params: FileParams },
      responses: { 200: { description: "Deleted", ...json(z.object({ success: z.literal(true), data: z.object({ id: z.string() }) })) }, ...errors },
    }),
    async (c) => {
      const { id, fileId } = c.req.valid("param");
      await deleteProjectFile(projectDeps(c), requireCaller(c).user.id, id, fileId);
      return c.json(ok({ id: fileId }), 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/projects/{id}/files/{fileId}/download",
      summary: "The file as it was uploaded",
      request: { params: FileParams },
      responses: { 200: { description: "The file's bytes", content: { "application/octet-stream": { schema: z.string().meta({ format: "binary" }) } } }, ...errors },
    }),
    async (c) => {
      const { id, fileId } = c.req.valid("param");
      const { file, body: bytes } = await downloadProjectFile(projectDeps(c), requireCaller(c).user.id, id, fileId);
      return new Response(bytes, {
        headers: {
          "content-type": file.contentType,
          "content-length": String(file.size),
          "content-disposition": attachment(file.name),
          "x-content-type-options": "nosniff",
          "cache-control": "private, no-store",
        },
      }) as never;
    },
  );
