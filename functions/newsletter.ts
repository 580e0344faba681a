import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import { NewsletterSignupResultSchema, NewsletterSignupSchema } from "~/domain/contracts/platform";
import { createOmnisendNewsletter, subscribeToNewsletter, type NewsletterProvider } from "~/server/newsletter/newsletter";
import { createRouter, type ApiEnv } from "./context";
import { ErrorSchema } from "./openapi";
import { enforceRateLimit } from "./services";
import { clientIp } from "./session";

/** Omnisend when OMNISEND_API_KEY is set; otherwise the local subscribers table alone. */
function newsletterProviderFor(c: Context<ApiEnv>): NewsletterProvider | null {
  const config = c.var.config;
  if (!config.OMNISEND_API_KEY) return null;
  return createOmnisendNewsletter({ apiKey: config.OMNISEND_API_KEY, baseUrl: config.OMNISEND_BASE_URL, log: c.var.log });
}

// Path kept from the spec's client.
export const newsletter = createRouter().openapi(
  createRoute({
    method: "post",
    path: "/omnisend/newsletter-signup",
    summary: "Subscribe an email address to the newsletter",
    description: "Stored in our subscriber list, and in Omnisend as a subscribed contact when OMNISEND_API_KEY is set. Subscribing twice is harmless.",
    request: { body: { required: true, content: { "application/json": { schema: NewsletterSignupSchema } } } },
    responses: {
      200: { description: "Subscribed", content: { "application/json": { schema: NewsletterSignupResultSchema } } },
      400: { description: "Invalid email", content: { "application/json": { schema: ErrorSchema } } },
      429: { description: "Too many sign-ups from this client", content: { "application/json": { schema: ErrorSchema } } },
      503: { description: "The newsletter service failed", content: { "application/json": { schema: ErrorSchema } } },
    },
  }),
  async (c) => {
    const { email, source } = c.req.valid("json");
    await enforceRateLimit(c, "newsletterSignupByIp", clientIp(c));
    const { alreadySubscribed } = await subscribeToNewsletter(
      { db: c.var.db, provider: newsletterProviderFor(c) },
      { email, source: source ?? "landing" },
    );
    return c.json(
      {
        success: true as const,
        message: alreadySubscribed ? "You're already subscribed." : "You've been subscribed to our newsletter.",
        data: { alreadySubscribed },
      },
      200,
    );
  },
);
