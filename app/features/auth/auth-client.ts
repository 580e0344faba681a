/**
 * Client side of the accounts API (spec sections 4, 7 and 8): login, signup, verification,
 * password reset. Every failure becomes an `ApiFailure` carrying the server's own message and
 * its per-field problems, so forms can show them next to the right input.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  LoginBodySchema,
  SessionResult as SessionResultContract,
  SignupBodySchema,
} from "~/domain/contracts/auth";
import { apiRequest, AUTH_TOKEN_KEY, HttpError, NetworkError, type RequestOptions } from "~/lib/http";
import { AUTH_ME_KEY, LOGOUT_FAILED, type AuthUser } from "~/features/account";

// The account rules are the domain's (app/domain/contracts/common.ts), the same ones the server applies.
export {
  EMAIL_PATTERN,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_PATTERN,
  USERNAME_RULE,
} from "~/domain/account-rules";

export const AUTH_MESSAGES = {
  loginFailed: "Failed to login",
  signupFailed: "Failed to sign up",
  logoutFailed: LOGOUT_FAILED,
  loginUnexpected: "An unexpected error occurred during login. Please try again.",
  signupUnexpected: "An unexpected error occurred during signup. Please try again.",
  sendVerificationFailed: "Failed to send verification email. Please try again.",
  verifyFailed: "We could not verify your email. Request a new link and try again.",
  forgotFailed: "We could not send the reset link. Please try again.",
  resetFailed: "We could not reset your password. Please try again.",
} as const;

/** Length as the server counts it: characters as typed (code points). */
export const passwordLength = (password: string) => [...password].length;

export interface FieldProblem {
  path: string;
  message: string;
}

/** A failed API call in the server's words. `status` is null when the server was never reached. */
export class ApiFailure extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly fields: FieldProblem[] = [],
    readonly details: Record<string, unknown> = {},
    readonly type?: string,
  ) {
    super(message);
    this.name = "ApiFailure";
  }

  /** Seconds the server asked us to wait (429 answers), if it said. */
  get retryAfterSeconds(): number | undefined {
    const value = this.details.retryAfterSeconds;
    return typeof value === "number" && value > 0 ? value : undefined;
  }
}

interface ErrorBodyShape {
  message?: unknown;
  type?: unknown;
  details?: { fields?: unknown } & Record<string, unknown>;
}

function parseErrorBody(text: string): {
  message?: string;
  type?: string;
  fields: FieldProblem[];
  details: Record<string, unknown>;
} {
  try {
    const body = JSON.parse(text) as ErrorBodyShape;
    const rawFields = Array.isArray(body.details?.fields) ? (body.details.fields as unknown[]) : [];
    const fields = rawFields.flatMap((f) => {
      const item = f as { path?: unknown; message?: unknown };
      return typeof item.path === "string" && typeof item.message === "string"
        ? [{ path: item.path, message: item.message }]
        : [];
    });
    return {
      message: typeof body.message === "string" && body.message ? body.message : undefined,
      type: typeof body.type === "string" ? body.type : undefined,
      fields,
      details: body.details && typeof body.details === "object" ? body.details : {},
    };
  } catch {
    return { fields: [], details: {} };
  }
}

/** Reads a non-OK answer that apiRequest handed back (login/signup 401, validate-reset-token). */
export async function failureFromResponse(res: Response, fallback: string): Promise<ApiFailure> {
  const parsed = parseErrorBody(await res.text().catch(() => ""));
  return new ApiFailure(parsed.message ?? fallback, res.status, parsed.fields, parsed.details, parsed.type);
}

export interface FailureOptions {
  /** Shown when something that is not an Error was thrown. Defaults to `fallback`. */
  unexpected?: string;
  /** Use the fallback instead of the generic network message when the server was unreachable. */
  networkAsFallback?: boolean;
}

/** Anything thrown by a request, as an ApiFailure: the server's message first, then the fallback. */
export function toApiFailure(err: unknown, fallback: string, options: FailureOptions = {}): ApiFailure {
  if (err instanceof ApiFailure) return err;
  if (err instanceof HttpError) {
    const parsed = parseErrorBody(err.body);
    return new ApiFailure(
      err.serverMessage || parsed.message || fallback,
      err.status,
      parsed.fields,
      parsed.details,
      err.type,
    );
  }
  if (err instanceof NetworkError) return new ApiFailure(options.networkAsFallback ? fallback : err.message, null);
  if (err instanceof Error) return new ApiFailure(fallback, null);
  return new ApiFailure(options.unexpected ?? fallback, null);
}

/**
 * One JSON call: the parsed body on success, an ApiFailure otherwise (including the non-OK
 * answers apiRequest returns instead of throwing).
 */
