/** The auth resource: signing up and in, the session answer, verification and password reset. */
import { z } from "zod";
import { email, password, UserSchema } from "./common";

export const SessionResultSchema = z
  .object({ success: z.literal(true), token: z.string(), user: UserSchema, data: UserSchema })
  .meta({ id: "SessionResult" });

export const SignupBodySchema = z.object({
  username: z.string({ error: "username is required" }).min(1, { message: "username is required" }).max(64),
  email: email(),
  password: password(),
});

export const LoginBodySchema = z.object({
  username: z.string({ error: "username is required" }).trim().min(1, { message: "username is required" }).max(254),
  password: password(),
});

export const AuthStatusSchema = z.object({ status: z.literal("ok"), authenticated: z.boolean(), emailVerified: z.boolean().nullable() });

export const EmailTokenSchema = z.string({ error: "token is required" }).min(1).max(200);
export const VerifyEmailResultSchema = z.object({ success: z.literal(true), message: z.string(), alreadyVerified: z.boolean() });
export const ResetPasswordBodySchema = z.object({ token: EmailTokenSchema, password: password() });

export type SessionResult = z.infer<typeof SessionResultSchema>;
export type AuthStatus = z.infer<typeof AuthStatusSchema>;
