import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { recordAdminAction, searchAdminActions } from "../../db/admin-audit";
import { createDb } from "../../db/client";

describe("admin audit log", () => {
  it("keeps every entry: an UPDATE or a DELETE is refused by the database itself", async () => {
    const db = createDb(env.DB);
    // Other files share this database (vitest.workers.config.ts): a ticket number only this test writes.
    const ticket = `T${crypto.randomUUID().slice(0, 8)}`;
    const entry = await recordAdminAction(db, {
      actorId: 1,
      actorEmail: "staff@dropcraft.test",
      action: "user.disable",
      targetType: "user",
      targetId: "42",
      reason: `Chargeback fraud ticket ${ticket}`,
      details: { before: "enabled" },
    });
    await expect(env.DB.prepare("UPDATE admin_audit_log SET reason = 'x' WHERE id = ?").bind(entry.id).run()).rejects.toThrow(/append-only/);
    await expect(env.DB.prepare("DELETE FROM admin_audit_log WHERE id = ?").bind(entry.id).run()).rejects.toThrow(/append-only/);
    const found = await searchAdminActions(db, { q: `CHARGEBACK fraud ticket ${ticket.toLowerCase()}`, limit: 10 });
    expect(found.map((row) => [row.id, row.reason, row.details])).toEqual([[entry.id, `Chargeback fraud ticket ${ticket}`, { before: "enabled" }]]);
    expect(await searchAdminActions(db, { q: "nothing like this", limit: 10 })).toEqual([]);
  });
});
