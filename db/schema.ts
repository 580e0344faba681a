import { desc, sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex, type SQLiteColumn } from "drizzle-orm/sqlite-core";

/**
 * One schema for D1 and libSQL. Entities of spec section 3; later issues extend it.
 * Timestamps are ISO-8601 strings (the shape the client reads) unless named `*Epoch`.
 */
const createdAt = () =>
  text("created_at")
    .notNull()
    .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`);
const updatedAt = () =>
  text("updated_at")
    .notNull()
    .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`);

export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    username: text("username").notNull(),
    email: text("email").notNull(),
    emailVerified: integer("email_verified", { mode: "boolean" }).notNull().default(false),
    /** Self-describing hash, e.g. `pbkdf2-sha256$100000$salt$hash`, so parameters can be raised later. */
    passwordHash: text("password_hash").notNull(),
    role: text("role", { enum: ["user", "admin"] }).notNull().default("user"),
    /** IANA zone for the daily usage reset; UTC when null. */
    timeZone: text("time_zone"),
    /** When the last verification email went out: the server's 60 s resend cooldown. */
    verificationSentAt: text("verification_sent_at"),
    /** Set by staff (admin area): a disabled account cannot sign in and its sessions stop at once. */
    disabledAt: text("disabled_at"),
    disabledReason: text("disabled_reason"),
    /** Staff-granted access to the AI Launcher (admin user detail, audited); replaces the spec's one hard-coded account. */
    launcherAccess: integer("launcher_access", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_username_lower_idx").on(sql`lower(${t.username})`),
    uniqueIndex("users_email_lower_idx").on(sql`lower(${t.email})`),
  ],
);

export const sessions = sqliteTable(
  "sessions",
  {
    /** 128-bit random id, hex. Carried inside the signed JWT. */
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: text("expires_at").notNull(),
    lastSeenAt: text("last_seen_at"),
    userAgent: text("user_agent"),
    ipAddress: text("ip_address"),
    revokedAt: text("revoked_at"),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const projects = sqliteTable(
  "projects",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    businessInstructions: text("business_instructions").notNull().default(""),
    /** JSON list of knowledge-base files, each with an id. */
    knowledgeBase: text("knowledge_base", { mode: "json" }).notNull().default(sql`'[]'`),
    researchData: text("research_data", { mode: "json" }),
    /** Canon: nested map keyed by dotted paths, each entry { value, source, timestamp }. */
    canonContext: text("canon_context", { mode: "json" }).notNull().default(sql`'{}'`),
    /** Canon paths the merchant deleted: the auto-rules never bring them back until the merchant sets them again. */
    canonRemoved: text("canon_removed", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    businessContext: text("business_context", { mode: "json" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("projects_user_idx").on(t.userId),
    // Names are unique per user, ignoring case: "Yoga Store" and "yoga store" would be told apart by nobody.
    uniqueIndex("projects_user_name_lower_idx").on(t.userId, sql`lower(${t.name})`),
  ],
);

/** A knowledge-base file: its bytes in R2 (`storageKey`), its text as passages. */
export const projectFiles = sqliteTable(
  "project_files",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    kind: text("kind", { enum: ["txt", "md", "csv", "json", "pdf", "docx"] }).notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    status: text("status", { enum: ["uploading", "extracting", "indexed", "no_text", "failed"] }).notNull().default("uploading"),
    statusReason: text("status_reason"),
    passageCount: integer("passage_count").notNull().default(0),
    textChars: integer("text_chars").notNull().default(0),
    position: integer("position").notNull().default(0),
    storageKey: text("storage_key").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("project_files_project_idx").on(t.projectId, t.position), index("project_files_user_idx").on(t.userId)],
);

/** A passage of a file's text, searched by the project's chats (FTS5 table project_passages_fts, BM25). */
export const projectPassages = sqliteTable(
  "project_passages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    fileId: text("file_id")
      .notNull()
      .references(() => projectFiles.id, { onDelete: "cascade" }),
    projectId: text("project_id").notNull(),
    userId: integer("user_id").notNull(),
    position: integer("position").notNull(),
    text: text("text").notNull(),
  },
  (t) => [index("project_passages_file_idx").on(t.fileId, t.position), index("project_passages_project_idx").on(t.projectId)],
);

export const chats = sqliteTable(
  "chats",
  {
    /** A uuid; generated on the client when the chat is created there. */
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    projectId: text("project_id").references(() => projects.id, { onDelete: "set null" }),
    title: text("title").notNull().default("New Chat"),
    /** Set while an answer is being written: a chat answers one question at a time. */
    answeringUntil: text("answering_until"),
    /** The last message of the branch the chat shows (edits and regenerations fork the conversation). */
    leafId: text("leaf_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("chats_user_updated_idx").on(t.userId, t.updatedAt)],
);

export const messages = sqliteTable(
  "messages",
  {
    id: text("id").primaryKey(),
    chatId: text("chat_id")
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /**
     * The message this one follows: messages form a tree, so an edited question or a regenerated
     * answer is a sibling of the version it replaces and every version stays reachable.
     * Null for a chat's first message (and for rows from before versions, read as one line).
     */
    parentId: text("parent_id"),
    role: text("role", { enum: ["user", "assistant", "thinking"] }).notNull(),
    /** Plain text, or JSON text holding summary, fullResearch, content, citations and isPerplexity. */
    content: text("content").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("messages_chat_created_idx").on(t.chatId, t.createdAt), index("messages_parent_idx").on(t.parentId)],
);

/** "Not what I asked": an answer the merchant marked as misreading their question, kept for review. */
export const answerReports = sqliteTable(
  "answer_reports",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    chatId: text("chat_id")
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    messageId: text("message_id").notNull(),
    question: text("question").notNull(),
    answerExcerpt: text("answer_excerpt").notNull(),
    provider: text("provider"),
    /** Whether the answer's query was given back (at most three a day). */
    refunded: integer("refunded", { mode: "boolean" }).notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [uniqueIndex("answer_reports_message_idx").on(t.messageId), index("answer_reports_user_created_idx").on(t.userId, t.createdAt)],
);

export const subscriptions = sqliteTable("subscriptions", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  plan: text("plan").notNull().default("free"),
  planName: text("plan_name"),
  status: text("status").notNull().default("inactive"),
  customerId: text("customer_id"),
  subscriptionId: text("subscription_id"),
  cancelAtPeriodEnd: integer("cancel_at_period_end", { mode: "boolean" }).notNull().default(false),
  currentPeriodEnd: text("current_period_end"),
  /** A support grant (admin area): the staff member who granted the plan; null for a paid subscription. */
  grantedBy: integer("granted_by"),
  grantedAt: text("granted_at"),
  /** `created` (Unix seconds) of the Stripe event that last set this row: an older one arriving later is not applied over it. */
  providerEventCreated: integer("provider_event_created"),
  updatedAt: updatedAt(),
});

/** Daily totals rolled up from each user's usage meter, for history charts and admin sums. */
export const usageDaily = sqliteTable(
  "usage_daily",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    counter: text("counter").notNull(),
    amount: integer("amount").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day, t.counter] })],
);

