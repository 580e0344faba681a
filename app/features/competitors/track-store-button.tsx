/**
 * Track one catalog store as a competitor from elsewhere (the Explorer product's page lists the
 * stores selling it): a button while it is not tracked, a link to its competitor research once it
 * is. The plan's tracked-store limit is the server's; reaching it opens the upgrade modal.
 */
import { Link } from "@remix-run/react";
import { Radar } from "lucide-react";
import { ALLOWANCES } from "~/domain/counters";
import { openUpgradeModal } from "~/features/billing";
import { notify } from "~/lib/toast";
import { Button, buttonClasses } from "~/ui";
import { trackFailure } from "./competitor-logic";
import { useCompetitors, useTrackCompetitor } from "./use-competitors";

export function openTrackedStoresQuotaModal(message: string) {
  openUpgradeModal({
    feature: "generate",
    title: ALLOWANCES.trackedStores.limitTitle,
    message,
    limitLabel: `0 ${ALLOWANCES.trackedStores.unit.other} left`,
  });
}

/** `storeId` is the catalog store's id (a sample store); the tracked copy's id is the competitor's. */
export function TrackStoreButton({ storeId, storeName }: { storeId: string; storeName: string }) {
  const competitors = useCompetitors();
  const track = useTrackCompetitor();
  const tracked = competitors.data?.data.find((c) => c.storeId === storeId);

  if (tracked)
    return (
      <Link
        to={`/competitor-research?store=${encodeURIComponent(tracked.id)}`}
        className={buttonClasses({ variant: "ghost", size: "sm" })}
        aria-label={`Tracked: open ${storeName} in competitor research`}
        data-testid="store-tracked"
      >
        <Radar className="size-3.5 text-accent" aria-hidden />
        Tracked
      </Link>
    );

  return (
    <Button
      variant="secondary"
      size="sm"
      loading={track.isPending}
      disabled={competitors.isPending}
      icon={<Radar className="size-3.5" aria-hidden />}
      aria-label={`Track ${storeName} as a competitor`}
      onClick={() =>
        track.mutate(
          { sampleStoreId: storeId },
          {
            onSuccess: (c) =>
              notify({
                title: `Tracking ${c.name}`,
                description: c.isSampleData ? "A sample store: its changes are sample data." : undefined,
                variant: "success",
              }),
            onError: (err) => {
              const failure = trackFailure(err);
              if (failure.kind === "quota") openTrackedStoresQuotaModal(failure.message);
              else notify({ title: "Couldn't track this store", description: failure.message, variant: "destructive" });
            },
          },
        )
      }
      data-testid="store-track"
    >
      Track
    </Button>
  );
}
