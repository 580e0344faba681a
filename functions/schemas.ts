/** Request and response schemas shared by the API modules (and the OpenAPI document). */
import { z } from "@hono/zod-openapi";
import { PASSWORD_MAX_LENGTH } from "~/server/auth/passwords";

export const UserSchema = z
  .object({
    id: z.number().int(),
    username: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    role: z.enum(["user", "admin"]),
    createdAt: z.string(),
  })
  .openapi("User");

export const email = (field = "email") =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, { message: `${field} is required` })
    .max(254, { message: `${field} is too long (254 characters at most)` })
    .pipe(z.email({ message: `${field} must be a valid email address, like you@store.com` }));

// Length and common-password rules live in the domain so every path applies them the same way;
// the cap here only stops absurd bodies before hashing.
export const password = (field = "password") =>
  z
    .string({ error: `${field} is required` })
    .min(1, { message: `${field} is required` })
    .max(PASSWORD_MAX_LENGTH * 4, { message: `${field} is too long` });

export const SuccessSchema = z.object({ success: z.literal(true), message: z.string() }).openapi("Success");

export const json = <T extends z.ZodType>(schema: T) => ({ content: { "application/json": { schema } } });
export const body = <T extends z.ZodType>(schema: T) => ({ body: { required: true, ...json(schema) } });
