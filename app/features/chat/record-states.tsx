import { RefreshCw } from "lucide-react";
import { errorMessage } from "~/lib/http";
import { Button } from "~/ui/button";
import { Skeleton } from "~/ui/display";

/** Shown while a record loads, in the shape it will take. */
export function RecordSkeleton() {
  return (
    <div data-testid="record-loading" aria-busy>
      <Skeleton className="h-6 w-2/3" />
      <div className="mt-4 grid grid-cols-2 gap-2">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-20" />
        ))}
      </div>
      <Skeleton className="mt-4" lines={4} />
    </div>
  );
}

/** A record that could not be loaded, with a retry. */
export function RecordError({ error, onRetry }: { error: unknown; onRetry(): void }) {
  return (
    <div role="alert" className="rounded-xl border border-danger/30 bg-danger/10 p-4 text-sm">
      <p>{errorMessage(error, "Couldn't load this record.")}</p>
      <Button variant="secondary" size="sm" className="mt-3" icon={<RefreshCw className="size-3.5" aria-hidden />} onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
