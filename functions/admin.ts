import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import {
  AdminActionBodySchema,
  AdminActionResultSchema,
  AdminAuditListSchema,
  AdminAuditQuerySchema,
  AdminGrantPlanBodySchema,
  AdminLauncherAccessBodySchema,
  AdminOverviewSchema,
  AdminUserDetailSchema,
  AdminUserListSchema,
  AdminUserSearchQuerySchema,
  AnswerReportListSchema,
  AnswerReportQuerySchema,
  CatalogRefreshListSchema,
  CatalogRefreshRowSchema,
} from "~/domain/contracts/admin";
import { recentCatalogRefreshes, runCatalogRefresh } from "~/server/admin/catalog-jobs";
import {
  adminDisableUser,
  adminEnableUser,
  adminEndSessions,
  adminGrantPlan,
  adminOverview,
  adminResendVerification,
  adminSetLauncherAccess,
  adminUserDetail,
  findAnswerReports,
  findAuditEntries,
  findUsers,
  type ActionDeps,
} from "~/server/admin/service";
import { createGuardedFetcher } from "~/server/web/url-guard";
import { createRouter, type ApiEnv } from "./context";
import { ErrorSchema } from "./openapi";
import { body, json } from "./schemas";
import { authDeps, enforceRateLimit } from "./services";
import { requireAdmin } from "./session";

const staffOnly = {
  401: { description: "Not signed in", ...json(ErrorSchema) },
  403: { description: "Not staff", ...json(ErrorSchema) },
};
const actionErrors = {
  ...staffOnly,
  400: { description: "No reason, or a bad body", ...json(ErrorSchema) },
  404: { description: "No such user", ...json(ErrorSchema) },
  409: { description: "Nothing to do (already in that state)", ...json(ErrorSchema) },
};
const UserIdParam = z.object({ id: z.coerce.number().int().positive() });

/** The acting staff member, the db and the clock: what every admin action needs. */
function actionDeps(c: Context<ApiEnv>): ActionDeps {
  const { user } = requireAdmin(c);
  return { db: c.var.db, actor: { id: user.id, email: user.email }, now: new Date() };
}

function userAction(path: string, summary: string) {
  return createRoute({
    method: "post",
    path: `/admin/users/{id}/${path}`,
    summary,
    request: { params: UserIdParam, ...body(AdminActionBodySchema) },
    responses: { 200: { description: "Done, with the audit entry's id", ...json(AdminActionResultSchema) }, ...actionErrors },
  });
}

