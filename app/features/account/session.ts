import type { PublicUser } from "~/domain/contracts/common";
import { useQuery } from "@tanstack/react-query";
import { getQueryFn } from "~/lib/http";
import { AUTH_QUERY_OPTIONS } from "~/lib/query-client";

/** The signed-in user as the client sees it (spec section 3, "Auth user"). */
/** The signed-in user as `GET /api/auth/me` answers it (the contract's User; createdAt may be absent in older caches). */
export type AuthUser = Omit<PublicUser, "createdAt" | "role"> & Partial<Pick<PublicUser, "createdAt" | "role">>;

export const AUTH_ME_KEY = ["/api/auth/me"] as const;

/**
 * The current user, or null when signed out (the API answers 401). The root loader seeds it
 * from the session cookie, so the first render already knows.
 */
export function useCurrentUser() {
  const query = useQuery({
    queryKey: AUTH_ME_KEY,
    queryFn: async (ctx): Promise<AuthUser | null> => {
      const body = await getQueryFn<{ data: AuthUser }>({ on401: "returnNull" })(ctx);
      return body ? { ...body.data, id: Number(body.data.id) } : null;
    },
    ...AUTH_QUERY_OPTIONS,
  });
  return { user: query.data ?? null, isLoading: query.isPending, error: query.error };
}

// A logout heads home on purpose: for a few seconds the guard of the protected screen being left
// must not send the tab to /login?redirect=… instead (CI saw that race win over the trip home).
const LEAVING_MS = 5_000;
let leftAt = 0;

export function noteLogout(now = Date.now()): void {
  leftAt = now;
}

export function loggedOutRecently(now = Date.now()): boolean {
  return now - leftAt < LEAVING_MS;
}
