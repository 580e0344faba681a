/**
 * The one error taxonomy shared by the API and the pages.
 * Every failure the server reports has a stable `type`, a short `error` title and a human
 * `message` the client can show as it is.
 */
export const ERROR_TYPES = {
  VALIDATION: { status: 400, error: "Invalid request" },
  UNAUTHENTICATED: { status: 401, error: "Not signed in" },
  FORBIDDEN: { status: 403, error: "Not allowed" },
  QUOTA_EXCEEDED: { status: 403, error: "Quota exceeded" },
  EMAIL_NOT_VERIFIED: { status: 403, error: "Email not verified" },
  NOT_FOUND: { status: 404, error: "Not found" },
  METHOD_NOT_ALLOWED: { status: 405, error: "Method not allowed" },
  CONFLICT: { status: 409, error: "Conflict" },
  PAYLOAD_TOO_LARGE: { status: 413, error: "Payload too large" },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, error: "Unsupported media type" },
  USAGE_LIMIT: { status: 429, error: "Usage limit reached" },
  RATE_LIMITED: { status: 429, error: "Too many requests" },
  INTERNAL: { status: 500, error: "Internal error" },
  UNAVAILABLE: { status: 503, error: "Service unavailable" },
} as const;

export type ErrorType = keyof typeof ERROR_TYPES;

export interface ErrorBody {
  error: string;
  type: ErrorType;
  message: string;
  requestId?: string;
  /** Extra machine-readable facts, e.g. the failing fields or when a limit resets. */
  details?: Record<string, unknown>;
}

export class AppError extends Error {
  readonly type: ErrorType;
  readonly status: number;
  readonly details?: Record<string, unknown>;
  readonly headers?: Record<string, string>;

  constructor(
    type: ErrorType,
    message: string,
    options: { details?: Record<string, unknown>; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = "AppError";
    this.type = type;
    this.status = ERROR_TYPES[type].status;
    this.details = options.details;
    this.headers = options.headers;
  }

  toBody(requestId?: string): ErrorBody {
    return {
      error: ERROR_TYPES[this.type].error,
      type: this.type,
      message: this.message,
      ...(requestId ? { requestId } : {}),
      ...(this.details ? { details: this.details } : {}),
    };
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

/** Turns anything thrown into an AppError; unknown failures become INTERNAL with a safe message. */
export function toAppError(value: unknown): AppError {
  if (isAppError(value)) return value;
  return new AppError("INTERNAL", "Something went wrong on our side. Please try again.", { cause: value });
}

/** The taxonomy type for an HTTP status a library reports (unknown 4xx stay client errors). */
export function errorTypeForStatus(status: number): ErrorType {
  const exact = (Object.keys(ERROR_TYPES) as ErrorType[]).find(
    (type) => ERROR_TYPES[type].status === status && !["QUOTA_EXCEEDED", "EMAIL_NOT_VERIFIED", "USAGE_LIMIT"].includes(type),
  );
  if (exact) return exact;
  return status >= 500 ? "INTERNAL" : "VALIDATION";
}