/** The embedded newsletter default: a local subscribers table (Omnisend is the real adapter). */
export const newsletterSubscribers = sqliteTable(
  "newsletter_subscribers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    email: text("email").notNull(),
    source: text("source").notNull().default("landing"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("newsletter_email_lower_idx").on(sql`lower(${t.email})`)],
);

/**
 * Single-use tokens sent by email (verification, password reset, claim). Only the SHA-256 of
 * the token is stored, so a database leak does not leak working links.
 */
export const authTokens = sqliteTable(
  "auth_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["verify_email", "reset_password", "claim_purchase"] }).notNull(),
    /** The address the token proves access to (verification of a changed email). */
    email: text("email").notNull(),
    createdAt: createdAt(),
    expiresAt: text("expires_at").notNull(),
    usedAt: text("used_at"),
  },
  (t) => [index("auth_tokens_user_kind_idx").on(t.userId, t.kind)],
);

/** Every email the product sends; the embedded default delivers here (dev outbox). */
export const emailOutbox = sqliteTable(
  "email_outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    /** The action link inside the email, for the dev outbox and the log. */
    link: text("link"),
    kind: text("kind").notNull(),
    /** "outbox" for the embedded default, "resend" when the real adapter sent it. */
    transport: text("transport").notNull(),
    providerId: text("provider_id"),
    createdAt: createdAt(),
  },
  (t) => [index("email_outbox_to_idx").on(t.toAddress, t.id)],
);

/** Every Stripe event id we applied, written in the same batch as its effects (replays no-op). */
export const stripeEvents = sqliteTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  userId: integer("user_id"),
  receivedAt: createdAt(),
});

/**
 * Stripe events about a customer or subscription not yet tied to a user (a Payment Link's
 * subscription carries no user id; only its checkout does), applied when the checkout or a claim
 * ties them. Never recorded in stripe_events until applied.
 */
export const stripePendingEvents = sqliteTable(
  "stripe_pending_events",
  {
    eventId: text("event_id").primaryKey(),
    type: text("type").notNull(),
    customerId: text("customer_id"),
    subscriptionId: text("subscription_id"),
    /** The event's `created` (Unix seconds): pending events are applied oldest first. */
    created: integer("created").notNull(),
    /** The verified event as received (JSON). */
    payload: text("payload").notNull(),
    receivedAt: createdAt(),
  },
  (t) => [index("stripe_pending_events_customer_idx").on(t.customerId), index("stripe_pending_events_subscription_idx").on(t.subscriptionId)],
);

/**
 * Which payment intent and charge paid which invoice (from invoice.paid and invoice_payment.paid,
 * whoever the customer is). Since Stripe's basil version a charge, refund or dispute names only
 * its payment intent; this is how a reversal finds the invoice its commission was recorded on.
 */
export const stripeInvoicePayments = sqliteTable(
  "stripe_invoice_payments",
  {
    /** `<invoice id>:<payment intent or charge id>`. */
    id: text("id").primaryKey(),
    invoiceId: text("invoice_id").notNull(),
    paymentIntentId: text("payment_intent_id"),
    chargeId: text("charge_id"),
    createdAt: createdAt(),
  },
  (t) => [index("stripe_invoice_payments_intent_idx").on(t.paymentIntentId), index("stripe_invoice_payments_charge_idx").on(t.chargeId)],
);

