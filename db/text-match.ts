import { sql, type SQLWrapper } from "drizzle-orm";

/**
 * Whether `column` contains `text`, literally (no wildcards exist here, so `%`, `_` and `\` are
 * themselves) and ignoring the case of ASCII letters, as SQLite's LIKE would. Not LIKE: D1
 * refuses LIKE patterns over 50 bytes ("LIKE or GLOB pattern too complex"), and a search may be
 * 200 characters long. Every "contains" filter in db/ uses this one.
 */
export const containsText = (column: SQLWrapper, text: string) => sql`instr(lower(${column}), lower(${text})) > 0`;
