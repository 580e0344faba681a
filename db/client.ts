import type { Client as LibsqlClient, ResultSet } from "@libsql/client";
import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import { drizzle, DrizzleD1Database } from "drizzle-orm/d1";
import { SQLiteD1Session } from "drizzle-orm/d1/session";
import type { RelationalSchemaConfig, TablesRelationalConfig } from "drizzle-orm/relations";
import type { BaseSQLiteDatabase, SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import * as schema from "./schema";

/**
 * The drizzle database the query modules take as their first argument: D1 (the Worker's binding,
 * or a D1 session for read replication) or libSQL (an embedded file in tests, a libSQL server in
 * a deployment that points at one). Both drivers build the same SQLite queries; what differs is
 * the result of a bare `run()` (D1's `meta.changes`, libSQL's `rowsAffected`) and the raw client
 * underneath, so neither shape is in this type: modules read a run's changes with `changedRows`
 * and send hand-written statements with `runStatements`, both below.
 */
export type Database = BaseSQLiteDatabase<"async", D1Result | ResultSet, typeof schema> & {
  batch<U extends BatchItem<"sqlite">, T extends Readonly<[U, ...U[]]>>(batch: T): Promise<BatchResponse<T>>;
  $client: D1Database | D1DatabaseSession | LibsqlClient;
};

/** What a D1 database or session offers; drizzle's D1 driver calls only these two. */
type D1Like = Pick<D1Database, "prepare" | "batch">;

/** A drizzle database over a D1 binding or a D1 session. */
export function createDb(d1: D1Database | D1DatabaseSession): Database {
  // drizzle-orm 0.45's types name only D1Database, but its D1 session calls just prepare() and
  // batch(), which a D1DatabaseSession has too (tests/integration/d1-sessions.test.ts).
  return drizzle(d1 as D1Database, { schema }) as unknown as Database;
}

// drizzle() walks the whole schema to build its relational config (~0.1-0.2 ms, measured), and a
// D1 binding is fixed for the isolate's life: build the database once per binding, not per request.
const databases = new WeakMap<D1Database, Database>();

/** The request path's database: one per D1 binding for the isolate's life. */
export function databaseFor(d1: D1Database): Database {
  let db = databases.get(d1);
  if (!db) {
    db = createDb(d1);
    databases.set(d1, db);
  }
  return db;
}

/**
 * A database from either a drizzle database or a raw D1 binding, for the few functions that a
 * Durable Object or a seed script calls with the binding it holds: they run on libSQL as well.
 */
export function asDatabase(target: Database | D1Database): Database {
  return "$client" in target ? target : databaseFor(target);
}

/** The bindings that choose a deployment's database: D1, unless LIBSQL_URL names a libSQL server. */
export interface DatabaseBindings {
  DB: D1Database;
  LIBSQL_URL?: string;
  LIBSQL_AUTH_TOKEN?: string;
}

/**
 * A deployment's database: the libSQL server at LIBSQL_URL when it is set, else the D1 binding.
 * The libSQL client loads only then (db/libsql.ts, imported lazily), so a D1 deployment's
 * isolates never evaluate it. README "Running on a libSQL server" says which call sites use it.
 */
export async function deploymentDatabase(env: DatabaseBindings): Promise<Database> {
  if (!env.LIBSQL_URL) return databaseFor(env.DB);
  const { libsqlServerDatabase } = await import("./libsql");
  return libsqlServerDatabase({ LIBSQL_URL: env.LIBSQL_URL, LIBSQL_AUTH_TOKEN: env.LIBSQL_AUTH_TOKEN });
}

// ---------------------------------------------------------------------------------------------
// D1 read replication (the Sessions API)
// ---------------------------------------------------------------------------------------------

/** The cookie that carries a user's last D1 bookmark between their requests. */
export const BOOKMARK_COOKIE = "db_bookmark";

/**
 * A request's database on a D1 session: with read replication on, its reads may go to a replica,
 * but never one older than `bookmark` (the point the user's own last request reached), so a user
 * reads their own writes. With no bookmark the first query may go anywhere ("first-unconstrained"):
 * a user with no recent request has no write to wait for. `bookmark()` is where this request left
 * the database, for the next one. Without replication every session reads the primary.
 */
export function databaseSessionFor(d1: D1Database, bookmark: string | null): { db: Database; bookmark(): string | null } {
  const session = d1.withSession(bookmark ?? "first-unconstrained");
  return { db: onSession(databaseFor(d1), session), bookmark: () => session.getBookmark() ?? bookmark };
}

/**
 * `base`'s drizzle database on a D1 session, reusing base's dialect and relational config: a
 * session is per request, and drizzle() rebuilding the config from the schema costs about ten
 * times as much (1.1 ms against 0.1 ms a request, measured on a busy 2-core machine).
 */
function onSession(base: Database, session: D1DatabaseSession): Database {
  const { dialect, _ } = base as unknown as { dialect: SQLiteAsyncDialect; _: RelationalSchemaConfig<TablesRelationalConfig> };
  const config = { fullSchema: _.fullSchema, schema: _.schema, tableNamesMap: _.tableNamesMap };
  const db = new DrizzleD1Database("async", dialect, new SQLiteD1Session(session as unknown as D1Database, dialect, config, {}), config);
  return Object.assign(db, { $client: session }) as unknown as Database;
}

/** The bookmark a request carries: its `db_bookmark` cookie, if it looks like one. */
export function bookmarkFromCookies(cookieHeader: string | null | undefined): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name !== BOOKMARK_COOKIE) continue;
    const value = rest.join("=");
    // D1 bookmarks are short hex-and-dash tokens; anything else is not ours to hand D1.
    return /^[\w-]{1,200}$/.test(value) ? value : null;
  }
  return null;
}