/** Completed purchases, for receipts. */
export const payments = sqliteTable(
  "payments",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    plan: text("plan").notNull(),
    interval: text("interval"),
    amountTotal: integer("amount_total").notNull(),
    currency: text("currency").notNull(),
    customerEmail: text("customer_email"),
    customerId: text("customer_id"),
    subscriptionId: text("subscription_id"),
    createdAt: createdAt(),
  },
  (t) => [index("payments_user_idx").on(t.userId, t.createdAt)],
);

/**
 * Purchases Stripe reported without one of our user ids (bought signed out, or under another
 * email). A signed-in user claims them after proving access to the purchase email.
 */
export const unclaimedPurchases = sqliteTable(
  "unclaimed_purchases",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    plan: text("plan").notNull(),
    interval: text("interval"),
    amountTotal: integer("amount_total").notNull(),
    currency: text("currency").notNull(),
    customerId: text("customer_id"),
    subscriptionId: text("subscription_id"),
    createdAt: createdAt(),
    claimedBy: integer("claimed_by").references(() => users.id, { onDelete: "set null" }),
    claimedAt: text("claimed_at"),
  },
  (t) => [index("unclaimed_purchases_email_idx").on(sql`lower(${t.email})`)],
);

export type User = typeof users.$inferSelect;
export type Project = typeof projects.$inferSelect;
export type ProjectFileRow = typeof projectFiles.$inferSelect;
export type ProjectPassageRow = typeof projectPassages.$inferSelect;
export type Chat = typeof chats.$inferSelect;
export type Message = typeof messages.$inferSelect;
export type Subscription = typeof subscriptions.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Market catalog (ADR 013). Sample records have no owner and are shared; imported records and
// tracked stores belong to one user. Weekly series are JSON arrays, oldest week first.

