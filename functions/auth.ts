import { createRoute, z } from "@hono/zod-openapi";
import {
  FORGOT_PASSWORD_MESSAGE,
  forgotPassword,
  login,
  logout,
  resetPassword,
  sendVerification,
  signup,
  toPublicUser,
  validateResetToken,
  verifyEmail,
} from "~/server/auth/service";
import {
  AuthStatusSchema,
  EmailTokenSchema,
  LoginBodySchema,
  ResetPasswordBodySchema,
  SessionResultSchema,
  SignupBodySchema,
  VerifyEmailResultSchema,
} from "~/domain/contracts/auth";
import { creditReferralFromCookie } from "./affiliate";
import { createRouter } from "./context";
import { ErrorSchema } from "./openapi";
import { body, email, json, SuccessSchema, UserSchema } from "./schemas";
import { authDeps, enforceRateLimit } from "./services";
import {
  clearSessionCookies,
  clientIp,
  clientMeta,
  ensureXsrfCookie,
  requireCaller,
  setSessionCookies,
} from "./session";

const errors = {
  400: { description: "Invalid input", ...json(ErrorSchema) },
  401: { description: "Not signed in or wrong credentials", ...json(ErrorSchema) },
  429: { description: "Too many attempts", ...json(ErrorSchema) },
};

export const auth = createRouter()
  .openapi(
    createRoute({
      method: "post",
      path: "/auth/signup",
      summary: "Create an account (sends a verification email and signs in)",
      request: body(SignupBodySchema),
      responses: {
        201: { description: "Signed up", ...json(SessionResultSchema) },
        409: { description: "Taken", ...json(ErrorSchema) },
        ...errors,
      },
    }),
    async (c) => {
      await enforceRateLimit(c, "signupByIp", clientIp(c));
      const { user, session } = await signup(authDeps(c), c.req.valid("json"), clientMeta(c));
      await creditReferralFromCookie(c, user);
      setSessionCookies(c, session);
      const publicUser = toPublicUser(user);
      return c.json({ success: true as const, token: session.token, user: publicUser, data: publicUser }, 201);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/auth/login",
      summary: "Sign in with username or email",
      request: body(LoginBodySchema),
      responses: { 200: { description: "Signed in", ...json(SessionResultSchema) }, ...errors },
    }),
    async (c) => {
      const input = c.req.valid("json");
      await enforceRateLimit(c, "loginByIp", clientIp(c));
      const { user, session } = await login(authDeps(c), input, clientMeta(c), (account) => enforceRateLimit(c, "loginByAccount", account));
      setSessionCookies(c, session);
      const publicUser = toPublicUser(user);
      return c.json({ success: true as const, token: session.token, user: publicUser, data: publicUser }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/auth/logout",
      summary: "End this session",
      responses: { 200: { description: "Signed out", ...json(SuccessSchema) }, 403: { description: "Signed in with the cookie, without the X-XSRF-TOKEN header", ...json(ErrorSchema) } },
    }),
    async (c) => {
      const caller = c.var.caller;
      if (caller) await logout(authDeps(c), caller.user.id, caller.sessionId);
      clearSessionCookies(c);
      return c.json({ success: true as const, message: "You have been successfully logged out" }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/auth/me",
      summary: "The signed-in user",
      responses: { 200: { description: "The user", ...json(z.object({ data: UserSchema })) }, 401: errors[401] },
    }),
    (c) => {
      const caller = requireCaller(c);
      ensureXsrfCookie(c);
      return c.json({ data: toPublicUser(caller.user) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/auth/status",
      summary: "Is the service reachable, and is anyone signed in",
      responses: {
        200: {
          description: "Status",
          ...json(
            AuthStatusSchema,
          ),
        },
      },
    }),
    (c) => {
      ensureXsrfCookie(c);
      const caller = c.var.caller;
      return c.json(
        {
          status: "ok" as const,
          authenticated: Boolean(caller),
          emailVerified: caller ? caller.user.emailVerified : null,
        },
        200,
      );
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/auth/send-verification",
      summary: "Send a new verification link (once per 60 s)",
      responses: { 200: { description: "Sent", ...json(SuccessSchema) }, 401: errors[401], 429: errors[429] },
    }),
    async (c) => {
      const caller = requireCaller(c);
      await enforceRateLimit(c, "sendVerificationByUser", String(caller.user.id));
      const { alreadyVerified } = await sendVerification(authDeps(c), caller.user);
      return c.json(
        {
          success: true as const,
          message: alreadyVerified
            ? "Your email is already verified."
            : "Check your inbox and spam folder for the verification link.",
        },
        200,
      );
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/auth/verify-email",
      summary: "Verify an email address with the emailed token",
      request: body(z.object({ token: EmailTokenSchema })),
      responses: {
        200: {
          description: "Verified",
          ...json(VerifyEmailResultSchema),
        },
        400: errors[400],
      },
    }),
    async (c) => {
      const { alreadyVerified } = await verifyEmail(authDeps(c), c.req.valid("json").token);
      return c.json(
        {
          success: true as const,
          alreadyVerified,
          message: alreadyVerified
            ? "Your email was already verified."
            : "Your email is verified. Welcome to Dropcraft!",
        },
        200,
      );
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/auth/forgot-password",
      summary: "Email a password-reset link (same answer whether or not the account exists)",
      request: body(z.object({ email: email() })),
      responses: { 200: { description: "Accepted", ...json(SuccessSchema) }, 429: errors[429] },
    }),
    async (c) => {
      const { email: address } = c.req.valid("json");
      await enforceRateLimit(c, "forgotPasswordByIp", clientIp(c));
      await enforceRateLimit(c, "forgotPasswordByEmail", address);
      // Looked up and sent after the answer: known and unknown addresses answer alike, in the
      // same time, and a mail failure is logged rather than revealing that the account exists.
      const log = c.var.log;
      c.executionCtx.waitUntil(
        forgotPassword(authDeps(c), address).catch((err: unknown) => log.error("password reset email failed", { err })),
      );
      return c.json({ success: true as const, message: FORGOT_PASSWORD_MESSAGE }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/auth/validate-reset-token",
      summary: "Is this reset link still usable",
      request: { query: z.object({ token: z.string().max(200).optional() }) },
      responses: { 200: { description: "Validity", ...json(z.object({ valid: z.boolean() })) }, 400: { description: "The token is longer than any reset token", ...json(ErrorSchema) } },
    }),
    async (c) => {
      const { token } = c.req.valid("query");
      return c.json({ valid: token ? await validateResetToken(authDeps(c), token) : false }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/auth/reset-password",
      summary: "Set a new password with the emailed token; ends every session",
      request: body(
        ResetPasswordBodySchema,
      ),
      responses: { 200: { description: "Reset", ...json(SuccessSchema) }, 400: errors[400] },
    }),
    async (c) => {
      const { token, password: next } = c.req.valid("json");
      await resetPassword(authDeps(c), token, next);
      clearSessionCookies(c);
      return c.json(
        { success: true as const, message: "Your password has been reset. Log in with your new password." },
        200,
      );
    },
  );
