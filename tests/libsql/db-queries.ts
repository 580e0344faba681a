/**
 * The db/ query modules against one database, whichever driver is under it: registered by
 * tests/libsql/db-queries.test.ts on an embedded libSQL file and by
 * tests/integration/db-queries.test.ts on D1 inside workerd, so both drivers run the same
 * queries. One test per module at least, and each place the drivers differ (a run's changed rows,
 * hand-written batches, drizzle batches, raw SQL reads, FTS5, unique violations).
 */
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ExplorerQuerySchema } from "~/domain/contracts/market";
import { collectUserData } from "../../db/account-export";
import { findAdAccount, insertLaunch, listLaunches, claimLaunchState, readDevAdState, writeDevAdState, upsertAdAccount } from "../../db/ad-launcher";
import { countDisabledUsers, disableUser, searchUsers, writePlanGrant, findUserWithSubscription } from "../../db/admin";
import { recordAdminAction, searchAdminActions } from "../../db/admin-audit";
import { countAffiliateClicks, findAffiliateCode, insertAffiliateCode, recordAffiliateClick } from "../../db/affiliate";
import { consumeAuthToken, findAuthToken, insertAuthToken } from "../../db/auth-tokens";
import { applyStripeEvent, isStripeEventApplied } from "../../db/billing";
import { findOwnSubscription, findProviderState } from "../../db/billing-sync";
import { listNiches, readSharedCatalog, listExplorerProducts, sharedCatalogVersion } from "../../db/catalog";
import { seededSampleVersion } from "../../db/catalog-seed";
import { appendMessage, claimAnswering, deleteChat, insertChatIfAbsent, listChatsWithCounts, listMessages, searchChats } from "../../db/chats";
import { changedRows, type Database } from "../../db/client";
import {
  changesOf,
  createTrackedShopifyStore,
  deleteTracked,
  listSampleStores,
  listTracked,
  listingsOf,
  snapshotsOf,
  trackSampleStore,
  writeSnapshot,
} from "../../db/competitors";
import { readDevStoreState, writeDevStoreState } from "../../db/dev-store";
import { uniqueViolation } from "../../db/errors";
import { addFeedbackVote, findFeedback, insertFeedback } from "../../db/feedback";
import { addArticleViews, articleActivity, saveArticleVote, userArticleVote } from "../../db/help";
import { findImages, insertImages, listImages } from "../../db/images";
import { adTotals, topHooks, visibleNiches } from "../../db/intelligence";
import { savedCatalogProducts, publishedSlugExists } from "../../db/launch-products";
import { findMarketReport, insertMarketReport, productsOfNiche } from "../../db/market-reports";
import { addNewsletterSubscriber, countNewsletterSubscribers } from "../../db/newsletter";
import { findOutboxEmail, insertOutboxEmail, listOutboxFor } from "../../db/outbox";
import { findPage, insertPage, slugExists } from "../../db/pages";
import { findPartnerApplication, insertPartnerApplication } from "../../db/partners";
import { findProject, insertFile, insertProjectWithinQuota, replacePassages, searchPassages } from "../../db/projects";
import { projects } from "../../db/schema";
import { findActiveSession, insertSession, revokeUserSessions } from "../../db/sessions";
import { findSubscription } from "../../db/subscriptions";
import { findTicketOfUser, insertTicket } from "../../db/support";
import { containsText } from "../../db/text-match";
import { addHandTick, listHandTicks } from "../../db/tutorials";
import { upsertUsageDaily, usageHistory } from "../../db/usage";
import { findUserByLogin, insertUser } from "../../db/users";
import { SAMPLE_CATALOG_VERSION } from "~/server/market/seed";

