import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "./client";
import { authTokens } from "./schema";

export type AuthTokenKind = "verify_email" | "reset_password" | "claim_purchase";
export type AuthTokenRow = typeof authTokens.$inferSelect;

export async function insertAuthToken(
  db: Database,
  values: { tokenHash: string; userId: number; kind: AuthTokenKind; email: string; expiresAt: string },
): Promise<void> {
  await db.insert(authTokens).values(values);
}

export async function findAuthToken(db: Database, tokenHash: string, kind: AuthTokenKind) {
  return db
    .select()
    .from(authTokens)
    .where(and(eq(authTokens.tokenHash, tokenHash), eq(authTokens.kind, kind)))
    .get();
}

/** Marks a token used; false when another request used it first (single use). */
export async function consumeAuthToken(db: Database, tokenHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(authTokens)
    .set({ usedAt: now.toISOString() })
    .where(and(eq(authTokens.tokenHash, tokenHash), isNull(authTokens.usedAt)))
    .returning({ tokenHash: authTokens.tokenHash });
  return rows.length > 0;
}

/** Older unused tokens of a kind stop working when a new one is issued or one is used. */
export async function expireUnusedTokens(db: Database, userId: number, kind: AuthTokenKind, now: Date): Promise<void> {
  await db
    .update(authTokens)
    .set({ expiresAt: now.toISOString() })
    .where(
      and(
        eq(authTokens.userId, userId),
        eq(authTokens.kind, kind),
        isNull(authTokens.usedAt),
        sql`${authTokens.expiresAt} > ${now.toISOString()}`,
      ),
    );
}
