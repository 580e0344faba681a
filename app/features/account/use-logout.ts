import { useNavigate } from "@remix-run/react";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef } from "react";
import { apiRequest, AUTH_TOKEN_KEY, errorMessage, HttpError } from "~/lib/http";
import { AUTH_ME_KEY, noteLogout } from "./session";
import { backUpAndForgetUser } from "~/features/local-data";
import { notify } from "~/lib/toast";

/** The spec's fallback when the server gives no message of its own (section 8). */
export const LOGOUT_FAILED = "Failed to logout";

/** How long the client-side trip home may take before logout reloads to "/". */
const HOME_FALLBACK_MS = 3_000;

/**
 * Logout: POST /api/auth/logout, then clear every cached query, back up the chat and project
 * stores and forget the user 100 ms later, drop the stored token (the current user is then
 * seeded as null), confirm with the spec's toast and go home.
 *
 * When the server could not end the session (any failure but a 401, which means it had already
 * ended), the session cookie still signs this browser in, so clearing the screen would only
 * pretend: the error is logged, 'Failed to logout' (or the server's words) is shown, and the
 * merchant stays signed in to try again (issue 30).
 */

export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const inFlight = useRef(false);

  return useCallback(async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      try {
        await apiRequest("POST", "/api/auth/logout");
      } catch (err) {
        console.warn("[logout] server logout failed:", err instanceof Error ? err.message : err);
        if (!(err instanceof HttpError && err.status === 401)) {
          notify({ title: LOGOUT_FAILED, description: logoutFailureDetail(err), variant: "destructive" });
          return;
        }
      }
      noteLogout();
      // Spec order: cached queries cleared, data backed up locally (now), the user id cleared
      // 100 ms later (not waited for: the page moves on), the token removed.
      queryClient.clear();
      void backUpAndForgetUser();
      try {
        localStorage.removeItem(AUTH_TOKEN_KEY);
      } catch (err) {
        console.warn("[logout] could not remove the stored token:", err);
      }
      // Known signed out: seed it, so nothing refetches /api/auth/me just to hear a 401.
      queryClient.setQueryData(AUTH_ME_KEY, null);
      notify({ title: "Logged out", description: "You have been successfully logged out" });
      navigate("/");
      // If anything on the screen being left cancels the trip home, go home the hard way.
      window.setTimeout(() => {
        if (window.location.pathname !== "/") window.location.assign("/");
      }, HOME_FALLBACK_MS);
    } finally {
      inFlight.current = false;
    }
  }, [queryClient, navigate]);
}

/** The toast's second line: the server's words, or what the merchant can do about it. */
function logoutFailureDetail(err: unknown): string {
  return errorMessage(err, "Your session is still open. Please try again.");
}
