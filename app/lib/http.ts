/**
 * The one request client of the browser (spec section 7 "Common behaviour of requests" and
 * section 8's error catalogue). Both of the spec's clients are served by it: the fetch helper
 * rules, plus the XSRF header and the network/timeout/cancel messages of the second client.
 */

export const AUTH_TOKEN_KEY = "auth.token";

export class HttpError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: string,
    /** The taxonomy `type` when the server answered one (e.g. QUOTA_EXCEEDED). */
    readonly type?: string,
    readonly serverMessage?: string,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

export class NetworkError extends Error {
  constructor(
    readonly reason: "network" | "timeout" | "cancelled",
    cause?: unknown,
  ) {
    super(NETWORK_MESSAGES[reason], { cause });
    this.name = "NetworkError";
  }
}

export const NETWORK_MESSAGES = {
  network: "Network error: the server could not be reached. Check your connection and try again.",
  timeout: "The request timed out. Please try again.",
  cancelled: "The request was cancelled.",
} as const;

/**
 * Whether a failed background save is worth trying again by itself: the network, a timeout, a
 * rate limit or a server fault. A refusal (invalid, too large, not found, conflict) will not change.
 */
export function isRetryable(err: unknown): boolean {
  if (err instanceof NetworkError) return err.reason !== "cancelled";
  if (err instanceof HttpError) return err.status === 429 || err.status >= 500;
  return false;
}

/** Pauses before each automatic retry of a background save; after the last one the user is told. */
export const SYNC_RETRY_DELAYS_MS = [1_500, 4_000, 10_000] as const;

export interface RequestOptions {
  /** Abort after this many ms; 0 (the default) means no timeout. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Injected for tests; defaults to the global fetch. */
  fetchImpl?: typeof fetch;
  /**
   * A POST whose second sending does no more than the first (confirming an emailed link: a used
   * link answers "already verified" to its owner), so a proxy's "not served, try now" may be
   * answered by sending it again, as for the idempotent methods.
   */
  repeatable?: boolean;
}

/** Appends the cache-busting `_t` timestamp with `?` or `&` as fits. */
export function withTimestamp(url: string, now: number = Date.now()): string {
  const hashIndex = url.indexOf("#");
  const base = hashIndex === -1 ? url : url.slice(0, hashIndex);
  const hash = hashIndex === -1 ? "" : url.slice(hashIndex);
  return `${base}${base.includes("?") ? "&" : "?"}_t=${now}${hash}`;
}

function readStorage(key: string): string | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage.getItem(key);
  } catch {
    return null;
  }
}

function readCookie(name: string): string | null {
  if (typeof document === "undefined") return null;
  for (const part of document.cookie.split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === name) return decodeURIComponent(v.join("="));
  }
  return null;
}

/** The headers every request carries: no-cache, bearer when signed in, XSRF when the cookie exists. */
export function buildHeaders(hasBody: boolean): Headers {
  const headers = new Headers({
    Accept: "application/json, text/plain, */*",
    "Cache-Control": "no-cache, no-store, must-revalidate",
    Pragma: "no-cache",
    Expires: "0",
  });
  const token = readStorage(AUTH_TOKEN_KEY);
  if (token) headers.set("Authorization", `Bearer ${token}`);
  const xsrf = readCookie("XSRF-TOKEN");
  if (xsrf) headers.set("X-XSRF-TOKEN", xsrf);
  if (hasBody) headers.set("Content-Type", "application/json");
  return headers;
}

const isAuthFormPath = (path: string) => /\/api\/auth\/(login|signup)(\?|$)/.test(path);
const isResetTokenPath = (path: string) => path.includes("validate-reset-token");

/** Throws HttpError with the spec's `"status: body"` message unless the response is OK. */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text()) || res.statusText;
  let type: string | undefined;
  let serverMessage: string | undefined;
  try {
    const parsed = JSON.parse(text) as { type?: unknown; message?: unknown };
    if (typeof parsed.type === "string") type = parsed.type;
    if (typeof parsed.message === "string") serverMessage = parsed.message;
  } catch {
    // Not JSON: the text itself is the message.
  }
  throw new HttpError(`${res.status}: ${text}`, res.status, text, type, serverMessage);
}

