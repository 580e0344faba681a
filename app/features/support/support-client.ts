/**
 * The support API client (functions/support.ts) over the one request client: my tickets, a
 * ticket's thread, replies, opening a ticket (multipart when it carries a screenshot), the help
 * article a ticket is about, and the staff inbox. Types come from the contract (type-only).
 */
import type { StaffTicket, StaffTicketSummary, Ticket, TicketCategory, TicketListAnswer, TicketStatus } from "~/domain/contracts/support";
import { apiRequest, buildHeaders, HttpError, NetworkError, throwIfResNotOk, withTimestamp } from "~/lib/http";

const data = async <T>(res: Response) => ((await res.json()) as { data: T }).data;
const ticketUrl = (id: string) => `/api/support/tickets/${encodeURIComponent(id)}`;
const staffUrl = (id: string) => `/api/admin/support/tickets/${encodeURIComponent(id)}`;

export const supportKeys = {
  all: ["support"] as const,
  list: () => ["support", "tickets"] as const,
  detail: (id: string) => ["support", "ticket", id] as const,
  article: (key: string) => ["support", "article", key] as const,
  staffList: (query: Record<string, string>) => ["support", "staff", "list", query] as const,
  staffDetail: (id: string) => ["support", "staff", "ticket", id] as const,
};

export async function fetchTickets(signal?: AbortSignal): Promise<TicketListAnswer> {
  return (await (await apiRequest("GET", "/api/support/tickets", undefined, { signal })).json()) as TicketListAnswer;
}

export async function fetchTicket(id: string, signal?: AbortSignal): Promise<Ticket> {
  return data<Ticket>(await apiRequest("GET", ticketUrl(id), undefined, { signal }));
}

export async function replyToTicket(id: string, message: string): Promise<Ticket> {
  return data<Ticket>(await apiRequest("POST", `${ticketUrl(id)}/replies`, { message }));
}

export interface NewTicket {
  subject: string;
  category: TicketCategory;
  message: string;
  articleKey?: string;
  screenshot?: File | null;
}

/** Opens a ticket: JSON without a screenshot, multipart with one (field "file"). */
export async function createTicket(input: NewTicket): Promise<Ticket> {
  const { screenshot, ...fields } = input;
  if (!screenshot) return data<Ticket>(await apiRequest("POST", "/api/support/tickets", fields));
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v) form.append(k, v);
  form.append("file", screenshot, screenshot.name);
  let res: Response;
  try {
    res = await fetch(withTimestamp("/api/support/tickets"), { method: "POST", body: form, headers: buildHeaders(false), credentials: "include" });
  } catch (err) {
    throw new NetworkError("network", err);
  }
  try {
    await throwIfResNotOk(res);
  } catch (err) {
    if (err instanceof HttpError) console.warn("[api] POST /api/support/tickets failed:", err.message);
    throw err;
  }
  return data<Ticket>(res);
}

/** The title of the help article a ticket is about (GET /api/help/articles/{category}/{slug}). */
export async function fetchArticleTitle(articleKey: string, signal?: AbortSignal): Promise<string> {
  const [category, slug] = articleKey.split("/");
  const body = (await (await apiRequest("GET", `/api/help/articles/${encodeURIComponent(category)}/${encodeURIComponent(slug)}`, undefined, { signal })).json()) as {
    data?: { title?: unknown; article?: { title?: unknown } };
  };
  const title = body.data?.title ?? body.data?.article?.title;
  if (typeof title !== "string" || !title) throw new Error("The article has no title.");
  return title;
}

// ---- staff ----

export async function fetchStaffTickets(query: { status?: TicketStatus; assignee?: string; q?: string }, signal?: AbortSignal): Promise<StaffTicketSummary[]> {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v) params.set(k, v);
  const qs = params.toString();
  return data<StaffTicketSummary[]>(await apiRequest("GET", `/api/admin/support/tickets${qs ? `?${qs}` : ""}`, undefined, { signal }));
}

export async function fetchStaffTicket(id: string, signal?: AbortSignal): Promise<StaffTicket> {
  return data<StaffTicket>(await apiRequest("GET", staffUrl(id), undefined, { signal }));
}

export async function staffReply(id: string, body: { message: string; reason?: string }): Promise<StaffTicket> {
  return data<StaffTicket>(await apiRequest("POST", `${staffUrl(id)}/replies`, body));
}

export async function staffAssign(id: string, body: { assigneeId: number | null; reason: string }): Promise<StaffTicket> {
  return data<StaffTicket>(await apiRequest("POST", `${staffUrl(id)}/assign`, body));
}

export async function staffSetStatus(id: string, body: { status: TicketStatus; reason: string }): Promise<StaffTicket> {
  return data<StaffTicket>(await apiRequest("POST", `${staffUrl(id)}/status`, body));
}
