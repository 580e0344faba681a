import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { AppError } from "~/domain/errors";
import { readOutbox } from "~/server/email/outbox";
import { DEV_ANALYST_PACE_COOKIE } from "~/domain/contracts/chats";
import { OutboxEmailSchema } from "~/domain/contracts/platform";
import { devToolsEnabled } from "~/server/platform/env";
import { createRouter, type ApiEnv } from "./context";
import { json } from "./schemas";
import { makeStaffByEmail } from "../db/support";


/**
 * The analyst's pace a local run's request asks for (the DEV_ANALYST_PACE_COOKIE cookie, 0 to
 * 1000 ms a piece), or undefined: the configured ANALYST_PACE_MS then applies. Read only with
 * DEV_TOOLS on, so a browser test that stops or reloads mid-answer can slow its own answers
 * while every other answer is written at the product's pace.
 */
export function devAnalystPace(c: Context<ApiEnv>): number | undefined {
  if (!devToolsEnabled(c.var.config)) return undefined;
  const cookie = getCookie(c, DEV_ANALYST_PACE_COOKIE) ?? "";
  return /^\d{1,4}$/.test(cookie) && Number(cookie) <= 1000 ? Number(cookie) : undefined;
}

/** Development-only helpers: the local email outbox. Answers 404 in production. */
const router = createRouter();
router.use("/dev/*", async (c, next) => {
  if (!devToolsEnabled(c.var.config)) throw new AppError("NOT_FOUND", "The development tools are off (DEV_TOOLS).");
  await next();
});

export const dev = router.openapi(
  createRoute({
    method: "get",
    path: "/dev/outbox",
    summary: "Emails the local outbox holds, newest first (development only)",
    request: { query: z.object({ to: z.string().max(254).optional() }) },
    responses: { 200: { description: "Emails", ...json(z.object({ data: z.array(OutboxEmailSchema) })) } },
  }),
  async (c) => {
    const { to } = c.req.valid("query");
    return c.json({ data: await readOutbox(c.var.db, to) }, 200);
  },
).openapi(
  createRoute({
    method: "post",
    path: "/dev/make-admin",
    summary: "Give an account the staff role, for local testing of the admin screens (development only)",
    request: { body: { required: true, content: { "application/json": { schema: z.object({ email: z.string().email() }) } } } },
    responses: { 200: { description: "The account is staff", ...json(z.object({ data: z.object({ id: z.number().int() }) })) } },
  }),
  async (c) => {
    const id = await makeStaffByEmail(c.var.db, c.req.valid("json").email);
    if (id === null) throw new AppError("NOT_FOUND", "No account has that email.");
    return c.json({ data: { id } }, 200);
  },
);
