/**
 * The libSQL side of db/client.ts: the same query modules on a libSQL database, an embedded file
 * (the libSQL test stage) or a libSQL server over HTTP (a deployment with LIBSQL_URL set, README).
 * Its own module so a D1 deployment never loads the libSQL client: workers import it lazily.
 */
import { createClient, type Client } from "@libsql/client/web";
import { drizzle } from "drizzle-orm/libsql/web";
import type { Database } from "./client";
import * as schema from "./schema";

/** A drizzle database over a libSQL client (any: the web client here, or Node's for a file). */
export function createLibsqlDb(client: Client): Database {
  // LibSQLDatabase and the D1 database are the same BaseSQLiteDatabase but for run()'s result and
  // $client, which Database leaves as a union (client.ts reads both shapes).
  return drizzle(client, { schema }) as unknown as Database;
}

export interface LibsqlServer {
  LIBSQL_URL: string;
  LIBSQL_AUTH_TOKEN?: string;
}

// One HTTP client per server URL for the isolate's life, like databaseFor's one database per D1 binding.
const servers = new Map<string, Database>();

/**
 * The database on a libSQL server (`libsql://`, `https://` or `http://` URL): every query is an
 * HTTP request from the Worker to that server.
 */
export function libsqlServerDatabase(env: LibsqlServer): Database {
  const key = `${env.LIBSQL_URL}\n${env.LIBSQL_AUTH_TOKEN ?? ""}`;
  let db = servers.get(key);
  if (!db) {
    db = createLibsqlDb(createClient({ url: env.LIBSQL_URL, authToken: env.LIBSQL_AUTH_TOKEN }));
    servers.set(key, db);
  }
  return db;
}