export const catalogNiches = sqliteTable(
  "catalog_niches",
  {
    id: text("id").primaryKey(),
    ownerUserId: integer("owner_user_id").references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    audience: text("audience").notNull().default(""),
    pain: text("pain").notNull().default(""),
    keywords: text("keywords", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    productTypes: text("product_types", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
  },
  (t) => [index("catalog_niches_owner_idx").on(t.ownerUserId)],
);

/** One index per Explorer sort and direction (migration 0028 writes the same SQL). */
function explorerSortIndexes(t: Record<"score" | "monthlyOrders" | "trendPct" | "marginPct" | "priceCents" | "adCount" | "createdAt" | "id" | "ownerUserId", SQLiteColumn>) {
  const sorts = { score: t.score, orders: t.monthlyOrders, trend: t.trendPct, margin: t.marginPct, price: t.priceCents, ads: t.adCount, newest: t.createdAt };
  return Object.entries(sorts).flatMap(([name, column]) => [
    index(`catalog_products_${name}_desc_idx`).on(sql`(${column} IS NULL)`, desc(column), t.id, t.ownerUserId),
    index(`catalog_products_${name}_asc_idx`).on(sql`(${column} IS NULL)`, column, t.id, t.ownerUserId),
  ]);
}

export const catalogProducts = sqliteTable(
  "catalog_products",
  {
    id: text("id").primaryKey(),
    ownerUserId: integer("owner_user_id").references(() => users.id, { onDelete: "cascade" }),
    /** sample (the generated catalog), feed (a CSV/JSON import) or shopify (a store import). */
    source: text("source", { enum: ["sample", "feed", "shopify"] }).notNull(),
    sourceUrl: text("source_url"),
    name: text("name").notNull(),
    productType: text("product_type").notNull().default(""),
    nicheId: text("niche_id").notNull(),
    vendor: text("vendor"),
    imageUrl: text("image_url"),
    costCents: integer("cost_cents"),
    shippingCostCents: integer("shipping_cost_cents"),
    priceCents: integer("price_cents").notNull(),
    compareAtPriceCents: integer("compare_at_price_cents"),
    marginCents: integer("margin_cents"),
    marginPct: integer("margin_pct"),
    monthlyOrders: integer("monthly_orders"),
    trendPct: integer("trend_pct"),
    adCount: integer("ad_count").notNull().default(0),
    competition: text("competition", { enum: ["low", "medium", "high", "saturated"] }),
    rating: integer("rating_tenths"),
    shippingDays: integer("shipping_days"),
    launchMonth: text("launch_month"),
    /** The main ad platform (most ads), for the Explorer's platform filter. */
    mainPlatform: text("main_platform"),
    weeklyOrders: text("weekly_orders", { mode: "json" }).$type<number[]>().notNull().default(sql`'[]'`),
    weeklyPriceCents: text("weekly_price_cents", { mode: "json" }).$type<number[]>().notNull().default(sql`'[]'`),
    weeklyActiveAds: text("weekly_active_ads", { mode: "json" }).$type<number[]>().notNull().default(sql`'[]'`),
    /** Winning score 0–100 and its components (server/market/score.ts); null until scored. */
    score: integer("score"),
    scoreReasons: text("score_reasons", { mode: "json" }),
    scoredAt: text("scored_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("catalog_products_niche_idx").on(t.nicheId, t.score),
    // The Explorer's (migration 0028): counts read the narrow filter index; each sort and direction
    // has an index in the query's exact order (missing values last, then id).
    index("catalog_products_filter_idx").on(t.ownerUserId, t.score, t.priceCents, t.trendPct, t.shippingDays, t.marginPct, t.competition, t.mainPlatform, t.nicheId),
    ...explorerSortIndexes(t),
  ],
);

export const catalogAds = sqliteTable(
  "catalog_ads",
  {
    id: text("id").primaryKey(),
    productId: text("product_id").notNull(),
    platform: text("platform").notNull(),
    angle: text("angle").notNull(),
    hook: text("hook").notNull(),
    format: text("format").notNull(),
    lengthSeconds: integer("length_seconds"),
    visualStyle: text("visual_style").notNull(),
    startWeek: integer("start_week").notNull(),
    endWeek: integer("end_week").notNull(),
    daysRunning: integer("days_running").notNull(),
    views: integer("views").notNull(),
    engagements: integer("engagements").notNull(),
    engagementRatePct: integer("engagement_rate_tenths").notNull(),
  },
  (t) => [index("catalog_ads_product_idx").on(t.productId), index("catalog_ads_platform_idx").on(t.platform, t.startWeek)],
);

export const catalogStores = sqliteTable(
  "catalog_stores",
  {
    id: text("id").primaryKey(),
    ownerUserId: integer("owner_user_id").references(() => users.id, { onDelete: "cascade" }),
    source: text("source", { enum: ["sample", "shopify"] }).notNull(),
    name: text("name").notNull(),
    /** The store's origin for tracked Shopify stores; null for sample stores. */
    url: text("url"),
    nicheId: text("niche_id"),
    platform: text("platform").notNull(),
    productCount: integer("product_count").notNull().default(0),
    estMonthlyRevenueUsd: integer("est_monthly_revenue_usd"),
    launchMonth: text("launch_month"),
    topProductIds: text("top_product_ids", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    /** Whether the store exposes a best-selling order (Shopify's sort_by=best-selling). */
    hasBestSellingOrder: integer("has_best_selling_order", { mode: "boolean" }).notNull().default(false),
    lastSnapshotAt: text("last_snapshot_at"),
    createdAt: createdAt(),
  },
  (t) => [index("catalog_stores_owner_idx").on(t.ownerUserId), index("catalog_stores_niche_idx").on(t.nicheId)],
);

/** What a store lists: a catalog product (sample stores) or a store's own product handle (Shopify). */
export const storeListings = sqliteTable(
  "store_listings",
  {
    storeId: text("store_id")
      .notNull()
      .references(() => catalogStores.id, { onDelete: "cascade" }),
    /** The catalog product id, or the Shopify handle. */
    productKey: text("product_key").notNull(),
    productId: text("product_id"),
    title: text("title").notNull(),
    priceCents: integer("price_cents").notNull(),
    compareAtPriceCents: integer("compare_at_price_cents"),
    imageUrl: text("image_url"),
    /** 1 = the store's best seller, when the store exposes that order. */
    bestSellerRank: integer("best_seller_rank"),
    orderSharePct: integer("order_share_pct"),
    firstSeenAt: text("first_seen_at").notNull(),
    removedAt: text("removed_at"),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.productKey] }), index("store_listings_product_idx").on(t.productId)],
);

/** What changed in a store between two snapshots: the competitor timeline. */
export const storeChanges = sqliteTable(
  "store_changes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    storeId: text("store_id")
      .notNull()
      .references(() => catalogStores.id, { onDelete: "cascade" }),
    at: text("at").notNull(),
    kind: text("kind", { enum: ["added", "removed", "price"] }).notNull(),
    productKey: text("product_key").notNull(),
    title: text("title").notNull(),
    oldPriceCents: integer("old_price_cents"),
    newPriceCents: integer("new_price_cents"),
  },
  (t) => [index("store_changes_store_idx").on(t.storeId, t.at)],
);

export const storeSnapshots = sqliteTable(
  "store_snapshots",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    storeId: text("store_id")
      .notNull()
      .references(() => catalogStores.id, { onDelete: "cascade" }),
    takenAt: text("taken_at").notNull(),
    productCount: integer("product_count").notNull(),
    /** What the snapshot found: ok, or the guard's / store's refusal. */
    status: text("status").notNull(),
    message: text("message"),
  },
  (t) => [index("store_snapshots_store_idx").on(t.storeId, t.takenAt)],
);

export const trackedCompetitors = sqliteTable(
  "tracked_competitors",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    storeId: text("store_id")
      .notNull()
      .references(() => catalogStores.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("tracked_competitors_user_store_idx").on(t.userId, t.storeId)],
);

