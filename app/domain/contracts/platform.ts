/** Small platform resources: health, the newsletter signup and the local email outbox. */
import { z } from "zod";

export const HealthSchema = z.object({ status: z.literal("ok"), env: z.string(), time: z.string() }).meta({ id: "Health" });

export const NewsletterSignupSchema = z
  .object({
    email: z
      .string({ error: "email is required" })
      .trim()
      .max(254, { message: "email is too long (254 characters at most)" })
      .pipe(z.email({ message: "email must be a valid email address, like you@store.com" })),
    source: z.string().trim().max(40).optional(),
  })
  .meta({ id: "NewsletterSignup" });

export const NewsletterSignupResultSchema = z
  .object({ success: z.literal(true), message: z.string(), data: z.object({ alreadySubscribed: z.boolean() }) })
  .meta({ id: "NewsletterSignupResult" });

/** One email of the local outbox (DEV_TOOLS only), as the API and the /dev/outbox page show it. */
export const OutboxEmailSchema = z
  .object({
    id: z.number(),
    to: z.string(),
    subject: z.string(),
    kind: z.string(),
    link: z.string().nullable(),
    text: z.string(),
    html: z.string(),
    transport: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: "OutboxEmail" });

export type OutboxEmail = z.infer<typeof OutboxEmailSchema>;