/** Methods that may be sent twice without doing twice (RFC 9110 §9.2.2); the browser tests resend these too. */
export const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "PUT", "DELETE", "OPTIONS"]);

/**
 * A 503 with "Retry-After: 0" says the request was not served and may be sent again at once
 * (RFC 9110 §10.2.3); our own 503s never say it, a proxy in front of the Worker may (wrangler
 * dev's answers a request it lost on the way "worker restarted mid-request"). An idempotent
 * request is sent once more; anything else is left to its caller.
 */
function asksForRetryNow(res: Response, method: string | undefined, repeatable: boolean): boolean {
  return (
    res.status === 503 &&
    res.headers.get("retry-after")?.trim() === "0" &&
    (repeatable || IDEMPOTENT_METHODS.has((method ?? "GET").toUpperCase()))
  );
}

async function send(url: string, init: RequestInit, options: RequestOptions): Promise<Response> {
  const doFetch = options.fetchImpl ?? fetch;
  const controller = new AbortController();
  let timedOut = false;
  const timer =
    options.timeoutMs && options.timeoutMs > 0
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, options.timeoutMs)
      : undefined;
  const onAbort = () => controller.abort();
  options.signal?.addEventListener("abort", onAbort);
  try {
    const res = await doFetch(url, { ...init, signal: controller.signal });
    if (!asksForRetryNow(res, init.method, options.repeatable === true)) return res;
    // Release the first answer's connection before asking again.
    await res.body?.cancel().catch(() => undefined);
    return await doFetch(url, { ...init, signal: controller.signal });
  } catch (err) {
    if (timedOut) throw new NetworkError("timeout", err);
    if (controller.signal.aborted) throw new NetworkError("cancelled", err);
    throw new NetworkError("network", err);
  } finally {
    if (timer) clearTimeout(timer);
    options.signal?.removeEventListener("abort", onAbort);
  }
}

/**
 * Makes an API request. Non-OK answers throw `"status: body"`, except a 401 from POST login or
 * signup (the form shows the message) and anything from validate-reset-token (its status and
 * body are logged and returned to the caller).
 */
export async function apiRequest(
  method: string,
  url: unknown,
  data?: unknown,
  options: RequestOptions = {},
): Promise<Response> {
  if (typeof url !== "string") {
    throw new TypeError(`apiRequest expects the URL as a string, but received ${url === null ? "null" : typeof url}`);
  }
  const hasBody = data !== undefined;
  const res = await send(
    withTimestamp(url),
    {
      method,
      headers: buildHeaders(hasBody),
      body: hasBody ? JSON.stringify(data) : undefined,
      credentials: "include",
      mode: "cors",
      redirect: "follow",
      cache: "no-store",
    },
    options,
  );

  if (isResetTokenPath(url)) {
    const copy = res.clone();
    console.info("[validate-reset-token]", res.status, await copy.text());
    return res;
  }
  if (res.status === 401 && method.toUpperCase() === "POST" && isAuthFormPath(url)) return res;

  try {
    await throwIfResNotOk(res);
  } catch (err) {
    console.warn(`[api] ${method.toUpperCase()} ${url} failed:`, (err as Error).message);
    throw err;
  }
  return res;
}

export type UnauthorizedBehavior = "returnNull" | "throw";

/**
 * The default data fetch for queries: GET on the first element of the query key (a URL
 * string), parsed JSON back. With `on401: "returnNull"` a 401 yields null instead of an error.
 */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }) {
  return async ({ queryKey, signal }: { queryKey: readonly unknown[]; signal?: AbortSignal }): Promise<T | null> => {
    const [url] = queryKey;
    if (typeof url !== "string") {
      throw new TypeError(`The first query key element must be a URL string, but received ${typeof url}`);
    }
    const res = await send(
      withTimestamp(url),
      { method: "GET", headers: buildHeaders(false), credentials: "include", mode: "cors", redirect: "follow", cache: "no-store" },
      { signal },
    );
    if (on401 === "returnNull" && res.status === 401) return null;
    await throwIfResNotOk(res);
    return (await res.json()) as T;
  };
}

/** The human message to show for a failed request: the server's words first. */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof HttpError) return err.serverMessage || fallback;
  if (err instanceof NetworkError) return err.message;
  return fallback;
}
