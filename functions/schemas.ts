/** OpenAPI plumbing for the routers; the schemas themselves are the domain's contracts. */
import type { z } from "zod";

export { email, password, SuccessSchema, UserSchema } from "~/domain/contracts/common";

export const json = <T extends z.ZodType>(schema: T) => ({ content: { "application/json": { schema } } });
export const body = <T extends z.ZodType>(schema: T) => ({ body: { required: true, ...json(schema) } });
