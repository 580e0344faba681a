/**
 * Which unique constraint a failed write broke, read from the driver's own error (D1's
 * "UNIQUE constraint failed: …" or libSQL's SQLITE_CONSTRAINT_UNIQUE code), never from
 * drizzle's wrapper: its message quotes the SQL and the parameters, so a username that
 * happens to contain "UNIQUE" must not look like a clash.
 *
 * Returns the constraint's target ("stripe_events.id", "index 'users_email_lower_idx'"), or
 * null when the error is not a unique violation.
 */
export function uniqueViolation(err: unknown): string | null {
  let current: unknown = err;
  for (let depth = 0; current && depth < 6; depth++) {
    const e = current as { message?: unknown; code?: unknown; extendedCode?: unknown; cause?: unknown };
    const message = typeof e.message === "string" ? e.message : "";
    const isDrizzleWrapper = message.startsWith("Failed query:");
    if (!isDrizzleWrapper) {
      const match = /UNIQUE constraint failed: ([^\n]+?)(?::\s*SQLITE_CONSTRAINT.*)?$/m.exec(message);
      if (match) return match[1].trim();
      if (e.code === "SQLITE_CONSTRAINT_UNIQUE" || e.extendedCode === "SQLITE_CONSTRAINT_UNIQUE" || e.extendedCode === "SQLITE_CONSTRAINT_PRIMARYKEY") {
        return "unknown";
      }
    }
    current = e.cause;
  }
  return null;
}
