import { createRoute, z } from "@hono/zod-openapi";
import { addNewsletterSubscriber } from "../db/newsletter";
import { createRouter } from "./context";
import { ErrorSchema } from "./openapi";

const SignupSchema = z
  .object({
    email: z
      .string({ error: "email is required" })
      .trim()
      .max(254, { message: "email is too long (254 characters at most)" })
      .pipe(z.email({ message: "email must be a valid email address, like you@store.com" })),
    source: z.string().trim().max(40).optional(),
  })
  .openapi("NewsletterSignup");

const SignupResultSchema = z
  .object({ success: z.literal(true), message: z.string(), data: z.object({ alreadySubscribed: z.boolean() }) })
  .openapi("NewsletterSignupResult");

// Path kept from the spec's client; the embedded default stores subscribers locally.
export const newsletter = createRouter().openapi(
  createRoute({
    method: "post",
    path: "/omnisend/newsletter-signup",
    summary: "Subscribe an email address to the newsletter",
    request: { body: { required: true, content: { "application/json": { schema: SignupSchema } } } },
    responses: {
      200: { description: "Subscribed", content: { "application/json": { schema: SignupResultSchema } } },
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