export const savedProducts = sqliteTable(
  "saved_products",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    listName: text("list_name").notNull(),
    productId: text("product_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.listName, t.productId] })],
);

/** Catalog-wide facts: the sample version seeded, the score's backtest, the last refresh. */
export const catalogMeta = sqliteTable("catalog_meta", {
  key: text("key").primaryKey(),
  value: text("value", { mode: "json" }).notNull(),
  updatedAt: updatedAt(),
});

export const catalogRefreshes = sqliteTable("catalog_refreshes", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  ranAt: text("ran_at").notNull(),
  trigger: text("trigger").notNull(),
  productsRescored: integer("products_rescored").notNull(),
  storesSnapshotted: integer("stores_snapshotted").notNull(),
  changesRecorded: integer("changes_recorded").notNull(),
  durationMs: integer("duration_ms").notNull(),
});

export const catalogImports = sqliteTable(
  "catalog_imports",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    format: text("format").notNull(),
    accepted: integer("accepted").notNull(),
    refused: integer("refused").notNull(),
    report: text("report", { mode: "json" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("catalog_imports_user_idx").on(t.userId)],
);

/** A deep market analysis: a job with progress, then a saved report citing its records. */
export const marketReports = sqliteTable(
  "market_reports",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    subjectKind: text("subject_kind", { enum: ["niche", "product"] }).notNull(),
    subjectId: text("subject_id").notNull(),
    title: text("title").notNull(),
    status: text("status", { enum: ["running", "done", "failed"] }).notNull(),
    progress: integer("progress").notNull().default(0),
    step: text("step").notNull().default(""),
    markdown: text("markdown"),
    cited: text("cited", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    error: text("error"),
    createdAt: createdAt(),
    finishedAt: text("finished_at"),
  },
  (t) => [index("market_reports_user_idx").on(t.userId, t.createdAt)],
);

// ---------------------------------------------------------------------------------------------
// Store pages (ADR 014): the page builder's drafts, their versions, drop pages, store connections
// and exports. A page's product, sections, theme and SEO fields are JSON in the contract's shapes
// (app/domain/contracts/pages.ts); the published HTML is rendered once at publish time.

export const pages = sqliteTable(
  "pages",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The public address /p/{slug}; unique across users. */
    slug: text("slug").notNull(),
    status: text("status", { enum: ["draft", "published"] }).notNull().default("draft"),
    sourceUrl: text("source_url"),
    catalogProductId: text("catalog_product_id"),
    projectId: text("project_id").references(() => projects.id, { onDelete: "set null" }),
    product: text("product", { mode: "json" }).notNull(),
    sections: text("sections", { mode: "json" }).notNull(),
    theme: text("theme", { mode: "json" }).notNull(),
    seo: text("seo", { mode: "json" }).notNull(),
    buyUrl: text("buy_url"),
    missing: text("missing", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    generatedBy: text("generated_by"),
    generatedAt: text("generated_at"),
    /**
     * The sections as the last generation wrote them (as the draft made them before any): a
     * section that differs from its copy here was edited by the merchant, and generation keeps it.
     * Null on pages made before this column: the draft of their product stands in.
     */
    generatedSections: text("generated_sections", { mode: "json" }),
    revision: integer("revision").notNull().default(1),
    /** The drop page as served: rendered when published, so later edits wait for the next publish. */
    publishedHtml: text("published_html"),
    publishedAt: text("published_at"),
    views: integer("views").notNull().default(0),
    buyClicks: integer("buy_clicks").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("pages_slug_idx").on(t.slug), index("pages_user_idx").on(t.userId, t.updatedAt)],
);

export const pageVersions = sqliteTable(
  "page_versions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    pageId: text("page_id")
      .notNull()
      .references(() => pages.id, { onDelete: "cascade" }),
    revision: integer("revision").notNull(),
    reason: text("reason", { enum: ["created", "autosave", "generated", "published", "restored", "seo-fix"] }).notNull(),
    /** The page's editable fields (product, sections, theme, seo, buyUrl, missing) at that revision. */
    snapshot: text("snapshot", { mode: "json" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("page_versions_page_idx").on(t.pageId, t.id)],
);

export const storeConnections = sqliteTable(
  "store_connections",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    platform: text("platform", { enum: ["shopify"] }).notNull(),
    shopDomain: text("shop_domain").notNull(),
    shopName: text("shop_name"),
    /** The Admin API token sealed with AES-GCM (server/store-export/token-crypto.ts); never the token itself. */
    tokenSealed: text("token_sealed").notNull(),
    tokenMasked: text("token_masked").notNull(),
    scopes: text("scopes", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("store_connections_user_shop_idx").on(t.userId, t.shopDomain)],
);

export const pageExports = sqliteTable(
  "page_exports",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    pageId: text("page_id")
      .notNull()
      .references(() => pages.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["shopify", "shopify-csv", "html"] }).notNull(),
    shopDomain: text("shop_domain"),
    productGid: text("product_gid"),
    productAdminUrl: text("product_admin_url"),
    /** The landing page's gid as Shopify gave it (exporting again updates it); null when the export made no page. */
    pageGid: text("page_gid"),
    pageAdminUrl: text("page_admin_url"),
    createdAt: createdAt(),
  },
  (t) => [index("page_exports_page_idx").on(t.pageId, t.id)],
);

export type PageRow = typeof pages.$inferSelect;
export type PageVersionRow = typeof pageVersions.$inferSelect;
export type StoreConnectionRow = typeof storeConnections.$inferSelect;

