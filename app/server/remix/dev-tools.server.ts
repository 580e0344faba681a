import type { AppLoadContext } from "@remix-run/cloudflare";
import { createDb } from "../../../db/client";
import { readOutbox } from "../email/outbox";
import type { OutboxEmail } from "~/domain/contracts/platform";
import { devToolsEnabled, getEnv } from "../platform/env";

/** Development tools exist only when a local run turns them on (DEV_TOOLS=on); otherwise 404. */
export function requireDevTools(context: AppLoadContext): void {
  if (!devToolsEnabled(getEnv(context.cloudflare.env))) throw new Response(null, { status: 404 });
}

/** The local outbox, newest first, optionally for one address. */
export async function loadOutbox(context: AppLoadContext, to: string): Promise<OutboxEmail[]> {
  requireDevTools(context);
  return readOutbox(createDb(context.cloudflare.env.DB), to || undefined);
}
