import type { OutboxEmail } from "~/domain/contracts/platform";
import type { Database } from "../../../db/client";
import { listOutboxFor, listRecentOutbox } from "../../../db/outbox";

/** The local outbox (DEV_TOOLS only), newest first, optionally for one address: for the API and the page alike. */
export async function readOutbox(db: Database, to?: string): Promise<OutboxEmail[]> {
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