/**
 * The offline dev store's state (app/server/store-export/dev-store.ts): one row per shop holding
 * its serialised FakeStoreState. Only written when DEV_TOOLS is on; production never reads it.
 */
export const devStoreState = sqliteTable("dev_store_state", {
  shop: text("shop").primaryKey(),
  state: text("state").notNull(),
  updatedAt: updatedAt(),
});

/**
 * Images: the merchant's uploads, generated images and marketing visuals. The PNG (or the upload
 * as sent) and its thumbnail live in R2 (FILES) under `r2Key` and `thumbKey`; this row is the
 * metadata the gallery filters on. `design` is the compositor's input, kept so a visual can be
 * varied or re-rendered larger; `proofFacts` the catalog figures it drew, with their sources.
 */
export const images = sqliteTable(
  "images",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    projectId: text("project_id").references(() => projects.id, { onDelete: "set null" }),
    kind: text("kind", { enum: ["upload", "generated", "visual"] }).notNull(),
    fileName: text("file_name").notNull(),
    mimeType: text("mime_type").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    bytes: integer("bytes").notNull(),
    presetId: text("preset_id"),
    template: text("template"),
    prompt: text("prompt"),
    style: text("style"),
    provider: text("provider", { enum: ["upload", "compositor", "model"] }).notNull(),
    model: text("model"),
    design: text("design", { mode: "json" }),
    proofFacts: text("proof_facts", { mode: "json" }).notNull().default(sql`'[]'`),
    productId: text("product_id"),
    pageId: text("page_id"),
    sourceImageIds: text("source_image_ids", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    parentId: text("parent_id"),
    batchId: text("batch_id"),
    /** The compositor's layout variation (0–7) the design was drawn with. */
    variant: integer("variant").notNull().default(0),
    notes: text("notes", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    r2Key: text("r2_key").notNull(),
    thumbKey: text("thumb_key").notNull(),
    /** Set when the merchant uses the image on a page: then /media/{id}.png serves it to anyone. */
    publishedAt: text("published_at"),
    createdAt: createdAt(),
  },
  (t) => [index("images_user_idx").on(t.userId, t.createdAt, t.id), index("images_user_product_idx").on(t.userId, t.productId)],
);
export type ImageRow = typeof images.$inferSelect;

/**
 * Every staff action (issue 16): who, what, on what, why and when. Append-only: the
 * migration's triggers refuse UPDATE and DELETE, and db/admin-audit.ts only inserts and reads.
 */
export const adminAuditLog = sqliteTable(
  "admin_audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** The staff member; kept as a number (no foreign key) so the trail outlives the account. */
    actorId: integer("actor_id").notNull(),
    actorEmail: text("actor_email").notNull(),
    /** A dotted verb, e.g. `user.disable`, `ticket.reply`, `commission.approve`. */
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    reason: text("reason").notNull(),
    details: text("details", { mode: "json" }).$type<Record<string, unknown>>().notNull().default(sql`'{}'`),
    createdAt: createdAt(),
  },
  (t) => [index("admin_audit_created_idx").on(t.createdAt, t.id), index("admin_audit_target_idx").on(t.targetType, t.targetId)],
);
export type AdminAuditRow = typeof adminAuditLog.$inferSelect;

/**
 * Help center (issue 16): how often each article was opened, and one "Was this helpful?" vote per
 * user per article. Articles live in the repo (app/server/help/articles); `article` is
 * "<category>/<slug>".
 */
export const helpArticleViews = sqliteTable("help_article_views", {
  article: text("article").primaryKey(),
  views: integer("views").notNull().default(0),
  updatedAt: updatedAt(),
});

export const helpArticleVotes = sqliteTable(
  "help_article_votes",
  {
    article: text("article").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    helpful: integer("helpful", { mode: "boolean" }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.article, t.userId] }), index("help_article_votes_user_idx").on(t.userId)],
);
export type HelpArticleVoteRow = typeof helpArticleVotes.$inferSelect;

// @help-tables (issue 16: help center and tutorials)

/**
 * Support tickets (issue 16): one per question, with its thread in support_messages. `respondBy`
 * is the paid plans' 24-hour first-response promise (null on the free plan); the screenshot
 * lives in R2 under `screenshotKey` and is served only to its owner and staff.
 */
export const supportTickets = sqliteTable(
  "support_tickets",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    subject: text("subject").notNull(),
    category: text("category").notNull(),
    status: text("status").notNull().default("open"),
    articleKey: text("article_key"),
    screenshotKey: text("screenshot_key"),
    screenshotType: text("screenshot_type"),
    /** The staff member it is assigned to; no foreign key so the ticket outlives the account. */
    assigneeId: integer("assignee_id"),
    respondBy: text("respond_by"),
    firstResponseAt: text("first_response_at"),
    createdAt: createdAt(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [index("support_tickets_user_idx").on(t.userId, t.updatedAt), index("support_tickets_status_idx").on(t.status, t.updatedAt)],
);
export type SupportTicketRow = typeof supportTickets.$inferSelect;

export const supportMessages = sqliteTable(
  "support_messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    ticketId: text("ticket_id")
      .notNull()
      .references(() => supportTickets.id, { onDelete: "cascade" }),
    author: text("author", { enum: ["user", "staff"] }).notNull(),
    /** The writer's display name at the time (the user's username, or the staff member's). */
    authorName: text("author_name").notNull(),
    authorId: integer("author_id").notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("support_messages_ticket_idx").on(t.ticketId, t.id)],
);
export type SupportMessageRow = typeof supportMessages.$inferSelect;