export async function requestJson<T>(
  method: string,
  url: string,
  body: unknown,
  fallback: string,
  options: FailureOptions & Pick<RequestOptions, "repeatable"> = {},
): Promise<T> {
  let res: Response;
  try {
    res = await apiRequest(method, url, body, { repeatable: options.repeatable === true });
  } catch (err) {
    throw toApiFailure(err, fallback, options);
  }
  if (!res.ok) throw await failureFromResponse(res, fallback);
  try {
    return (await res.json()) as T;
  } catch (err) {
    throw toApiFailure(err, fallback, options);
  }
}

export function storeAuthToken(token: string) {
  try {
    localStorage.setItem(AUTH_TOKEN_KEY, token);
  } catch (err) {
    console.warn("[auth] could not store the token:", err);
  }
}

export function clearAuthToken() {
  try {
    localStorage.removeItem(AUTH_TOKEN_KEY);
  } catch (err) {
    console.warn("[auth] could not remove the token:", err);
  }
}

/** The server's user shape, normalised to the client's (numeric id). */
export function toAuthUser(user: AuthUser): AuthUser {
  return {
    id: Number(user.id),
    username: user.username,
    email: user.email,
    emailVerified: user.emailVerified,
    role: user.role,
    launcherAccess: user.launcherAccess === true,
  };
}

/** What signup and login answer (the auth contract's SessionResult). */
type SessionResult = SessionResultContract;

/** The login form's body, as the auth contract accepts it. */
export type LoginInput = z.input<typeof LoginBodySchema>;

/** The signup form's body, as the auth contract accepts it. */
export type SignupInput = z.input<typeof SignupBodySchema>;

function useSessionMutation<I>(url: string, fallback: string, unexpected: string) {
  const queryClient = useQueryClient();
  return useMutation<SessionResult, ApiFailure, I>({
    mutationFn: (input) => requestJson<SessionResult>("POST", url, input, fallback, { unexpected }),
    onSuccess: (result) => {
      storeAuthToken(result.token);
      queryClient.setQueryData(AUTH_ME_KEY, toAuthUser(result.user));
      void queryClient.invalidateQueries({ queryKey: AUTH_ME_KEY });
    },
  });
}

/** POST /api/auth/login; on success the token is stored and the current user refetched. */
export function useLogin() {
  return useSessionMutation<LoginInput>("/api/auth/login", AUTH_MESSAGES.loginFailed, AUTH_MESSAGES.loginUnexpected);
}

/** POST /api/auth/signup; the new account is signed in (and unverified). */
export function useSignup() {
  return useSessionMutation<SignupInput>(
    "/api/auth/signup",
    AUTH_MESSAGES.signupFailed,
    AUTH_MESSAGES.signupUnexpected,
  );
}

export interface MessageResult {
  success: true;
  message: string;
}

/** POST /api/auth/send-verification (no body). Network failures read as the spec's default. */
export function useSendVerification() {
  return useMutation<MessageResult, ApiFailure, void>({
    mutationFn: () =>
      requestJson<MessageResult>(
        "POST",
        "/api/auth/send-verification",
        undefined,
        AUTH_MESSAGES.sendVerificationFailed,
        {
          networkAsFallback: true,
        },
      ),
  });
}

export interface VerifyEmailResult extends MessageResult {
  alreadyVerified: boolean;
}

export function verifyEmailToken(token: string) {
  // Sending a link twice verifies once: the second answer is "already verified".
  return requestJson<VerifyEmailResult>("POST", "/api/auth/verify-email", { token }, AUTH_MESSAGES.verifyFailed, { repeatable: true });
}

export function useForgotPassword() {
  return useMutation<MessageResult, ApiFailure, { email: string }>({
    mutationFn: (input) =>
      requestJson<MessageResult>("POST", "/api/auth/forgot-password", input, AUTH_MESSAGES.forgotFailed),
  });
}

/** GET /api/auth/validate-reset-token: apiRequest never throws on this path, it returns the answer. */
export async function validateResetToken(token: string): Promise<boolean> {
  const res = await apiRequest("GET", `/api/auth/validate-reset-token?token=${encodeURIComponent(token)}`);
  if (!res.ok) return false;
  const body = (await res.json()) as { valid?: unknown };
  return body.valid === true;
}

/** POST /api/auth/reset-password. Every session ends, so this browser is signed out too. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation<MessageResult, ApiFailure, { token: string; password: string }>({
    mutationFn: (input) =>
      requestJson<MessageResult>("POST", "/api/auth/reset-password", input, AUTH_MESSAGES.resetFailed),
    onSuccess: () => {
      clearAuthToken();
      queryClient.setQueryData(AUTH_ME_KEY, null);
    },
  });
}
