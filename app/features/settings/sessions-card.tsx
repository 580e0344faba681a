import { AlertCircle, Laptop, MonitorSmartphone, RefreshCw, Smartphone, Tablet } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "~/features/auth";
import { notify } from "~/lib/toast";
import { useEndSession, useSessions, type AccountSession } from "./account-api";
import { describeUserAgent, type DeviceKind } from "./format";
import { absoluteTime, relativeTime } from "~/ui/time";
import { Badge, SectionCard } from "./section-card";
import { IconButton } from "~/ui/icon-button";

const DEVICE_ICONS: Record<DeviceKind, typeof Laptop> = {
  desktop: Laptop,
  mobile: Smartphone,
  tablet: Tablet,
  unknown: MonitorSmartphone,
};

/** Re-renders every 30 s so "last active" stays honest while the page is open. */
function useNow(intervalMs = 30_000) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return now;
}

function SessionRow({ session, now }: { session: AccountSession; now: number }) {
  const end = useEndSession();
  const device = describeUserAgent(session.userAgent);
  const Icon = DEVICE_ICONS[device.kind];
  const lastActive = session.lastSeenAt ?? session.createdAt;

  const onSignOut = () =>
    end.mutate(session.id, {
      onSuccess: () =>
        notify({
          title: "Session signed out",
          description: `${device.label} is no longer signed in.`,
          variant: "success",
        }),
      onError: (failure) => notify({ title: "Error", description: failure.message, variant: "destructive" }),
    });

  return (
    <li
      className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center"
      data-testid="session-row"
      data-current={session.current ? "true" : "false"}
    >
      <div className="flex min-w-0 flex-1 items-start gap-3.5">
        <span
          aria-hidden
          className="grid size-10 shrink-0 place-items-center rounded-xl border border-line bg-bg-elevated text-muted"
        >
          <Icon className="size-5" />
        </span>
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-fg">
            <span>{device.label}</span>
            {session.current && <Badge tone="brand">This device</Badge>}
          </p>
          <p className="mt-0.5 text-[13px] text-muted">
            <span>{session.ipAddress && session.ipAddress !== "local" ? session.ipAddress : "Local network"}</span>
            <span aria-hidden> · </span>
            <span>
              {session.current ? (
                "Active now"
              ) : (
                <>
                  Last active{" "}
                  <time dateTime={lastActive} title={absoluteTime(lastActive)}>
                    {relativeTime(lastActive, now)}
                  </time>
                </>
              )}
            </span>
          </p>
          <p className="mt-0.5 text-xs text-subtle">
            Signed in <time dateTime={session.createdAt}>{absoluteTime(session.createdAt)}</time>
          </p>
        </div>
      </div>
      {!session.current && (
        <Button
          variant="secondary"
          className="self-start sm:self-center"
          onClick={onSignOut}
          pending={end.isPending}
          pendingLabel="Signing out..."
          aria-label={`Sign out ${device.label}, last active ${relativeTime(lastActive, now)}`}
        >
          Sign out
        </Button>
      )}
    </li>
  );
}

export function SessionsCard() {
  const sessions = useSessions();
  const now = useNow();
  const list = sessions.data
    ? [...sessions.data].sort(
        (a, b) =>
          Number(b.current) - Number(a.current) ||
          (b.lastSeenAt ?? b.createdAt).localeCompare(a.lastSeenAt ?? a.createdAt),
      )
    : [];

  return (
    <SectionCard
      id="sessions"
      title="Active sessions"
      description="Devices signed in to your account. Sign out any you don't recognise."
      icon={MonitorSmartphone}
      aside={
        <IconButton
          onClick={() => void sessions.refetch()}
          disabled={sessions.isFetching}
          label="Refresh sessions"
          title="Refresh sessions"
          className="text-subtle"
        >
          <RefreshCw className={`size-4 ${sessions.isFetching ? "animate-spin" : ""}`} aria-hidden />
        </IconButton>
      }
    >
      {sessions.isPending ? (
        <ul aria-busy="true" aria-label="Loading sessions" className="space-y-4">
          {[0, 1].map((i) => (
            <li key={i} className="flex items-center gap-3.5">
              <span className="size-10 animate-pulse rounded-xl bg-surface-2" />
              <span className="flex-1 space-y-2">
                <span className="block h-3.5 w-40 animate-pulse rounded bg-surface-2" />
                <span className="block h-3 w-56 animate-pulse rounded bg-surface-2" />
              </span>
            </li>
          ))}
        </ul>
      ) : sessions.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-fg">
          <AlertCircle className="size-4 text-danger" aria-hidden />
          <span className="flex-1">{sessions.error.message}</span>
          <Button variant="secondary" onClick={() => void sessions.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <ul className="divide-y divide-line" data-testid="sessions-list">
          {list.map((s) => (
            <SessionRow key={s.id} session={s} now={now} />
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
