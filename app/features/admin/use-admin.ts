/** Admin data: overview, the user directory and one user, the audit log, catalog jobs, and actions. */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { GrantablePlan } from "~/domain/admin";
import { HttpError } from "~/lib/http";
import {
  fetchAuditLog,
  fetchCatalogRefreshes,
  fetchOverview,
  fetchUserDetail,
  fetchUsers,
  fetchUserTickets,
  runCatalogRefresh,
  runUserAction,
  type UserAction,
} from "./admin-client";
import { adminKeys } from "./admin-keys";

/** Retry network trouble and server errors once, never a refusal. */
const retry = (failures: number, err: unknown) => failures < 1 && !(err instanceof HttpError && err.status < 500);

export const PAGE_SIZE = 25;

export function useOverview() {
  return useQuery({ queryKey: adminKeys.overview(), queryFn: ({ signal }) => fetchOverview(signal), retry });
}

export function useUserDirectory(q: string) {
  return useInfiniteQuery({
    queryKey: adminKeys.users(q),
    queryFn: ({ pageParam, signal }) => fetchUsers({ q, beforeId: pageParam, limit: PAGE_SIZE }, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextBeforeId ?? undefined,
    retry,
  });
}

export function useUserDetail(id: number | null) {
  return useQuery({
    queryKey: adminKeys.user(id ?? 0),
    queryFn: ({ signal }) => fetchUserDetail(id!, signal),
    enabled: id !== null,
    retry,
  });
}

export function useUserTickets(id: number | null) {
  return useQuery({
    queryKey: adminKeys.userTickets(id ?? 0),
    queryFn: ({ signal }) => fetchUserTickets(id!, signal),
    enabled: id !== null,
    retry,
  });
}

export function useAuditLog(q: string) {
  return useInfiniteQuery({
    queryKey: adminKeys.audit(q),
    queryFn: ({ pageParam, signal }) => fetchAuditLog({ q, beforeId: pageParam, limit: 50 }, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextBeforeId ?? undefined,
    retry,
  });
}

export function useCatalogRefreshes() {
  return useQuery({ queryKey: adminKeys.refreshes(), queryFn: ({ signal }) => fetchCatalogRefreshes(signal), retry });
}

/** Every action changes what several tabs show (the user, the list, the audit log): refresh them all. */
export function useUserAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; action: UserAction; reason: string; plan?: GrantablePlan }) =>
      runUserAction(input.id, input.action, { reason: input.reason, ...(input.plan ? { plan: input.plan } : {}) }),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useCatalogRefresh() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => runCatalogRefresh(reason),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