/** Staff-only API: functions/index.ts refuses every /api/admin route to anyone but staff. */
export const admin = createRouter()
  .openapi(
    createRoute({
      method: "get",
      path: "/admin/overview",
      summary: "Headline numbers for staff: sign-ups, active and paying users, MRR, churn, usage",
      responses: { 200: { description: "Overview", ...json(z.object({ data: AdminOverviewSchema })) }, ...staffOnly },
    }),
    async (c) => {
      requireAdmin(c);
      return c.json({ data: await adminOverview(c.var.db, new Date()) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/admin/users",
      summary: "Search users by email, username or id, newest first",
      request: { query: AdminUserSearchQuerySchema },
      responses: { 200: { description: "Users", ...json(AdminUserListSchema) }, ...staffOnly },
    }),
    async (c) => {
      requireAdmin(c);
      return c.json(await findUsers(c.var.db, c.req.valid("query")), 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/admin/users/{id}",
      summary: "A user's profile, plan, usage, sessions and the staff actions on them",
      request: { params: UserIdParam },
      responses: {
        200: { description: "User", ...json(z.object({ data: AdminUserDetailSchema })) },
        404: { description: "No such user", ...json(ErrorSchema) },
        ...staffOnly,
      },
    }),
    async (c) => {
      requireAdmin(c);
      return c.json({ data: await adminUserDetail(c.var.db, c.env, c.req.valid("param").id, new Date()) }, 200);
    },
  )
  .openapi(userAction("resend-verification", "Send the user a fresh verification link"), async (c) => {
    const result = await adminResendVerification({ ...actionDeps(c), auth: authDeps(c) }, c.req.valid("param").id, c.req.valid("json").reason);
    return c.json({ data: result }, 200);
  })
  .openapi(userAction("end-sessions", "Sign the user out everywhere"), async (c) => {
    return c.json({ data: await adminEndSessions(actionDeps(c), c.req.valid("param").id, c.req.valid("json").reason) }, 200);
  })
  .openapi(userAction("disable", "Disable the account: no sign-in, every session ends at once"), async (c) => {
    return c.json({ data: await adminDisableUser(actionDeps(c), c.req.valid("param").id, c.req.valid("json").reason) }, 200);
  })
  .openapi(userAction("enable", "Lift a disable"), async (c) => {
    return c.json({ data: await adminEnableUser(actionDeps(c), c.req.valid("param").id, c.req.valid("json").reason) }, 200);
  })
  .openapi(
    createRoute({
      method: "post",
      path: "/admin/users/{id}/grant-plan",
      summary: "Grant a plan for a support case (plan free ends a grant); the user's limits change at once",
      request: { params: UserIdParam, ...body(AdminGrantPlanBodySchema) },
      responses: { 200: { description: "Granted", ...json(AdminActionResultSchema) }, ...actionErrors },
    }),
    async (c) => {
      const { plan, reason } = c.req.valid("json");
      const result = await adminGrantPlan({ ...actionDeps(c), meter: c.env }, c.req.valid("param").id, plan, reason);
      return c.json({ data: result }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/admin/users/{id}/launcher-access",
      summary: "Grant (access true) or remove (false) the AI Launcher on an account, with a reason (audited)",
      request: { params: UserIdParam, ...body(AdminLauncherAccessBodySchema) },
      responses: { 200: { description: "Done, with the audit entry's id", ...json(AdminActionResultSchema) }, ...actionErrors },
    }),
    async (c) => {
      const { access, reason } = c.req.valid("json");
      return c.json({ data: await adminSetLauncherAccess(actionDeps(c), c.req.valid("param").id, access, reason) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/admin/audit-log",
      summary: "Staff actions, newest first: search by action, target, reason or actor",
      request: { query: AdminAuditQuerySchema },
      responses: { 200: { description: "Entries", ...json(AdminAuditListSchema) }, ...staffOnly },
    }),
    async (c) => {
      requireAdmin(c);
      return c.json(await findAuditEntries(c.var.db, c.req.valid("query")), 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/admin/answer-reports",
      summary: "Answers merchants marked 'Not what I asked', newest first, for review",
      request: { query: AnswerReportQuerySchema },
      responses: { 200: { description: "Reports", ...json(AnswerReportListSchema) }, ...staffOnly },
    }),
    async (c) => {
      requireAdmin(c);
      return c.json(await findAnswerReports(c.var.db, c.req.valid("query")), 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/admin/catalog/refreshes",
      summary: "The catalog refresh runs, newest first (cron and staff)",
      responses: { 200: { description: "Runs", ...json(CatalogRefreshListSchema) }, ...staffOnly },
    }),
    async (c) => {
      requireAdmin(c);
      return c.json({ data: await recentCatalogRefreshes(c.var.db) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/admin/catalog/refresh",
      summary: "Run the scheduled catalog refresh now",
      request: body(AdminActionBodySchema),
      responses: {
        200: { description: "The run", ...json(z.object({ data: z.object({ run: CatalogRefreshRowSchema.omit({ id: true, ranAt: true, trigger: true }), auditId: z.number() }) })) },
        400: { description: "No reason", ...json(ErrorSchema) },
        429: { description: "Too many runs", ...json(ErrorSchema) },
        ...staffOnly,
      },
    }),
    async (c) => {
      const deps = actionDeps(c);
      await enforceRateLimit(c, "catalogRefreshByStaff", String(deps.actor.id));
      const fetcher = createGuardedFetcher({ allowLoopbackForTests: c.var.config.URL_GUARD_ALLOW_LOOPBACK === "on" });
      const { outcome, auditId } = await runCatalogRefresh({ ...deps, fetcher }, c.req.valid("json").reason);
      return c.json({ data: { run: outcome, auditId } }, 200);
    },
  );
