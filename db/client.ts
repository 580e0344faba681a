import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

/** The drizzle database the query modules take as their first argument. */
export function createDb(d1: D1Database) {
  return drizzle(d1, { schema });
}

export type Database = ReturnType<typeof createDb>;

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
