import type { AppLoadContext } from "@remix-run/cloudflare";
import { createDb } from "../../../db/client";
import { listOutboxFor, listRecentOutbox } from "../../../db/outbox";
import { devToolsEnabled, getEnv } from "../platform/env";

/** Development tools exist only when a local run turns them on (DEV_TOOLS=on); otherwise 404. */
export function requireDevTools(context: AppLoadContext): void {
  if (!devToolsEnabled(getEnv(context.cloudflare.env))) throw new Response(null, { status: 404 });
}

/** The local outbox, newest first, optionally for one address. */
export async function loadOutbox(context: AppLoadContext, to: string) {
  requireDevTools(context);
  const db = createDb(context.cloudflare.env.DB);
  const rows = to ? await listOutboxFor(db, to) : await listRecentOutbox(db);
  return rows.map((r) => ({
    id: r.id,
    to: r.toAddress,
    subject: r.subject,
    kind: r.kind,
    link: r.link,
    text: r.text,
    html: r.html,
    transport: r.transport,
    createdAt: r.createdAt,
  }));
}
