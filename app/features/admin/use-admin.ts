/** Admin data: overview, the user directory and one user, the audit log, answer reports, catalog jobs, and actions. */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { GrantablePlan } from "~/domain/admin";
import { HttpError } from "~/lib/http";
import { useDebounced } from "~/ui";
import {
  fetchAnswerReports,
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

/** A page of a staff search, paged by "older than this id" (the users list and the audit log). */
interface SearchPage<Row> {
  data: Row[];
  nextBeforeId: number | null;
}

type SearchParams = { q?: string; beforeId?: number; limit?: number };

/**
 * A searchable staff list: the text being typed, the search it settles into after a pause (so
 * each keystroke is not a request), its pages (fetched older-than-the-last-id, on demand) and
 * their rows in order.
 */
function usePagedSearch<Row>(
  queryKey: (q: string) => readonly unknown[],
  fetchPage: (params: SearchParams, signal: AbortSignal) => Promise<SearchPage<Row>>,
  limit: number,
) {
  const [text, setText] = useState("");
  const q = useDebounced(text.trim(), 300);
  const pages = useInfiniteQuery({
    queryKey: queryKey(q),
    queryFn: ({ pageParam, signal }) => fetchPage({ q, beforeId: pageParam, limit }, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextBeforeId ?? undefined,
    retry,
  });
  const rows = pages.data?.pages.flatMap((p) => p.data) ?? [];
  return { text, setText, q, pages, rows };
}

/** Users by email, username or id, newest first. */
export function useUserSearch() {
  return usePagedSearch(adminKeys.users, fetchUsers, PAGE_SIZE);
}

/** The audit log, newest first, searched by action, target, reason or staff email. */
export function useAuditSearch() {
  return usePagedSearch(adminKeys.audit, fetchAuditLog, 50);
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

/** "Not what I asked" reports, newest first, paged back on demand. */
export function useAnswerReports() {
  const pages = useInfiniteQuery({
    queryKey: adminKeys.answerReports(),
    queryFn: ({ pageParam, signal }) => fetchAnswerReports({ beforeId: pageParam }, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextBeforeId ?? undefined,
    retry,
  });
  return { pages, rows: pages.data?.pages.flatMap((p) => p.data) ?? [] };
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
