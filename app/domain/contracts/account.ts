/** The account resource: settings of the signed-in user, their sessions and their data. */
import { z } from "zod";
import { UserSchema } from "./common";

export const UserResultSchema = z.object({ success: z.literal(true), data: UserSchema, message: z.string() });

export const SessionSchema = z
  .object({
    id: z.string(),
    createdAt: z.string(),
    lastSeenAt: z.string().nullable(),
    expiresAt: z.string(),
    userAgent: z.string().nullable(),
    ipAddress: z.string().nullable(),
    current: z.boolean(),
  })
  .meta({ id: "Session" });

export type AccountSession = z.infer<typeof SessionSchema>;