let seq = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++seq}`;

/**
 * Registers the suite; `open` answers a migrated database (D1 or libSQL), `seedSample` puts the
 * shared sample catalog into it (each side has its fastest way to make the statements).
 */
export function dbQueryTests(open: () => Promise<Database>, seedSample: (db: Database) => Promise<void>) {
  let db: Database;
  let userId: number;
  let otherId: number;

  beforeAll(async () => {
    db = await open();
    userId = (await insertUser(db, { username: unique("owner"), email: `${unique("owner")}@example.test`, passwordHash: "x" })).id;
    otherId = (await insertUser(db, { username: unique("other"), email: `${unique("other")}@example.test`, passwordHash: "x" })).id;
    await seedSample(db);
    expect(await seededSampleVersion(db)).toBe(SAMPLE_CATALOG_VERSION);
  }, 120_000);

  describe("accounts", () => {
    it("users: finds a user by login, case-insensitively; a clash is a unique violation the driver names", async () => {
      const name = unique("Casey");
      const user = await insertUser(db, { username: name, email: `${name}@example.test`, passwordHash: "x" });
      expect((await findUserByLogin(db, name.toLowerCase()))?.id).toBe(user.id);
      const clash = await insertUser(db, { username: name.toUpperCase(), email: `x${name}@example.test`, passwordHash: "x" }).catch((e: unknown) => e);
      expect(uniqueViolation(clash)).toContain("users_username_lower_idx");
      expect(uniqueViolation(new Error("no"))).toBeNull();
    });

    it("sessions and auth tokens: an active session, revoked in bulk; a token is consumed once", async () => {
      const id = unique("s");
      await insertSession(db, { id, userId, expiresAt: new Date(Date.now() + 3600_000).toISOString() });
      expect((await findActiveSession(db, id, new Date()))?.userId).toBe(userId);
      expect(await revokeUserSessions(db, userId)).toBe(1);
      expect(await findActiveSession(db, id, new Date())).toBeUndefined();

      const tokenHash = unique("t");
      await insertAuthToken(db, { tokenHash, userId, kind: "verify_email", email: "a@example.test", expiresAt: new Date(Date.now() + 3600_000).toISOString() });
      expect((await findAuthToken(db, tokenHash, "verify_email"))?.userId).toBe(userId);
      expect(await consumeAuthToken(db, tokenHash, new Date())).toBe(true);
      expect(await consumeAuthToken(db, tokenHash, new Date())).toBe(false);
    });

    it("outbox and newsletter: rows written and read back", async () => {
      const to = `${unique("to")}@example.test`;
      const row = await insertOutboxEmail(db, { toAddress: to, subject: "Hi", html: "<p>Hi</p>", text: "Hi", kind: "test", transport: "outbox" });
      expect((await findOutboxEmail(db, row.id))?.subject).toBe("Hi");
      expect((await listOutboxFor(db, to)).map((r) => r.id)).toEqual([row.id]);
      const before = await countNewsletterSubscribers(db);
      await addNewsletterSubscriber(db, `${unique("n")}@example.test`, "footer");
      expect(await countNewsletterSubscribers(db)).toBe(before + 1);
    });

    it("account export collects the user's rows and nobody else's", async () => {
      const data = await collectUserData(db, userId);
      expect(data?.profile.id).toBe(userId);
      expect(data?.profile).not.toHaveProperty("passwordHash");
      expect(await collectUserData(db, 987_654)).toBeNull();
    });
  });

  describe("billing", () => {
    it("a Stripe event applies in one batch and a replay changes nothing", async () => {
      const event = { event: { id: unique("evt"), type: "customer.subscription.updated", created: 100 }, effects: [{ effect: { kind: "subscription" as const, who: { userId, customerId: "cus_1" }, change: { plan: "growth", status: "active" } }, userId }] };
      expect(await applyStripeEvent(db, event)).toBe(true);
      expect(await applyStripeEvent(db, event)).toBe(false);
      expect(await isStripeEventApplied(db, event.event.id)).toBe(true);
      expect((await findSubscription(db, userId))?.plan).toBe("growth");
      expect((await findOwnSubscription(db, userId))?.status).toBe("active");
      expect(await findProviderState(db, otherId)).toBeNull();
    });

    it("usage: daily totals upserted as absolute values in one batch", async () => {
      const day = new Date().toISOString().slice(0, 10);
      await upsertUsageDaily(db, userId, [{ day, counter: "chat", used: 3 }, { day, counter: "images", used: 1 }]);
      await upsertUsageDaily(db, userId, [{ day, counter: "chat", used: 5 }]);
      const history = await usageHistory(db, userId, 2);
      expect(history.map((r) => [r.counter, r.amount]).sort()).toEqual([["chat", 5], ["images", 1]]);
    });

    it("affiliate: one code per user, one click per visitor and day", async () => {
      const code = unique("code");
      expect(await insertAffiliateCode(db, userId, code)).toBe(true);
      expect(await findAffiliateCode(db, userId)).toBe(code);
      expect(await recordAffiliateClick(db, { code, visitorKey: "v1", day: "2026-11-28" })).toBe(true);
      expect(await recordAffiliateClick(db, { code, visitorKey: "v1", day: "2026-11-28" })).toBe(false);
      expect(await countAffiliateClicks(db, code)).toBe(1);
    });
  });

  describe("work", () => {
    it("projects: the quota is checked in the insert (a run's changed rows), passages found through FTS5", async () => {
      const ids = [unique("p"), unique("p")];
      expect(await insertProjectWithinQuota(db, { id: ids[0], userId, name: unique("Shop"), businessInstructions: "" }, 1)).toEqual({ ok: true });
      expect(await insertProjectWithinQuota(db, { id: ids[1], userId, name: unique("Shop"), businessInstructions: "" }, 1)).toEqual({ ok: false, reason: "quota" });
      expect((await findProject(db, userId, ids[0]))?.id).toBe(ids[0]);
      expect(await findProject(db, otherId, ids[0])).toBeUndefined();

      const file = await insertFile(db, { id: unique("f"), projectId: ids[0], userId, name: "notes.txt", kind: "txt", contentType: "text/plain", size: 10, storageKey: "k" });
      await replacePassages(db, file, ["Linen aprons for bakers", "Ceramic mugs"]);
      const hits = await searchPassages(db, userId, ids[0], ["aprons"], 5);
      expect(hits.map((h) => h.text)).toEqual(["Linen aprons for bakers"]);
      expect(await searchPassages(db, otherId, ids[0], ["aprons"], 5)).toEqual([]);
    });

    it("chats: a message and the chat's leaf in one batch, search, a claim that one racer wins", async () => {
      const chatId = unique("c");
      await insertChatIfAbsent(db, { id: chatId, userId, title: "Mugs" });
      const { message, chat } = await appendMessage(db, { id: unique("m"), chatId, userId, parentId: null, role: "user", content: "Which ceramic mugs sell?" }, "Ceramic mugs");
      expect(chat.leafId).toBe(message.id);
      expect((await listMessages(db, userId, chatId)).map((m) => m.content)).toEqual(["Which ceramic mugs sell?"]);
      expect((await listChatsWithCounts(db, userId)).find((c) => c.id === chatId)?.title).toBe("Ceramic mugs");
      expect((await searchChats(db, userId, "ceramic")).map((c) => c.id)).toContain(chatId);
      expect(await searchChats(db, otherId, "ceramic")).toEqual([]);
      const until = new Date(Date.now() + 60_000);
      const claims = await Promise.all([claimAnswering(db, userId, chatId, new Date(), until), claimAnswering(db, userId, chatId, new Date(), until)]);
      expect(claims.filter(Boolean)).toHaveLength(1);
      expect(await deleteChat(db, otherId, chatId)).toBe(false);
      expect(await deleteChat(db, userId, chatId)).toBe(true);
    });

    it("pages and images: a taken slug is refused, rows scoped by user", async () => {
      const slug = unique("apron");
      const page = { userId, slug, product: {}, sections: [], theme: {}, seo: {} };
      const first = await insertPage(db, { id: unique("pg"), ...page });
      expect(first).not.toBe("slug_taken");
      expect(await insertPage(db, { id: unique("pg"), ...page, userId: otherId })).toBe("slug_taken");
      expect(await slugExists(db, slug)).toBe(true);
      expect(await findPage(db, otherId, (first as { id: string }).id)).toBeUndefined();
      expect(await publishedSlugExists(db, slug)).toBe(false);

      const id = unique("img");
      await insertImages(db, [{ id, userId, kind: "upload", fileName: "a.png", mimeType: "image/png", width: 1, height: 1, bytes: 10, provider: "upload", r2Key: "a", thumbKey: "b" }]);
      expect((await findImages(db, userId, [id])).map((r) => r.id)).toEqual([id]);
      expect(await findImages(db, otherId, [id])).toEqual([]);
      expect((await listImages(db, userId, {}, undefined, 10)).rows.map((r) => r.id)).toContain(id);
    });

    it("tutorials, dev store and dev ad account state", async () => {
      await addHandTick(db, userId, "first-page", "open");
      expect((await listHandTicks(db, userId)).map((t) => t.stepId)).toEqual(["open"]);
      const shop = unique("shop");
      expect(await readDevStoreState(db, shop)).toBeNull();
      await writeDevStoreState(db, shop, "{\"a\":1}");
      expect(await readDevStoreState(db, shop)).toBe("{\"a\":1}");
      const account = unique("act");
      await writeDevAdState(db, account, "{}");
      await writeDevAdState(db, account, "{\"b\":2}");
      expect(await readDevAdState(db, account)).toBe("{\"b\":2}");
    });

    it("ad launcher: a launch's state moves once (a run's changed rows)", async () => {
      const account = { adAccountId: "act_1", pageId: "pg_1", currency: "USD", timeZone: "UTC", status: "active", sealedToken: "sealed" };
      await upsertAdAccount(db, { userId, name: "Ads", ...account });
      expect((await findAdAccount(db, userId))?.adAccountId).toBe("act_1");
      const id = unique("launch");
      const { adAccountId, pageId, currency } = account;
      await insertLaunch(db, { id, userId, name: "Aprons", state: "draft", productRef: "p1", productTitle: "Apron", destinationUrl: "https://shop.test", dailyBudgetCents: 1000, currency, adAccountId, pageId, spec: {} });
      expect(await claimLaunchState(db, userId, id, "draft", "launching")).toBe(true);
      expect(await claimLaunchState(db, userId, id, "draft", "launching")).toBe(false);
      expect((await listLaunches(db, userId)).map((l) => l.id)).toEqual([id]);
    });
  });

  describe("market data", () => {
    it("catalog: the seeded sample reads back, the shared catalog in one batch", async () => {
      expect(await sharedCatalogVersion(db)).toBeTruthy();
      const niches = await listNiches(db, userId);
      expect(niches.length).toBeGreaterThan(0);
      const shared = await readSharedCatalog(db);
      expect(shared.products.length).toBeGreaterThan(100);
      const page = await listExplorerProducts(db, userId, ExplorerQuerySchema.parse({}));
      expect(page.rows.length).toBeGreaterThan(0);
      expect(page.total).toBeGreaterThanOrEqual(page.rows.length);
      // readSharedCatalog maps about 40,000 rows: seconds on a busy machine.
    }, 30_000);

    it("intelligence: window functions and raw SQL reads", async () => {
      const totals = await adTotals(db, { userId }, {});
      expect(Number(totals.ads)).toBeGreaterThan(0);
      expect((await topHooks(db, { userId }, {})).length).toBeGreaterThan(0);
      expect((await visibleNiches(db, { userId })).length).toBeGreaterThan(0);
    });

    it("market reports and the launcher's products", async () => {
      const [niche] = await listNiches(db, userId);
      expect((await productsOfNiche(db, userId, niche.id)).length).toBeGreaterThan(0);
      const id = unique("rep");
      await insertMarketReport(db, { id, userId, subjectKind: "niche", subjectId: niche.id, title: niche.name, status: "running" });
      expect((await findMarketReport(db, userId, id))?.title).toBe(niche.name);
      expect(await findMarketReport(db, otherId, id)).toBeUndefined();
      expect(await savedCatalogProducts(db, userId)).toEqual([]);
    });

    it("competitors: tracking within the quota, a Shopify store's batches, a snapshot and untracking", async () => {
      const [sample] = await listSampleStores(db, userId, 2);
      expect(await trackSampleStore(db, { id: unique("t"), userId, storeId: sample.id }, 5)).toEqual({ ok: true });
      expect(await trackSampleStore(db, { id: unique("t"), userId, storeId: sample.id }, 5)).toEqual({ ok: false, reason: "duplicate" });

      const storeId = unique("store");
      const trackedId = unique("t");
      const listings = Array.from({ length: 600 }, (_, i) => ({ productKey: `p${i}`, title: `Product ${i}`, priceCents: 1000 + i, compareAtPriceCents: null, imageUrl: null, bestSellerRank: i }));
      const store = { trackedId, storeId, userId, name: "Harbor", url: `https://${storeId}.example`, hasBestSellingOrder: true, listings, takenAt: "2026-11-28T00:00:00.000Z", snapshotMessage: null };
      expect(await createTrackedShopifyStore(db, store, 2)).toEqual({ ok: true });
      expect(await createTrackedShopifyStore(db, { ...store, storeId: unique("store"), trackedId: unique("t"), url: "https://another.example" }, 2)).toEqual({ ok: false, reason: "quota" });
      expect(await listingsOf(db, storeId)).toHaveLength(600);

      await writeSnapshot(db, {
        storeId,
        takenAt: "2026-11-29T00:00:00.000Z",
        listings: [{ ...listings[0], priceCents: 900 }],
        removedKeys: ["p1"],
        changes: [{ kind: "price", productKey: "p0", title: "Product 0", oldPriceCents: 1000, newPriceCents: 900 }],
        productCount: 599,
        hasBestSellingOrder: true,
        message: null,
      });
      expect((await changesOf(db, storeId)).map((c) => [c.kind, c.newPriceCents])).toEqual([["price", 900]]);
      expect(await snapshotsOf(db, storeId)).toHaveLength(2);
      expect((await listTracked(db, otherId)).length).toBe(0);
      expect(await deleteTracked(db, userId, trackedId)).toBe(true);
      // The store's listings went with it (foreign-key cascade, on both drivers).
      expect(await listingsOf(db, storeId)).toHaveLength(0);
    });
  });

  describe("help, support, feedback, partners and staff", () => {
    it("help: views added in a batch, one vote per user", async () => {
      const article = unique("article");
      await addArticleViews(db, new Map([[article, 2]]));
      await addArticleViews(db, new Map([[article, 3]]));
      await saveArticleVote(db, userId, article, true);
      await saveArticleVote(db, userId, article, false);
      expect(await userArticleVote(db, userId, article)).toBe(false);
      const [activity] = await articleActivity(db, [article]);
      expect(activity.views).toBe(5);
    });

    it("support, feedback and partner applications", async () => {
      const now = new Date().toISOString();
      const ticket = await insertTicket(db, { id: unique("tk"), userId, subject: "Help", category: "billing", updatedAt: now }, { author: "user", authorName: "Casey", authorId: userId, body: "Hi" });
      expect((await findTicketOfUser(db, userId, ticket.id))?.subject).toBe("Help");
      expect(await findTicketOfUser(db, otherId, ticket.id)).toBeUndefined();

      const feedbackId = unique("fb");
      await insertFeedback(db, { id: feedbackId, userId, kind: "idea", title: "Dark mode", details: "Please" });
      await addFeedbackVote(db, feedbackId, otherId);
      await addFeedbackVote(db, feedbackId, otherId);
      expect((await findFeedback(db, otherId, feedbackId))?.votes).toBe(1);

      const app = await insertPartnerApplication(db, { id: unique("pa"), userId, company: "Acme", website: "https://acme.test", contactEmail: "a@acme.test", category: "agency", message: "Hello" });
      expect((await findPartnerApplication(db, app.id))?.company).toBe("Acme");
    });

    it("admin: search, disable, a plan grant and the audit log", async () => {
      await disableUser(db, otherId, "spam", new Date());
      expect(await countDisabledUsers(db)).toBeGreaterThanOrEqual(1);
      await writePlanGrant(db, otherId, "growth", userId, new Date());
      expect((await findUserWithSubscription(db, otherId))?.subscription?.plan).toBe("growth");
      const found = await searchUsers(db, { q: "other", limit: 10 });
      expect(found.map((r) => r.user.id)).toContain(otherId);
      const entry = await recordAdminAction(db, { actorId: userId, actorEmail: "a@example.test", action: "user.disable", targetType: "user", targetId: String(otherId), reason: "spam" });
      const actions = await searchAdminActions(db, { targetId: String(otherId), limit: 10 });
      expect(actions.map((a) => a.id)).toEqual([entry.id]);
    });

    it("text match: a case-insensitive contains in SQL", async () => {
      const rows = await db.select({ id: projects.id }).from(projects).where(containsText(projects.name, "SHOP"));
      expect(rows.length).toBeGreaterThan(0);
      const run = await db.run(sql`UPDATE projects SET name = name WHERE user_id = ${userId}`);
      expect(changedRows(run)).toBe(1);
    });
  });
}
