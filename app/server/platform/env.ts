import { z } from "zod";
import type { WorkersAiBinding } from "~/server/ai/workers-ai";

/**
 * Every environment variable the Worker reads, validated once per isolate.
 * Defaults are the local, offline ones so `npm start` needs no `.dev.vars`.
 */
/** Signs session tokens locally; production refuses to start with it (see parseEnv). */
export const DEV_AUTH_SECRET = "dev-only-auth-secret-change-me-in-production-0123456789";

/** Local webhook secret: the dev checkout signs with it, so the real webhook path runs offline. */
export const DEV_STRIPE_WEBHOOK_SECRET = "whsec_dropcraft_local_development_only";

/** Encrypts store-connection access tokens locally; production refuses to start with it (see parseEnv). */
export const DEV_STORE_TOKEN_KEY = "dev-only-store-token-key-change-me-in-production-0123456789";

export const envSchema = z.object({
  APP_ENV: z.enum(["development", "test", "production"]).default("development"),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
  /**
   * Public origin of every emailed and redirect link. Required unless DEV_TOOLS is on: a link
   * must never follow a request's Host header (a forged Host would receive reset tokens).
   */
  APP_URL: z
    .url({ message: "APP_URL must be an absolute http(s) URL, e.g. https://app.dropcraft.ai" })
    .refine((url) => /^https?:\/\//.test(url), { message: "APP_URL must start with http:// or https://" })
    .optional(),
  /**
   * "on" turns on the local development tools: the email outbox (/dev/outbox and its API), the
   * free test checkout, and links built from the request's own origin. Off unless a local run
   * (npm start, npm run dev, the test suites) turns it on; production refuses it.
   */
  DEV_TOOLS: z.enum(["on", "off"], { message: 'DEV_TOOLS must be "on" or "off"' }).default("off"),
  /** Support address shown in error toasts and legal pages. */
  SUPPORT_EMAIL: z.email({ message: "SUPPORT_EMAIL must be an email address" }).default("support@dropcraft.ai"),
  /** External Ecom Academy link in the sidebar. */
  ACADEMY_URL: z.url({ message: "ACADEMY_URL must be an absolute URL" }).default("https://academy.dropcraft.ai"),

  /** HMAC key for session JWTs (32+ characters) and its key id; rotate by moving it to PREVIOUS. */
  AUTH_SECRET: z.string().min(32, { message: "AUTH_SECRET must be at least 32 characters" }).default(DEV_AUTH_SECRET),
  AUTH_KEY_ID: z.string().min(1).max(32).default("k1"),
  AUTH_PREVIOUS_SECRET: z.string().min(32, { message: "AUTH_PREVIOUS_SECRET must be at least 32 characters" }).optional(),
  AUTH_PREVIOUS_KEY_ID: z.string().min(1).max(32).optional(),
  /** How long a sign-in lasts. */
  SESSION_TTL_DAYS: z.coerce.number({ message: "SESSION_TTL_DAYS must be a number" }).int().min(1).max(365).default(30),
  /** Key material (32+ characters) store-connection access tokens are encrypted with at rest (app/server/store-export/token-crypto.ts). */
  STORE_TOKEN_KEY: z.string().min(32, { message: "STORE_TOKEN_KEY must be at least 32 characters" }).default(DEV_STORE_TOKEN_KEY),

  /** Sender of every email. */
  EMAIL_FROM: z.string().min(3).default("Dropcraft <hello@dropcraft.ai>"),
  /** Set to send email through Resend; unset keeps the embedded outbox. */
  RESEND_API_KEY: z.string().min(1).optional(),
  RESEND_BASE_URL: z.url({ message: "RESEND_BASE_URL must be an absolute URL" }).default("https://api.resend.com"),

  /** Signing secret of the Stripe webhook endpoint; the local default signs the dev checkout's events. */
  STRIPE_WEBHOOK_SECRET: z.string().min(10, { message: "STRIPE_WEBHOOK_SECRET must be the endpoint's whsec_… secret" }).default(DEV_STRIPE_WEBHOOK_SECRET),
  /** Stripe Payment Links for Growth; unset: the offline dev checkout. */
  STRIPE_PAYMENT_LINK_MONTHLY: z.url({ message: "STRIPE_PAYMENT_LINK_MONTHLY must be a URL" }).optional(),
  STRIPE_PAYMENT_LINK_YEARLY: z.url({ message: "STRIPE_PAYMENT_LINK_YEARLY must be a URL" }).optional(),
  /** Stripe customer portal login link for paid users. */
  STRIPE_PORTAL_URL: z.url({ message: "STRIPE_PORTAL_URL must be a URL" }).optional(),
  /** Secret API key (sk_…): /subscription-sync and a paid checkout read subscriptions from Stripe; unset: from the applied webhook events. */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_API_BASE_URL: z.url({ message: "STRIPE_API_BASE_URL must be an absolute URL" }).default("https://api.stripe.com"),

  /** Set to add newsletter sign-ups to Omnisend as subscribed contacts; unset keeps the local subscriber list only. */
  OMNISEND_API_KEY: z.string().min(1).optional(),
  /** Omnisend's dated-version API base (the adapter sends Omnisend-Version); the legacy /v3 and /v5 bases are refused. */
  OMNISEND_BASE_URL: z
    .url({ message: "OMNISEND_BASE_URL must be an absolute URL" })
    .refine((u) => !/\/v[35]\/?$/.test(u), { message: "OMNISEND_BASE_URL points at Omnisend's legacy API (/v3 or /v5); use https://api.omnisend.com/api" })
    .default("https://api.omnisend.com/api"),

  /**
   * An OpenAI-compatible chat completions endpoint (OpenAI, OpenRouter, Groq, Ollama, vLLM), e.g.
   * https://api.openai.com/v1. Unset: the built-in analyst answers offline from the sample catalog.
   */
  AI_BASE_URL: z.url({ message: "AI_BASE_URL must be the provider's base URL, e.g. https://api.openai.com/v1" }).optional(),
  /** Bearer key for AI_BASE_URL; may stay unset for local servers such as Ollama. */
  AI_API_KEY: z.string().min(1).optional(),
  /** Model name sent to AI_BASE_URL. */
  AI_MODEL: z.string().min(1).max(200).optional(),
  /**
   * The Workers AI binding (`[ai] binding = "AI"`, in wrangler.toml's production environment): the
   * model when AI_BASE_URL is unset. Deploy-only, as it needs a remote session.
   */
  AI: z
    .custom<WorkersAiBinding>((v) => typeof v === "object" && v !== null && typeof (v as { run?: unknown }).run === "function", {
      message: "AI must be the Workers AI binding ([ai] binding = \"AI\" in wrangler.toml)",
    })
    .optional(),
  /** The Workers AI text model the AI binding runs, e.g. @cf/meta/llama-3.3-70b-instruct-fp8-fast. */
  WORKERS_AI_MODEL: z.string().min(1).max(200).optional(),
  /**
   * "on" lets a production deployment answer chat with the built-in analyst (sample catalog and the
   * merchant's own figures, no model). Without it, production refuses to start with no model configured.
   */
  ALLOW_OFFLINE_ANALYST: z.enum(["on", "off"]).default("off"),
  /**
   * An OpenAI-compatible images endpoint (POST /images/generations and /images/edits), e.g.
   * https://api.openai.com/v1. Unset: the built-in compositor makes every image offline.
   */
  IMAGE_BASE_URL: z.url({ message: "IMAGE_BASE_URL must be the provider's base URL, e.g. https://api.openai.com/v1" }).optional(),
  /** Bearer key for IMAGE_BASE_URL. */
  IMAGE_API_KEY: z.string().min(1).optional(),
  /** Image model name sent to IMAGE_BASE_URL, e.g. gpt-image-2. */
  IMAGE_MODEL: z.string().min(1).max(200).optional(),
  /**
   * Pause between the built-in analyst's streamed pieces, in ms: it writes a whole answer at once,
   * and a pace like a model's lets the merchant read along (and stop it). 0 streams at once.
   */
  ANALYST_PACE_MS: z.coerce.number({ message: "ANALYST_PACE_MS must be a number" }).int().min(0).max(1000).default(12),
  /**
   * "on" lets the URL guard (app/server/web/url-guard.ts) fetch the test suites' local servers:
   * 127.0.0.1, [::1] or localhost on an explicit port other than 80/443, nothing else (never
   * 10.x, 169.254.x…). Off unless the workerd tests turn it on; production refuses it.
   */
  URL_GUARD_ALLOW_LOOPBACK: z.enum(["on", "off"], { message: 'URL_GUARD_ALLOW_LOOPBACK must be "on" or "off"' }).default("off"),
  /**
   * Tests and local runs only: store export sends Shopify Admin API requests to
   * `${SHOPIFY_ADMIN_BASE_URL}/<shop>.myshopify.com/admin/api/…` (a server speaking the protocol,
   * app/server/store-export/fake-admin-api.ts) instead of the real store. Production refuses it.
   */
  SHOPIFY_ADMIN_BASE_URL: z.url({ message: "SHOPIFY_ADMIN_BASE_URL must be an absolute URL, e.g. http://127.0.0.1:8788" }).optional(),
  /**
   * The Meta Graph API's origin for the AI Launcher (app/server/ad-launcher/meta-graph.ts). Tests
   * point it at a local server speaking the protocol (tests/integration/fake-meta-graph.ts).
   */
  META_GRAPH_BASE_URL: z.url({ message: "META_GRAPH_BASE_URL must be an absolute URL, e.g. https://graph.facebook.com" }).default("https://graph.facebook.com"),
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
  const env = result.data;
  const problems: string[] = [];
  if (env.APP_ENV === "production" && env.AUTH_SECRET === DEV_AUTH_SECRET) {
    problems.push("AUTH_SECRET: set a secret of your own in production (wrangler secret put AUTH_SECRET)");
  }
  if (env.APP_ENV === "production" && env.STORE_TOKEN_KEY === DEV_STORE_TOKEN_KEY) {
    problems.push("STORE_TOKEN_KEY: set a key of your own in production (wrangler secret put STORE_TOKEN_KEY)");
  }
  if (env.APP_ENV === "production" && env.STRIPE_WEBHOOK_SECRET === DEV_STRIPE_WEBHOOK_SECRET) {
    problems.push("STRIPE_WEBHOOK_SECRET: set the endpoint secret from the Stripe dashboard in production");
  }
  if (env.APP_ENV === "production" && env.DEV_TOOLS === "on") {
    problems.push("DEV_TOOLS: the development tools (outbox, free test checkout) cannot be on in production");
  }
  if (env.APP_ENV === "production" && env.URL_GUARD_ALLOW_LOOPBACK === "on") {
    problems.push("URL_GUARD_ALLOW_LOOPBACK: the test-only loopback allowance of the URL guard cannot be on in production");
  }
  if (env.APP_ENV === "production" && env.SHOPIFY_ADMIN_BASE_URL) {
    problems.push("SHOPIFY_ADMIN_BASE_URL: store export must reach the merchant's real store in production; unset it");
  }
  if (env.APP_ENV === "production" && env.META_GRAPH_BASE_URL !== "https://graph.facebook.com") {
    problems.push("META_GRAPH_BASE_URL: the AI Launcher must reach Meta's real Graph API in production; unset it");
  }
  if (!env.APP_URL && env.DEV_TOOLS !== "on") {
    problems.push("APP_URL: set the public origin used in emailed links, e.g. https://app.dropcraft.ai (or DEV_TOOLS=on for a local run)");
  }
  if (Boolean(env.STRIPE_PAYMENT_LINK_MONTHLY) !== Boolean(env.STRIPE_PAYMENT_LINK_YEARLY)) {
    problems.push("STRIPE_PAYMENT_LINK_YEARLY: set both Payment Links (monthly and yearly), or neither for the dev checkout");
  }
  if (env.APP_ENV === "production" && !env.AI_BASE_URL && !env.AI && env.ALLOW_OFFLINE_ANALYST !== "on") {
    problems.push(
      "AI_BASE_URL: production needs a model for chat; deploy with the Workers AI binding (wrangler deploy --env production), or set AI_BASE_URL and AI_MODEL (and AI_API_KEY), or ALLOW_OFFLINE_ANALYST=on to answer with the built-in analyst",
    );
  }
  if (env.AI_BASE_URL && !env.AI_MODEL) {
    problems.push("AI_MODEL: set the model name to use with AI_BASE_URL, e.g. gpt-4o-mini");
  }
  if (env.IMAGE_BASE_URL && !env.IMAGE_MODEL) {
    problems.push("IMAGE_MODEL: set the image model to use with IMAGE_BASE_URL, e.g. gpt-image-2");
  }
  if (Boolean(env.AUTH_PREVIOUS_SECRET) !== Boolean(env.AUTH_PREVIOUS_KEY_ID)) {
    problems.push("AUTH_PREVIOUS_KEY_ID: set both AUTH_PREVIOUS_SECRET and AUTH_PREVIOUS_KEY_ID, or neither");
  }
  if (env.AUTH_PREVIOUS_KEY_ID && env.AUTH_PREVIOUS_KEY_ID === env.AUTH_KEY_ID) {
    problems.push("AUTH_PREVIOUS_KEY_ID: must differ from AUTH_KEY_ID");
  }
  if (problems.length) throw new EnvError(problems);
  return env;
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

/** True when the local development tools are on (DEV_TOOLS=on, never in production). */
export function devToolsEnabled(config: AppEnv): boolean {
  return config.DEV_TOOLS === "on";
}

/** The origin of emailed and redirect links: APP_URL, or on a local run the request's own. */
export function publicOrigin(config: AppEnv, requestUrl: string): string {
  const origin = config.APP_URL ?? (devToolsEnabled(config) ? new URL(requestUrl).origin : undefined);
  // parseEnv guarantees one of the two; this guards a config built by hand.
  if (!origin) throw new EnvError(["APP_URL: not set"]);
  return origin.replace(/\/$/, "");
}
