/**
 * Spec section 7 ("GET /api/auth/status") and section 8: before going to login or signup the
 * client checks that the service answers. A failure or a 5 s timeout shows 'Connection Issue'
 * and navigates anyway 2 s later; if even that fails, 'Navigation Error' names the support email.
 */
import { useNavigate, useRouteLoaderData } from "@remix-run/react";
import { useCallback, useEffect, useRef } from "react";
import type { RootData } from "~/root";
import { apiRequest, HttpError } from "~/lib/http";
import { notify } from "~/lib/toast";

export const AUTH_STATUS_TIMEOUT_MS = 5000;
export const RETRY_NAVIGATION_DELAY_MS = 2000;
export const DEFAULT_SUPPORT_EMAIL = "support@dropcraft.ai";

/** SUPPORT_EMAIL from the root loader (read by route id, so no import cycle with root.tsx). */
export function useSupportEmail(): string {
  return useRouteLoaderData<RootData>("root")?.supportEmail || DEFAULT_SUPPORT_EMAIL;
}

export const CONNECTION_ISSUE_TOAST = {
  title: "Connection Issue",
  description:
    "We're experiencing temporary connectivity issues. Please try again in a moment or contact support if the problem persists.",
} as const;

export const navigationErrorToast = (supportEmail: string) => ({
  title: "Navigation Error",
  description: `Please try refreshing the page or contact support at ${supportEmail}.`,
});

/** True when the service answered: 200 (status ok) or 401 (reachable, nobody signed in). */
export async function checkAuthStatus(timeoutMs = AUTH_STATUS_TIMEOUT_MS): Promise<boolean> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const res = await apiRequest("GET", "/api/auth/status", undefined, { signal: controller.signal });
    const body = (await res.json().catch(() => null)) as { status?: unknown } | null;
    return body?.status === "ok";
  } catch (err) {
    if (err instanceof HttpError && err.status === 401) return true;
    console.warn("[auth-status] check failed:", err instanceof Error ? err.message : err);
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** `goToAuthPage("/login")`: checks the service first, then navigates (see the module comment). */
export function useAuthPageNavigation() {
  const navigate = useNavigate();
  const supportEmail = useSupportEmail();
  const retryTimer = useRef<ReturnType<typeof setTimeout>>();

  useEffect(() => () => clearTimeout(retryTimer.current), []);

  const goToAuthPage = useCallback(
    async (path: "/login" | "/signup" | (string & {})) => {
      const reachable = await checkAuthStatus();
      if (reachable) {
        navigate(path);
        return;
      }
      notify(CONNECTION_ISSUE_TOAST);
      clearTimeout(retryTimer.current);
      retryTimer.current = setTimeout(() => {
        Promise.resolve()
          .then(() => navigate(path))
          .catch((err: unknown) => {
            console.error("[auth-navigation] navigation failed:", err);
            notify({ ...navigationErrorToast(supportEmail), variant: "destructive" });
          });
      }, RETRY_NAVIGATION_DELAY_MS);
    },
    [navigate, supportEmail],
  );

  return { goToAuthPage };
}
