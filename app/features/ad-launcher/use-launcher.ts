/**
 * The launcher's data: the ad account, the products, destination checks, copy, and the launches
 * with their actions. Every query is enabled only for an account with the launcher flag, so a
 * merchant without it never sees a 403.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AdAccount, ConnectAdAccountBody, CreateLaunchBody, Launch } from "~/domain/contracts/ad-launcher";
import { USAGE_SUMMARY_KEY } from "~/features/account";
import { fetchImages, imageKeys } from "~/features/images";
import { HttpError } from "~/lib/http";
import {
  checkDestination,
  connectAdAccount,
  createLaunch,
  deleteLaunch,
  disconnectAdAccount,
  fetchAdAccount,
  fetchLaunches,
  fetchLaunchProducts,
  refreshLaunchInsights,
  retryLaunch,
  setLaunchStatus,
  writeAdCopy,
} from "./launcher-client";
import { launcherKeys } from "./launcher-keys";

/** Retry network trouble and server errors once, never a refusal. */
const retry = (failures: number, err: unknown) => failures < 1 && !(err instanceof HttpError && err.status < 500);

export function useAdAccount(enabled: boolean) {
  return useQuery({ queryKey: launcherKeys.account(), queryFn: ({ signal }) => fetchAdAccount(signal), enabled, retry });
}

export function useConnectAdAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ConnectAdAccountBody) => connectAdAccount(body),
    onSuccess: (account) => client.setQueryData<AdAccount | null>(launcherKeys.account(), account),
  });
}

export function useDisconnectAdAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: disconnectAdAccount,
    onSuccess: () => client.setQueryData<AdAccount | null>(launcherKeys.account(), null),
  });
}

export function useLaunchProducts(ref: string | null, enabled: boolean) {
  return useQuery({ queryKey: launcherKeys.products(ref), queryFn: ({ signal }) => fetchLaunchProducts(ref, signal), enabled, retry });
}

/** The destination check of one URL (asked for on demand; kept per URL for the session). */
export function useDestinationCheck(url: string | null) {
  return useQuery({
    queryKey: launcherKeys.destination(url ?? ""),
    queryFn: ({ signal }) => checkDestination(url!, signal),
    enabled: Boolean(url),
    staleTime: 60_000,
    retry: false,
  });
}

export function useWriteAdCopy() {
  return useMutation({ mutationFn: (productRef: string) => writeAdCopy(productRef) });
}

/** The gallery's newest images (one page of 100), for the creatives step. */
export function useLauncherImages(enabled: boolean) {
  return useQuery({
    queryKey: [...imageKeys.list({ limit: "100" }), "ad-launcher"],
    queryFn: ({ signal }) => fetchImages({ limit: 100 }, signal),
    enabled,
    retry,
  });
}

export function useLaunches(enabled: boolean) {
  return useQuery({ queryKey: launcherKeys.launches(), queryFn: ({ signal }) => fetchLaunches(signal), enabled, retry });
}

function useLaunchListUpdate() {
  const client = useQueryClient();
  return (launch: Launch) =>
    client.setQueryData<Launch[]>(launcherKeys.launches(), (list) => {
      if (!list) return [launch];
      return list.some((l) => l.id === launch.id) ? list.map((l) => (l.id === launch.id ? launch : l)) : [launch, ...list];
    });
}

export function useCreateLaunch() {
  const client = useQueryClient();
  const update = useLaunchListUpdate();
  return useMutation({
    mutationFn: (body: CreateLaunchBody) => createLaunch(body),
    onSuccess: ({ launch }) => update(launch),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: launcherKeys.launches() });
      void client.invalidateQueries({ queryKey: USAGE_SUMMARY_KEY });
    },
  });
}

export function useRetryLaunch() {
  const client = useQueryClient();
  const update = useLaunchListUpdate();
  return useMutation({
    mutationFn: (id: string) => retryLaunch(id),
    onSuccess: ({ launch }) => update(launch),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: launcherKeys.launches() });
      void client.invalidateQueries({ queryKey: USAGE_SUMMARY_KEY });
    },
  });
}

export function useLaunchStatus() {
  const update = useLaunchListUpdate();
  return useMutation({ mutationFn: ({ id, status }: { id: string; status: "active" | "paused" }) => setLaunchStatus(id, status), onSuccess: update });
}

export function useRefreshInsights() {
  const update = useLaunchListUpdate();
  return useMutation({ mutationFn: (id: string) => refreshLaunchInsights(id), onSuccess: update });
}

export function useDeleteLaunch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteLaunch(id),
    onSettled: () => client.invalidateQueries({ queryKey: launcherKeys.launches() }),
  });
}