/** Feedback board (issue 16): ideas and bugs, one vote per user, the team's status and reply. */
export const feedbackItems = sqliteTable(
  "feedback_items",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["idea", "bug"] }).notNull(),
    title: text("title").notNull(),
    details: text("details").notNull(),
    status: text("status").notNull().default("under_review"),
    teamReply: text("team_reply"),
    teamReplyAt: text("team_reply_at"),
    createdAt: createdAt(),
  },
  (t) => [index("feedback_items_status_idx").on(t.status, t.createdAt)],
);
export type FeedbackItemRow = typeof feedbackItems.$inferSelect;

export const feedbackVotes = sqliteTable(
  "feedback_votes",
  {
    feedbackId: text("feedback_id")
      .notNull()
      .references(() => feedbackItems.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.feedbackId, t.userId] })],
);

// @support-tables (issue 16: support tickets and feedback)

/** Each affiliate's referral code, made on their first visit to the program (issue 16). */
export const affiliateCodes = sqliteTable("affiliate_codes", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  code: text("code").notNull().unique(),
  createdAt: createdAt(),
});

/** Visits through a referral link: one row per code, visitor and UTC day. */
export const affiliateClicks = sqliteTable(
  "affiliate_clicks",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    code: text("code").notNull(),
    /** A hash of the visitor's address and browser with the day: no address is stored. */
    visitorKey: text("visitor_key").notNull(),
    day: text("day").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("affiliate_clicks_once_a_day_idx").on(t.code, t.visitorKey, t.day)],
);

