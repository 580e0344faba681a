/**
 * The AI Launcher's API client (/api/ad-launcher, issue 28) over the one request client. Types
 * come from the contract (type-only imports), so no answer's shape is written twice.
 */
import type {
  AdAccount,
  AdCopyVariant,
  ConnectAdAccountBody,
  CreateLaunchBody,
  Launch,
  LaunchProduct,
} from "~/domain/contracts/ad-launcher";
import { apiRequest } from "~/lib/http";

const BASE = "/api/ad-launcher";
const data = async <T>(res: Response) => ((await res.json()) as { data: T }).data;
const launchUrl = (id: string) => `${BASE}/launches/${encodeURIComponent(id)}`;

export interface DestinationCheckResult {
  url: string;
  ok: boolean;
  status: number | null;
  message: string;
}

export interface WrittenAdCopy {
  variants: AdCopyVariant[];
  facts: { label: string; value: string; source: string }[];
  writer: "model" | "built-in";
}

export interface LaunchCharge {
  counter: "launchers";
  count: number;
  remaining: number;
}

export async function fetchAdAccount(signal?: AbortSignal): Promise<AdAccount | null> {
  return data<AdAccount | null>(await apiRequest("GET", `${BASE}/account`, undefined, { signal }));
}

export async function connectAdAccount(body: ConnectAdAccountBody): Promise<AdAccount> {
  return data<AdAccount>(await apiRequest("POST", `${BASE}/account`, body));
}

export async function disconnectAdAccount(): Promise<void> {
  await apiRequest("DELETE", `${BASE}/account`);
}

export async function fetchLaunchProducts(ref: string | null, signal?: AbortSignal): Promise<LaunchProduct[]> {
  const qs = ref ? `?ref=${encodeURIComponent(ref)}` : "";
  return data<LaunchProduct[]>(await apiRequest("GET", `${BASE}/products${qs}`, undefined, { signal }));
}

export async function checkDestination(url: string, signal?: AbortSignal): Promise<DestinationCheckResult> {
  return data<DestinationCheckResult>(await apiRequest("POST", `${BASE}/destination-check`, { url }, { signal }));
}

export async function writeAdCopy(productRef: string): Promise<WrittenAdCopy> {
  return data<WrittenAdCopy>(await apiRequest("POST", `${BASE}/copy`, { productRef }));
}

export async function fetchLaunches(signal?: AbortSignal): Promise<Launch[]> {
  return data<Launch[]>(await apiRequest("GET", `${BASE}/launches`, undefined, { signal }));
}

export async function createLaunch(body: CreateLaunchBody): Promise<{ launch: Launch; charged: LaunchCharge | null }> {
  const answer = (await (await apiRequest("POST", `${BASE}/launches`, body)).json()) as { data: Launch; charged?: LaunchCharge };
  return { launch: answer.data, charged: answer.charged ?? null };
}

export async function retryLaunch(id: string): Promise<{ launch: Launch; charged: LaunchCharge | null }> {
  const answer = (await (await apiRequest("POST", `${launchUrl(id)}/retry`)).json()) as { data: Launch; charged?: LaunchCharge };
  return { launch: answer.data, charged: answer.charged ?? null };
}

export async function setLaunchStatus(id: string, status: "active" | "paused"): Promise<Launch> {
  return data<Launch>(await apiRequest("POST", `${launchUrl(id)}/status`, { status }));
}

export async function deleteLaunch(id: string): Promise<void> {
  await apiRequest("DELETE", launchUrl(id));
}

export async function refreshLaunchInsights(id: string): Promise<Launch> {
  return data<Launch>(await apiRequest("POST", `${launchUrl(id)}/insights`));
}
