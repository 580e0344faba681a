import { eq, inArray } from "drizzle-orm";
import type { Database } from "./client";
import {
  answerReports,
  catalogImports,
  catalogNiches,
  catalogProducts,
  chats,
  feedbackItems,
  feedbackVotes,
  images,
  marketReports,
  messages,
  newsletterSubscribers,
  pageExports,
  pages,
  projectFiles,
  projects,
  savedProducts,
  sessions,
  storeConnections,
  subscriptions,
  supportMessages,
  supportTickets,
  trackedCompetitors,
  usageDaily,
  users,
} from "./schema";

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
  const userMessages = await selectIn(chatIds, (ids) => db.select().from(messages).where(inArray(messages.chatId, ids)));
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
  // What the merchant made, imported, saved, tracked, asked and reported. Image and file bytes live in
  // R2: their records are here, with the names and ids the app downloads them by.
  const [userImages, files, imports, importedProducts, ownNiches, saved, tracked, reports, tickets, feedback, votes, answerMarks] = await Promise.all([
    db.select().from(images).where(eq(images.userId, userId)),
    db.select().from(projectFiles).where(eq(projectFiles.userId, userId)),
    db.select().from(catalogImports).where(eq(catalogImports.userId, userId)),
    db.select().from(catalogProducts).where(eq(catalogProducts.ownerUserId, userId)),
    db.select().from(catalogNiches).where(eq(catalogNiches.ownerUserId, userId)),
    db.select().from(savedProducts).where(eq(savedProducts.userId, userId)),
    db.select().from(trackedCompetitors).where(eq(trackedCompetitors.userId, userId)),
    db.select().from(marketReports).where(eq(marketReports.userId, userId)),
    db.select().from(supportTickets).where(eq(supportTickets.userId, userId)),
    db.select().from(feedbackItems).where(eq(feedbackItems.userId, userId)),
    db.select().from(feedbackVotes).where(eq(feedbackVotes.userId, userId)),
    db.select().from(answerReports).where(eq(answerReports.userId, userId)),
  ]);
  const ticketIds = tickets.map((t) => t.id);
  const ticketMessages = await selectIn(ticketIds, (ids) => db.select().from(supportMessages).where(inArray(supportMessages.ticketId, ids)));
  return {
    profile,
    pages: userPages,
    images: userImages,
    projectFiles: files,
    catalogImports: imports,
    importedProducts,
    importedNiches: ownNiches,
    savedProducts: saved,
    trackedCompetitors: tracked,
    marketReports: reports,
    supportTickets: tickets.map((t) => ({ ...t, messages: ticketMessages.filter((m) => m.ticketId === t.id) })),
    feedback: { items: feedback, votes },
    answerReports: answerMarks,
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

/** Rows whose key is one of `keys`, read 90 keys a statement (D1 caps bound parameters at 100 per statement). */
async function selectIn<Row>(keys: string[], select: (keys: string[]) => Promise<Row[]>): Promise<Row[]> {
  if (!keys.length) return [];
  return (await Promise.all(chunk(keys, 90).map(select))).flat();
}

function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
