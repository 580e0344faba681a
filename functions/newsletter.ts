import { createRoute } from "@hono/zod-openapi";
import { addNewsletterSubscriber } from "../db/newsletter";
import { NewsletterSignupResultSchema, NewsletterSignupSchema } from "~/domain/contracts/platform";
import { createRouter } from "./context";
import { ErrorSchema } from "./openapi";


// Path kept from the spec's client; the embedded default stores subscribers locally.
export const newsletter = createRouter().openapi(
  createRoute({
    method: "post",
    path: "/omnisend/newsletter-signup",
    summary: "Subscribe an email address to the newsletter",
    request: { body: { required: true, content: { "application/json": { schema: NewsletterSignupSchema } } } },
    responses: {
      200: { description: "Subscribed", content: { "application/json": { schema: NewsletterSignupResultSchema } } },
      400: { description: "Invalid email", content: { "application/json": { schema: ErrorSchema } } },
    },
  }),
  async (c) => {
    const { email, source } = c.req.valid("json");
    const { created } = await addNewsletterSubscriber(c.var.db, email.toLowerCase(), source ?? "landing");
    return c.json(
      {
        success: true as const,
        message: created ? "You've been subscribed to our newsletter." : "You're already subscribed.",
        data: { alreadySubscribed: !created },
      },
      200,
    );
  },
);
