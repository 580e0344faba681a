import { eq, inArray } from "drizzle-orm";
import type { Database } from "./client";
import { chats, messages, newsletterSubscribers, pageExports, pages, projects, sessions, storeConnections, subscriptions, usageDaily, users } from "./schema";

/** Everything stored about one user, for "download all my data". Secrets are left out. */
export async function collectUserData(db: Database, userId: number) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return null;
  const { passwordHash: _omitted, ...profile } = user;
  const [userSessions, userProjects, userChats, subscription, usage] = await Promise.all([
    db
      .select({
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
        revokedAt: sessions.revokedAt,
        userAgent: sessions.userAgent,
        ipAddress: sessions.ipAddress,
      })
      .from(sessions)
      .where(eq(sessions.userId, userId)),
    db.select().from(projects).where(eq(projects.userId, userId)),
    db.select().from(chats).where(eq(chats.userId, userId)),
    db.select().from(subscriptions).where(eq(subscriptions.userId, userId)),
    db.select().from(usageDaily).where(eq(usageDaily.userId, userId)),
  ]);
  const chatIds = userChats.map((chat) => chat.id);
  const userMessages = chatIds.length
    ? (
        await Promise.all(
          // D1 caps bound parameters at 100 per statement.
          chunk(chatIds, 90).map((ids) => db.select().from(messages).where(inArray(messages.chatId, ids))),
        )
      ).flat()
    : [];
  const newsletter = await db
    .select({ email: newsletterSubscribers.email, createdAt: newsletterSubscribers.createdAt })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, user.email.toLowerCase()));
  const [userPages, connections, exportsLog] = await Promise.all([
    db.select().from(pages).where(eq(pages.userId, userId)),
    // The sealed token is a secret: only its masked form is exported.
    db
      .select({ shopDomain: storeConnections.shopDomain, shopName: storeConnections.shopName, tokenMasked: storeConnections.tokenMasked, scopes: storeConnections.scopes, createdAt: storeConnections.createdAt })
      .from(storeConnections)
      .where(eq(storeConnections.userId, userId)),
    db.select().from(pageExports).where(eq(pageExports.userId, userId)),
  ]);
  return {
    profile,
    pages: userPages,
    storeConnections: connections,
    pageExports: exportsLog,
    sessions: userSessions,
    projects: userProjects,
    chats: userChats.map((chat) => ({ ...chat, messages: userMessages.filter((m) => m.chatId === chat.id) })),
    subscription: subscription[0] ?? null,
    usageHistory: usage,
    newsletter,
  };
}

function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
