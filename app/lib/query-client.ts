import { QueryClient } from "@tanstack/react-query";
import { getQueryFn } from "./http";

/** Defaults of spec section 9: no retries, no focus or interval refetch, data never stale. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: "throw" }),
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  });
}

/** The auth query overrides the defaults: 5 minutes stale, 10 minutes cached, refetched on focus. */
export const AUTH_QUERY_OPTIONS = {
  staleTime: 5 * 60 * 1000,
  gcTime: 10 * 60 * 1000,
  refetchOnWindowFocus: true,
} as const;
