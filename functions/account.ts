import { createRoute, z } from "@hono/zod-openapi";
import {
  changeEmail,
  changePassword,
  changeUsername,
  deleteAccount,
  endSession,
  listSessions,
  toPublicUser,
} from "~/server/auth/service";
import { collectUserData } from "../db/account-export";
import { SessionSchema, UserResultSchema } from "~/domain/contracts/account";
import { createRouter } from "./context";
import { ErrorSchema } from "./openapi";
import { body, email, json, password, SuccessSchema } from "./schemas";
import { authDeps } from "./services";
import { clearSessionCookies, requireCaller } from "./session";

const errors = {
  400: { description: "Invalid input", ...json(ErrorSchema) },
  401: { description: "Not signed in", ...json(ErrorSchema) },
};

/** Account settings of the signed-in user: every route works on the caller's own data only. */
export const account = createRouter()
  .openapi(
    createRoute({
      method: "patch",
      path: "/account/username",
      summary: "Change the username",
      request: body(z.object({ username: z.string({ error: "username is required" }).min(1).max(64) })),
      responses: {
        200: { description: "Changed", ...json(UserResultSchema) },
        409: { description: "Taken", ...json(ErrorSchema) },
        ...errors,
      },
    }),
    async (c) => {
      const caller = requireCaller(c);
      const user = await changeUsername(authDeps(c), caller.user, c.req.valid("json").username);
      return c.json({ success: true as const, data: toPublicUser(user), message: "Username updated." }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "patch",
      path: "/account/email",
      summary: "Change the email address (needs the password; the new address must be verified)",
      request: body(z.object({ email: email(), password: password() })),
      responses: {
        200: { description: "Changed", ...json(UserResultSchema) },
        409: { description: "Taken", ...json(ErrorSchema) },
        ...errors,
      },
    }),
    async (c) => {
      const caller = requireCaller(c);
      const user = await changeEmail(authDeps(c), caller.user, c.req.valid("json"));
      return c.json(
        { success: true as const, data: toPublicUser(user), message: `We sent a verification link to ${user.email}.` },
        200,
      );
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/account/password",
      summary: "Change the password (needs the current one); ends the other sessions",
      request: body(z.object({ currentPassword: password("currentPassword"), newPassword: password("newPassword") })),
      responses: { 200: { description: "Changed", ...json(SuccessSchema) }, ...errors },
    }),
    async (c) => {
      const caller = requireCaller(c);
      const { endedSessions } = await changePassword(authDeps(c), caller.user, caller.sessionId, c.req.valid("json"));
      const others = endedSessions === 1 ? "1 other session was" : `${endedSessions} other sessions were`;
      return c.json({ success: true as const, message: `Password changed. ${others} signed out.` }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/account/sessions",
      summary: "Active sessions of this account",
      responses: {
        200: { description: "Sessions", ...json(z.object({ data: z.array(SessionSchema) })) },
        401: errors[401],
      },
    }),
    async (c) => {
      const caller = requireCaller(c);
      return c.json({ data: await listSessions(authDeps(c), caller.user, caller.sessionId) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "delete",
      path: "/account/sessions/{id}",
      summary: "End one session",
      request: { params: z.object({ id: z.string().min(1).max(64) }) },
      responses: {
        200: { description: "Ended", ...json(SuccessSchema) },
        404: { description: "No such session of yours", ...json(ErrorSchema) },
        401: errors[401],
      },
    }),
    async (c) => {
      const caller = requireCaller(c);
      const { id } = c.req.valid("param");
      await endSession(authDeps(c), caller.user, id);
      if (id === caller.sessionId) clearSessionCookies(c);
      return c.json({ success: true as const, message: "Session ended." }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/account/export",
      summary: "Download all my data as JSON",
      responses: {
        200: { description: "Everything stored about the account", ...json(z.record(z.string(), z.unknown())) },
        401: errors[401],
      },
    }),
    async (c) => {
      const caller = requireCaller(c);
      const data = await collectUserData(c.var.db, caller.user.id);
      const stamp = new Date().toISOString().slice(0, 10);
      c.header("Content-Disposition", `attachment; filename="dropcraft-data-${stamp}.json"`);
      return c.json({ exportedAt: new Date().toISOString(), ...data }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "delete",
      path: "/account",
      summary: "Delete my account and all its data (needs the password)",
      request: body(z.object({ password: password() })),
      responses: {
        200: { description: "Deleted", ...json(SuccessSchema) },
        409: { description: "A paid plan still renews: cancel it first", ...json(ErrorSchema) },
        ...errors,
      },
    }),
    async (c) => {
      const caller = requireCaller(c);
      await deleteAccount(authDeps(c), caller.user, c.req.valid("json").password);
      clearSessionCookies(c);
      return c.json({ success: true as const, message: "Your account and all its data have been deleted." }, 200);
    },
  );
