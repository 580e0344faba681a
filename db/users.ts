import { eq, sql } from "drizzle-orm";
import type { Database } from "./client";
import { users, type User } from "./schema";

export async function findUserById(db: Database, id: number): Promise<User | undefined> {
  return db.select().from(users).where(eq(users.id, id)).get();
}

/** Username or email, case-insensitively (the login field accepts either). */
export async function findUserByLogin(db: Database, login: string): Promise<User | undefined> {
  const value = login.toLowerCase();
  return db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = ${value} OR lower(${users.email}) = ${value}`)
    .get();
}

export async function findUserByEmail(db: Database, email: string): Promise<User | undefined> {
  return db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .get();
}

export async function isUsernameTaken(db: Database, username: string, exceptUserId?: number): Promise<boolean> {
  const row = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
    .get();
  return Boolean(row && row.id !== exceptUserId);
}

export async function isEmailTaken(db: Database, email: string, exceptUserId?: number): Promise<boolean> {
  const row = await findUserByEmail(db, email);
  return Boolean(row && row.id !== exceptUserId);
}

export async function insertUser(
  db: Database,
  values: { username: string; email: string; passwordHash: string; role?: "user" | "admin"; emailVerified?: boolean },
): Promise<User> {
  const [row] = await db.insert(users).values(values).returning();
  return row;
}

export async function updateUser(
  db: Database,
  id: number,
  values: Partial<Pick<User, "username" | "email" | "emailVerified" | "passwordHash" | "verificationSentAt" | "timeZone">>,
): Promise<void> {
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date().toISOString() })
    .where(eq(users.id, id));
}

/** Deleting the user cascades to sessions, tokens, chats, messages, projects and usage. */
export async function deleteUser(db: Database, id: number): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
}

export async function countUsers(db: Database): Promise<{ total: number; verified: number; admins: number }> {
  const row = await db
    .select({
      total: sql<number>`count(*)`,
      verified: sql<number>`coalesce(sum(${users.emailVerified}), 0)`,
      admins: sql<number>`coalesce(sum(${users.role} = 'admin'), 0)`,
    })
    .from(users)
    .get();
  return { total: row?.total ?? 0, verified: row?.verified ?? 0, admins: row?.admins ?? 0 };
}
