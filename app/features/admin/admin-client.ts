/**
 * The admin area's API client (functions/admin.ts), over the one request client. Types are
 * inferred from the contract with type-only imports, so zod stays out of the page.
 */
import type {
  AdminAuditList,
  AdminOverview,
  AdminUserDetail,
  AdminUserList,
  AnswerReportList,
  CatalogRefreshRow,
} from "~/domain/contracts/admin";
import type { StaffTicketSummary } from "~/domain/contracts/support";
import type { GrantablePlan } from "~/domain/admin";
import { apiRequest } from "~/lib/http";

async function getJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  const res = await apiRequest("GET", url, undefined, { signal });
  return (await res.json()) as T;
}

function query(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== "") search.set(key, String(value));
  const s = search.toString();
  return s ? `?${s}` : "";
}

export async function fetchOverview(signal?: AbortSignal): Promise<AdminOverview> {
  return (await getJson<{ data: AdminOverview }>("/api/admin/overview", signal)).data;
}

export function fetchUsers(params: { q?: string; beforeId?: number; limit?: number }, signal?: AbortSignal) {
  return getJson<AdminUserList>(`/api/admin/users${query(params)}`, signal);
}

export async function fetchUserDetail(id: number, signal?: AbortSignal): Promise<AdminUserDetail> {
  return (await getJson<{ data: AdminUserDetail }>(`/api/admin/users/${id}`, signal)).data;
}

/** The user's support tickets, from the support inbox's API (functions/support.ts). */
export async function fetchUserTickets(userId: number, signal?: AbortSignal): Promise<StaffTicketSummary[]> {
  return (await getJson<{ data: StaffTicketSummary[] }>(`/api/admin/support/tickets${query({ userId })}`, signal)).data;
}

export type UserAction = "resend-verification" | "end-sessions" | "disable" | "enable" | "grant-plan" | "grant-launcher" | "remove-launcher";

export interface ActionResult {
  message: string;
  auditId: number;
}

export async function runUserAction(
  id: number,
  action: UserAction,
  body: { reason: string; plan?: GrantablePlan },
): Promise<ActionResult> {
  // The AI Launcher's flag is one route with the access wanted in the body (issue 28).
  const res =
    action === "grant-launcher" || action === "remove-launcher"
      ? await apiRequest("POST", `/api/admin/users/${id}/launcher-access`, { access: action === "grant-launcher", reason: body.reason })
      : await apiRequest("POST", `/api/admin/users/${id}/${action}`, body);
  return ((await res.json()) as { data: ActionResult }).data;
}

export function fetchAuditLog(params: { q?: string; beforeId?: number; limit?: number }, signal?: AbortSignal) {
  return getJson<AdminAuditList>(`/api/admin/audit-log${query(params)}`, signal);
}

export function fetchAnswerReports(params: { beforeId?: number }, signal?: AbortSignal) {
  return getJson<AnswerReportList>(`/api/admin/answer-reports${query(params)}`, signal);
}

export async function fetchCatalogRefreshes(signal?: AbortSignal): Promise<CatalogRefreshRow[]> {
  return (await getJson<{ data: CatalogRefreshRow[] }>("/api/admin/catalog/refreshes", signal)).data;
}

export async function runCatalogRefresh(reason: string) {
  const res = await apiRequest("POST", "/api/admin/catalog/refresh", { reason });
  return ((await res.json()) as { data: { run: Omit<CatalogRefreshRow, "id" | "ranAt" | "trigger">; auditId: number } }).data;
}
