import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient } from "@libsql/client";
import { afterAll } from "vitest";
import type { Database } from "../../db/client";
import { createLibsqlDb } from "../../db/libsql";

const MIGRATIONS = path.join(import.meta.dirname, "../../db/migrations");

/**
 * A fresh libSQL database in a file, migrated with the same db/migrations SQL that wrangler
 * applies to D1, in the same order. Removed when the test file ends.
 */
export async function migratedLibsqlDatabase(): Promise<Database> {
  const dir = mkdtempSync(path.join(tmpdir(), "dropcraft-libsql-"));
  const client = createClient({ url: `file:${path.join(dir, "db.sqlite")}` });
  afterAll(() => {
    client.close();
    rmSync(dir, { recursive: true, force: true });
  });
  // D1 always enforces foreign keys (the schema's cascades rely on it); SQLite needs asking.
  await client.execute("PRAGMA foreign_keys = ON");
  for (const file of readdirSync(MIGRATIONS).filter((f) => f.endsWith(".sql")).sort()) {
    await client.executeMultiple(readFileSync(path.join(MIGRATIONS, file), "utf8"));
  }
  return createLibsqlDb(client);
}
