import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

/** The drizzle database the query modules take as their first argument. */
export function createDb(d1: D1Database) {
  return drizzle(d1, { schema });
}

export type Database = ReturnType<typeof createDb>;
