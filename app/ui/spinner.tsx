import Loader2 from "lucide-react/icons/loader-2";
import { cx } from "./cx";

const SIZES = { sm: "size-3.5", md: "size-4", lg: "size-6" } as const;

export interface SpinnerProps {
  size?: keyof typeof SIZES;
  /** Announced as a status when given; without it the spinner is decoration (e.g. inside a busy button). */
  label?: string;
  className?: string;
}

export function Spinner({ size = "md", label, className }: SpinnerProps) {
  const icon = <Loader2 aria-hidden className={cx("shrink-0 animate-spin", SIZES[size], className)} />;
  if (!label) return icon;
  return (
    <span role="status" className="inline-flex items-center">
      {icon}
      <span className="sr-only">{label}</span>
    </span>
  );
}