/**
 * The Set-Cookie that carries `bookmark` to the user's next request, or null when it did not move.
 * Five minutes: replicas lag by seconds, so an older bookmark no longer changes where reads go.
 */
export function bookmarkCookie(before: string | null, after: string | null, secure: boolean): string | null {
  if (!after || after === before) return null;
  return `${BOOKMARK_COOKIE}=${after}; Path=/; Max-Age=300; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * An API request's database: a D1 session anchored at the bookmark the user's browser carries.
 * `cookieFor(response, signedIn)` is the Set-Cookie that carries the bookmark this request reached
 * to the user's next request, so it reads at least what this one wrote: only after a write
 * (an unsafe method) by a signed-in user or one that signs in (the response sets a cookie), so an
 * anonymous visitor (a drop page's beacon) gets no cookie and a cacheable GET no Set-Cookie.
 * Null when there is nothing to carry.
 */
export function requestDatabase(d1: D1Database, request: Request): { db: Database; cookieFor(response: Response, signedIn: boolean): string | null } {
  const before = bookmarkFromCookies(request.headers.get("cookie"));
  const session = databaseSessionFor(d1, before);
  const wrote = !SAFE_METHODS.has(request.method);
  return {
    db: session.db,
    cookieFor(response, signedIn) {
      // A WebSocket upgrade (101) cannot take a header.
      if (!wrote || response.status === 101 || !(signedIn || response.headers.has("set-cookie"))) return null;
      return bookmarkCookie(before, session.bookmark(), new URL(request.url).protocol === "https:");
    },
  };
}

// ---------------------------------------------------------------------------------------------
// What differs between the drivers
// ---------------------------------------------------------------------------------------------

/** Rows a `run()` changed, whichever driver ran it (D1: `meta.changes`; libSQL: `rowsAffected`). */
export function changedRows(result: D1Result | ResultSet): number {
  return "meta" in result ? result.meta.changes : result.rowsAffected;
}

/** A hand-written statement: SQL with `?` or `?N` placeholders and its values. */
export interface Statement {
  sql: string;
  args: readonly unknown[];
}

const isLibsql = (client: Database["$client"]): client is LibsqlClient => "execute" in client;

/**
 * Runs hand-written statements as one atomic batch and answers each one's changed rows. Bulk
 * writes that drizzle's builder cannot express (JSON-parameter upserts) go through here rather
 * than through the D1 binding, so they run on libSQL too.
 */
export async function runStatements(db: Database, statements: readonly Statement[]): Promise<number[]> {
  if (!statements.length) return [];
  const client = db.$client;
  if (isLibsql(client)) {
    const results = await client.batch(
      statements.map((s) => ({ sql: s.sql, args: s.args as never })),
      "write",
    );
    return results.map((r) => r.rowsAffected);
  }
  const d1 = client as D1Like;
  const results = await d1.batch(statements.map((s) => d1.prepare(s.sql).bind(...s.args)));
  return results.map((r) => r.meta.changes);
}

/** The first row of a hand-written query, or null. */
export async function firstRow<T>(db: Database, statement: Statement): Promise<T | null> {
  const client = db.$client;
  if (isLibsql(client)) {
    const result = await client.execute({ sql: statement.sql, args: statement.args as never });
    const row = result.rows[0];
    return row ? (Object.fromEntries(result.columns.map((c) => [c, row[c]])) as T) : null;
  }
  return (client as D1Like).prepare(statement.sql).bind(...statement.args).first<T>();
}
