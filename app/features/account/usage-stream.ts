/**
 * The live usage stream (spec sections 4, 7 and 8): one EventSource on /api/usage/stream per
 * tab while signed in. Each snapshot replaces the cached usage summary, so every counter on the
 * page updates at once; a plan change on the stream refetches the subscription status.
 */
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { DAILY_COUNTERS } from "~/domain/plans";
import { isNearLimit } from "~/domain/plans";
import { AUTH_ME_KEY, useCurrentUser } from "./session";
import { QUERY_LIMIT_KEY, remainingOf, SUBSCRIPTION_KEY, USAGE_SUMMARY_KEY, type Counters, type QueryLimit, type SubscriptionStatus, type UsageSummary } from "./subscription";
import { notify } from "~/lib/toast";

export const USAGE_STREAM_URL = "/api/usage/stream";
export const RECONNECT_DELAY_MS = 5000;
export const STREAM_LOST_MESSAGE = "Connection to usage tracking lost";
export const STREAM_SETUP_MESSAGE = "Failed to establish real-time connection";

/** A usage snapshot as the stream sends it (the summary's shape); counters it leaves out keep their value. */
export type UsageSnapshot = Omit<Partial<UsageSummary>, "usage"> & { usage: Partial<Counters> };

interface HeartbeatMessage {
  heartbeat: true;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Parses one `data:` payload; null for heartbeats and anything that is not a snapshot. */
export function parseStreamMessage(raw: string): UsageSnapshot | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isObject(parsed) || (parsed as Partial<HeartbeatMessage>).heartbeat) return null;
  if (!isObject(parsed.usage)) return null;
  return parsed as unknown as UsageSnapshot;
}

function countersFrom(source: Partial<Counters> | undefined, fallback: Partial<Counters> | undefined): Counters {
  const out = {} as Counters;
  for (const c of DAILY_COUNTERS) {
    const value = source?.[c] ?? fallback?.[c];
    out[c] = typeof value === "number" && Number.isFinite(value) ? value : 0;
  }
  return out;
}

/**
 * Writes a snapshot into the query cache: the counters replace current usage, what remains is
 * recomputed, and the query-limit query follows. Returns true when the plan changed.
 */
export function applyUsageSnapshot(queryClient: QueryClient, snapshot: UsageSnapshot): boolean {
  const previous = queryClient.getQueryData<UsageSummary>(USAGE_SUMMARY_KEY);
  const status = queryClient.getQueryData<SubscriptionStatus>(SUBSCRIPTION_KEY);
  const usage = countersFrom(snapshot.usage, previous?.usage);
  const limits = countersFrom(snapshot.limits, previous?.limits);
  const next: UsageSummary = {
    ...previous,
    ...snapshot,
    plan: snapshot.plan ?? previous?.plan ?? "free",
    usage,
    limits,
    remaining: remainingOf(usage, limits),
    trackingType: "daily",
  };
  queryClient.setQueryData(USAGE_SUMMARY_KEY, next);

  const previousLimit = queryClient.getQueryData<QueryLimit>(QUERY_LIMIT_KEY);
  const limit = limits.queries;
  const used = usage.queries;
  queryClient.setQueryData<QueryLimit>(QUERY_LIMIT_KEY, {
    limit,
    used,
    remaining: Math.max(0, limit - used),
    resetsAt: next.resetsAt ?? previousLimit?.resetsAt ?? "",
    nearLimit: isNearLimit(used, limit),
  });

  const knownPlan = status?.plan ?? previous?.plan;
  const planChanged = Boolean(snapshot.plan && knownPlan && snapshot.plan !== knownPlan);
  if (planChanged) void queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_KEY });
  return planChanged;
}

interface Connection {
  queryClient: QueryClient;
  users: number;
  close: () => void;
}

// One connection per tab, shared by every component that mounts the hook.
let connection: Connection | null = null;

function openConnection(queryClient: QueryClient): () => void {
  let source: EventSource | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let unloading = false;
  // "Once": one toast per outage, not one per failed reconnect.
  let lostReported = false;

  const onPageHide = () => {
    unloading = true;
  };
  const onPageShow = () => {
    unloading = false;
  };
  window.addEventListener("pagehide", onPageHide);
  window.addEventListener("pageshow", onPageShow);

  const connect = () => {
    retry = undefined;
    if (stopped) return;
    try {
      source = new EventSource(USAGE_STREAM_URL);
    } catch (err) {
      console.error("[usage-stream] could not open the usage stream", err);
      notify({ title: STREAM_SETUP_MESSAGE, variant: "destructive" });
      return;
    }
    const current = source;
    current.onopen = () => {
      lostReported = false;
    };
    current.onmessage = (event: MessageEvent<string>) => {
      lostReported = false;
      const snapshot = parseStreamMessage(event.data);
      if (snapshot) applyUsageSnapshot(queryClient, snapshot);
    };
    current.onerror = () => {
      if (stopped || unloading || current !== source) return;
      if (!lostReported) {
        lostReported = true;
        notify({ title: STREAM_LOST_MESSAGE, variant: "destructive" });
      }
      // CONNECTING: the browser retries by itself. CLOSED: it gave up, so we retry in 5 s.
      if (current.readyState === EventSource.CLOSED) {
        current.close();
        source = null;
        // A refused stream may mean the session ended: let the auth query check.
        void queryClient.invalidateQueries({ queryKey: AUTH_ME_KEY });
        retry = setTimeout(connect, RECONNECT_DELAY_MS);
      }
    };
  };

  connect();

  return () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    source?.close();
    source = null;
    window.removeEventListener("pagehide", onPageHide);
    window.removeEventListener("pageshow", onPageShow);
  };
}

function acquire(queryClient: QueryClient): () => void {
  if (connection && connection.queryClient !== queryClient) {
    connection.close();
    connection = null;
  }
  if (!connection) connection = { queryClient, users: 0, close: openConnection(queryClient) };
  const mine = connection;
  mine.users += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    mine.users -= 1;
    if (mine.users === 0 && connection === mine) {
      mine.close();
      connection = null;
    }
  };
}

/**
 * Keeps this tab's usage counters live while signed in. Mount it once (the app shell does);
 * extra mounts share the same connection. Signing out or switching user closes it.
 */
export function useUsageStream() {
  const { user } = useCurrentUser();
  const queryClient = useQueryClient();
  // Unverified accounts are refused the stream until they pass the verification gate.
  const userId = user?.emailVerified ? user.id : null;
  useEffect(() => {
    if (userId === null || typeof window === "undefined") return;
    if (typeof EventSource === "undefined") {
      notify({ title: STREAM_SETUP_MESSAGE, variant: "destructive" });
      return;
    }
    return acquire(queryClient);
  }, [userId, queryClient]);
}
