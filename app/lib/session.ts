import { useQuery } from "@tanstack/react-query";
import { getQueryFn, HttpError } from "./http";
import { AUTH_QUERY_OPTIONS } from "./query-client";

/** The signed-in user as the client sees it (spec section 3, "Auth user"). */
export interface AuthUser {
  id: number;
  username: string;
  email: string;
  emailVerified: boolean;
  role?: "user" | "admin";
}

export const AUTH_ME_KEY = ["/api/auth/me"] as const;

/**
 * The current user, or null when signed out. A 401 means signed out; the accounts API
 * answers it for every visitor until someone signs in.
 */
export function useCurrentUser() {
  const query = useQuery({
    queryKey: AUTH_ME_KEY,
    queryFn: async (ctx) => {
      try {
        const body = await getQueryFn<{ data: AuthUser }>({ on401: "returnNull" })(ctx);
        return body ? { ...body.data, id: Number(body.data.id) } : null;
      } catch (err) {
        // Before the accounts API exists the route answers 404: nobody can be signed in.
        if (err instanceof HttpError && err.status === 404) return null;
        throw err;
      }
    },
    ...AUTH_QUERY_OPTIONS,
  });
  return { user: query.data ?? null, isLoading: query.isPending, error: query.error };
}
