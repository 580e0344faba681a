import { isNearLimit } from "~/domain/plans";
/** A thin meter bar; warning-coloured from 80% (near the limit). */
export function UsageBar({
  used,
  limit,
  label,
  className = "",
}: {
  used: number;
  limit: number;
  /** Accessible name of the meter, e.g. "Queries used today". */
  label: string;
  className?: string;
}) {
  const ratio = limit > 0 ? Math.min(1, Math.max(0, used / limit)) : 0;
  const near = isNearLimit(used, limit);
  return (
    <div
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={limit}
      aria-valuenow={Math.min(used, limit)}
      aria-valuetext={`${used} of ${limit} used`}
      className={`h-1.5 w-full overflow-hidden rounded-full bg-fg/10 ${className}`}
    >
      <div
        className={`h-full rounded-full transition-[width] duration-500 ease-out ${
          near ? "bg-gradient-to-r from-warning to-danger" : "bg-gradient-to-r from-brand to-accent"
        }`}
        style={{ width: `${Math.round(ratio * 100)}%` }}
      />
    </div>
  );
}
