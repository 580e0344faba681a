import { createRoute, z } from "@hono/zod-openapi";
import { AppError } from "~/domain/errors";
import { listOutboxFor, listRecentOutbox } from "../db/outbox";
import { devToolsEnabled } from "~/server/platform/env";
import { createRouter } from "./context";
import { json } from "./schemas";

const OutboxEmailSchema = z
  .object({
    id: z.number(),
    to: z.string(),
    subject: z.string(),
    kind: z.string(),
    link: z.string().nullable(),
    text: z.string(),
    html: z.string(),
    transport: z.string(),
    createdAt: z.string(),
  })
  .openapi("OutboxEmail");

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
    const rows = to ? await listOutboxFor(c.var.db, to) : await listRecentOutbox(c.var.db);
    return c.json(
      {
        data: rows.map((r) => ({
          id: r.id,
          to: r.toAddress,
          subject: r.subject,
          kind: r.kind,
          link: r.link,
          text: r.text,
          html: r.html,
          transport: r.transport,
          createdAt: r.createdAt,
        })),
      },
      200,
    );
  },
);
