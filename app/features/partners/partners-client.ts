/** The partner directory's API client (functions/partners.ts). Types come from the contract. */
import type { Partner, PartnerApplication, PartnerApplicationBody } from "~/domain/contracts/partners";
import type { PartnerCategory } from "~/domain/partners";
import { apiRequest } from "~/lib/http";

export async function fetchPartners(filter: { category: PartnerCategory | ""; q: string }): Promise<Partner[]> {
  const params = new URLSearchParams();
  if (filter.category) params.set("category", filter.category);
  if (filter.q.trim()) params.set("q", filter.q.trim());
  const query = params.toString();
  const res = await apiRequest("GET", `/api/partners${query ? `?${query}` : ""}`);
  return ((await res.json()) as { data: Partner[] }).data;
}

export async function submitPartnerApplication(body: PartnerApplicationBody): Promise<PartnerApplication> {
  const res = await apiRequest("POST", "/api/partners/applications", body);
  return ((await res.json()) as { data: PartnerApplication }).data;
}

export async function fetchPartnerApplications(status: PartnerApplication["status"] | "all"): Promise<PartnerApplication[]> {
  const res = await apiRequest("GET", `/api/admin/partners/applications${status === "all" ? "" : `?status=${status}`}`);
  return ((await res.json()) as { data: PartnerApplication[] }).data;
}

export async function decidePartnerApplication(id: string, status: "approved" | "rejected", reason: string): Promise<PartnerApplication> {
  const res = await apiRequest("POST", `/api/admin/partners/applications/${encodeURIComponent(id)}/status`, { status, reason });
  return ((await res.json()) as { data: PartnerApplication }).data;
}
