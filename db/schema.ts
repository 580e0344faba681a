import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

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