/** A signup credited to a referrer. A user is referred at most once. */
export const referrals = sqliteTable(
  "referrals",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    referrerId: integer("referrer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    referredUserId: integer("referred_user_id")
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    /** The referred email as one mailbox (no +tags, Gmail dots): a second account of the same inbox is not credited again. */
    referredEmailCanonical: text("referred_email_canonical").notNull(),
    firstSeenAt: text("first_seen_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("referrals_referrer_idx").on(t.referrerId), index("referrals_email_idx").on(t.referredEmailCanonical)],
);

/**
 * Commission on a referred customer's payment, or a negative adjustment after a partial refund
 * (or a refund of a commission already paid out). source_id makes each Stripe payment count once.
 */
export const affiliateCommissions = sqliteTable(
  "affiliate_commissions",
  {
    id: text("id").primaryKey(),
    referrerId: integer("referrer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    referralId: integer("referral_id").notNull(),
    kind: text("kind", { enum: ["commission", "adjustment"] }).notNull(),
    /** The commission an adjustment corrects. */
    parentId: text("parent_id"),
    /** The invoice or checkout session paid (commission), or the refund/dispute event (adjustment). */
    sourceId: text("source_id").notNull().unique(),
    invoiceId: text("invoice_id"),
    paymentIntentId: text("payment_intent_id"),
    chargeId: text("charge_id"),
    amountPaidCents: integer("amount_paid_cents").notNull(),
    currency: text("currency").notNull(),
    amountCents: integer("amount_cents").notNull(),
    status: text("status", { enum: ["pending", "approved", "paid", "reversed"] }).notNull(),
    paidAt: text("paid_at").notNull(),
    approvableAt: text("approvable_at").notNull(),
    approvedAt: text("approved_at"),
    payoutId: text("payout_id"),
    reversedAt: text("reversed_at"),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [
    index("affiliate_commissions_referrer_idx").on(t.referrerId, t.status),
    index("affiliate_commissions_status_idx").on(t.status, t.createdAt),
  ],
);
export type AffiliateCommissionRow = typeof affiliateCommissions.$inferSelect;

/** One payment to an affiliate of all their approved commissions. */
export const affiliatePayouts = sqliteTable(
  "affiliate_payouts",
  {
    id: text("id").primaryKey(),
    referrerId: integer("referrer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    amountCents: integer("amount_cents").notNull(),
    commissionCount: integer("commission_count").notNull(),
    method: text("method").notNull(),
    createdBy: integer("created_by").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("affiliate_payouts_referrer_idx").on(t.referrerId, t.createdAt)],
);

/** Applications to join the partner directory, reviewed by staff. */
export const partnerApplications = sqliteTable(
  "partner_applications",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    company: text("company").notNull(),
    website: text("website").notNull(),
    contactEmail: text("contact_email").notNull(),
    category: text("category").notNull(),
    message: text("message").notNull(),
    status: text("status", { enum: ["new", "approved", "rejected"] }).notNull().default("new"),
    decidedAt: text("decided_at"),
    decidedBy: integer("decided_by"),
    createdAt: createdAt(),
  },
  (t) => [index("partner_applications_status_idx").on(t.status, t.createdAt)],
);
export type PartnerApplicationRow = typeof partnerApplications.$inferSelect;

// @affiliate-tables (issue 16: affiliate program and partners)

// @admin-tables (issue 16: admin area, disabled accounts, catalog jobs)

/** Tutorial steps the user ticked by hand (app/domain/tutorials.ts); steps with a record tick themselves. */
export const tutorialStepTicks = sqliteTable(
  "tutorial_step_ticks",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tutorialId: text("tutorial_id").notNull(),
    stepId: text("step_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tutorialId, t.stepId] })],
);

// @tutorials-tables (issue 16: tutorials progress)

/**
 * The payment provider's last word on each user's subscription, as the applied Stripe webhook
 * events carried it (merged like our own row, in the same batch). /subscription-sync compares our
 * `subscriptions` row with it offline; with STRIPE_SECRET_KEY set it asks Stripe instead.
 */
export const billingProviderStates = sqliteTable("billing_provider_states", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  plan: text("plan"),
  status: text("status"),
  customerId: text("customer_id"),
  subscriptionId: text("subscription_id"),
  cancelAtPeriodEnd: integer("cancel_at_period_end", { mode: "boolean" }),
  currentPeriodEnd: text("current_period_end"),
  /** The Stripe event (or claimed purchase) that last changed it. */
  lastEventId: text("last_event_id").notNull(),
  lastEventType: text("last_event_type").notNull(),
  /** `created` (Unix seconds) of that event; null for a claimed purchase. */
  eventCreated: integer("event_created"),
  updatedAt: updatedAt(),
});
export type BillingProviderStateRow = typeof billingProviderStates.$inferSelect;

// @integrations-tables (issue 16: newsletter, subscription sync)

/**
 * The AI Launcher (issue 28, ADR 022). One connected Meta ad account per merchant: its access
 * token sealed like store tokens (AES-GCM under STORE_TOKEN_KEY, bound to the owner and the
 * account), and `blockedUntil` (epoch ms) when Meta's usage headers asked us to back off.
 */
export const adAccounts = sqliteTable("ad_accounts", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  adAccountId: text("ad_account_id").notNull(),
  pageId: text("page_id").notNull(),
  pageName: text("page_name"),
  /** Optional Meta pixel (migration 0027): with it ad sets optimise for purchases. */
  pixelId: text("pixel_id"),
  name: text("name").notNull(),
  currency: text("currency").notNull(),
  timeZone: text("time_zone").notNull(),
  status: text("status").notNull(),
  sealedToken: text("sealed_token").notNull(),
  isDev: integer("is_dev", { mode: "boolean" }).notNull().default(false),
  blockedUntil: integer("blocked_until"),
  connectedAt: text("connected_at")
    .notNull()
    .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
});
export type AdAccountRow = typeof adAccounts.$inferSelect;

/**
 * A launch: what the merchant asked for (`spec`: creatives, copy, call to action, audience) and
 * where it stands. `chargedAt` is set when its one `launchers` use was committed (a success);
 * failed attempts are refunded, so a launch is never charged twice.
 */
export const adLaunches = sqliteTable(
  "ad_launches",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    state: text("state", { enum: ["draft", "launching", "failed", "paused", "active", "deleted"] }).notNull(),
    productRef: text("product_ref").notNull(),
    productTitle: text("product_title").notNull(),
    destinationUrl: text("destination_url").notNull(),
    dailyBudgetCents: integer("daily_budget_cents").notNull(),
    currency: text("currency").notNull(),
    adAccountId: text("ad_account_id").notNull(),
    pageId: text("page_id").notNull(),
    isDev: integer("is_dev", { mode: "boolean" }).notNull().default(false),
    spec: text("spec", { mode: "json" }).notNull(),
    error: text("error"),
    insights: text("insights", { mode: "json" }),
    chargedAt: text("charged_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("ad_launches_user_idx").on(t.userId, t.createdAt)],
);
export type AdLaunchRow = typeof adLaunches.$inferSelect;

/** Every object a launch made at Meta, recorded the moment Meta answered its id. */
export const adLaunchObjects = sqliteTable(
  "ad_launch_objects",
  {
    launchId: text("launch_id")
      .notNull()
      .references(() => adLaunches.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["campaign", "adset", "image", "creative", "ad"] }).notNull(),
    label: text("label").notNull(),
    metaId: text("meta_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.launchId, t.kind, t.label] })],
);
export type AdLaunchObjectRow = typeof adLaunchObjects.$inferSelect;

/** The offline dev ad account's Graph state (app/server/ad-launcher/dev-ad-account.ts); DEV_TOOLS only. */
export const devAdAccountState = sqliteTable("dev_ad_account_state", {
  accountId: text("account_id").primaryKey(),
  state: text("state").notNull(),
  updatedAt: updatedAt(),
});

/** The images uploaded to the dev ad account, by hash, so /dev/ads can show them. */
export const devAdImages = sqliteTable("dev_ad_images", {
  hash: text("hash").primaryKey(),
  mimeType: text("mime_type").notNull(),
  dataBase64: text("data_base64").notNull(),
});
