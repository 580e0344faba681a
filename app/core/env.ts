import { z } from "zod";

/**
 * Every environment variable the Worker reads, validated once per isolate.
 * Defaults are the local, offline ones so `npm start` needs no `.dev.vars`.
 */
export const envSchema = z.object({
  APP_ENV: z.enum(["development", "test", "production"]).default("development"),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
  /** Public origin used in emails and absolute links; derived from the request when unset. */
  APP_URL: z.url({ message: "APP_URL must be an absolute http(s) URL, e.g. https://app.dropcraft.ai" }).optional(),
  /** Support address shown in error toasts and legal pages. */
  SUPPORT_EMAIL: z.email({ message: "SUPPORT_EMAIL must be an email address" }).default("support@dropcraft.ai"),
  /** External Ecom Academy link in the sidebar. */
  ACADEMY_URL: z.url({ message: "ACADEMY_URL must be an absolute URL" }).default("https://academy.dropcraft.ai"),
});

export type AppEnv = z.infer<typeof envSchema>;

export class EnvError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid environment configuration:\n  - ${issues.join("\n  - ")}`);
    this.name = "EnvError";
  }
}

/** Parses the raw bindings; throws EnvError naming each bad variable. */
export function parseEnv(raw: Record<string, unknown>): AppEnv {
  const picked: Record<string, unknown> = {};
  for (const key of Object.keys(envSchema.shape)) {
    const value = raw[key];
    // Treat empty strings from .dev.vars as unset so the defaults apply.
    if (value !== undefined && value !== "") picked[key] = value;
  }
  const result = envSchema.safeParse(picked);
  if (!result.success) {
    throw new EnvError(result.error.issues.map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`));
  }
  return result.data;
}

const cache = new WeakMap<object, AppEnv>();

/** Typed accessor: validates on first use for a given bindings object, then reuses the result. */
export function getEnv(bindings: object): AppEnv {
  let parsed = cache.get(bindings);
  if (!parsed) {
    parsed = parseEnv(bindings as Record<string, unknown>);
    cache.set(bindings, parsed);
  }
  return parsed;
}
