import { Link } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";

export const LOGO_SRC = "/favicon.svg";

const MARK_SIZES = {
  sm: "size-7 text-sm",
  md: "size-8 text-base",
  lg: "size-12 text-2xl",
} as const;

export type LogoSize = keyof typeof MARK_SIZES;

/**
 * The brand mark. When the image fails to load it is hidden and a letter mark shows instead.
 * The failure can happen before hydration (the server rendered the <img>), so besides onError
 * the image is checked once after mount: complete with no natural width means it broke.
 */
export function LogoMark({ size = "md", className = "" }: { size?: LogoSize; className?: string }) {
  const [failed, setFailed] = useState(false);
  const imgRef = useRef<HTMLImageElement>(null);

  useEffect(() => {
    const img = imgRef.current;
    if (img && img.complete && img.naturalWidth === 0) setFailed(true);
  }, []);

  if (failed) {
    return (
      <span
        aria-hidden
        data-testid="logo-fallback"
        className={`grid shrink-0 select-none place-items-center rounded-[28%] bg-brand-strong font-bold leading-none text-white shadow-sm ${MARK_SIZES[size]} ${className}`}
      >
        D
      </span>
    );
  }
  return (
    <img
      ref={imgRef}
      src={LOGO_SRC}
      alt=""
      width={48}
      height={48}
      draggable={false}
      onError={() => setFailed(true)}
      className={`shrink-0 select-none ${MARK_SIZES[size]} ${className}`}
    />
  );
}

export function Wordmark({ className = "" }: { className?: string }) {
  return <span className={`text-[15px] font-semibold tracking-tight text-fg ${className}`}>Dropcraft</span>;
}

export interface LogoProps {
  /** Shows "Dropcraft" next to the mark (default true). */
  showWordmark?: boolean;
  size?: LogoSize;
  /** Link target (default "/"). */
  to?: string;
  className?: string;
  onClick?: () => void;
}

/** The logo as a home link: mark plus wordmark. */
export function Logo({ showWordmark = true, size = "md", to = "/", className = "", onClick }: LogoProps) {
  return (
    <Link
      to={to}
      onClick={onClick}
      aria-label="Dropcraft home"
      data-testid="logo"
      className={`inline-flex min-w-0 items-center gap-2.5 rounded-lg outline-offset-4 ${className}`}
    >
      <LogoMark size={size} />
      {showWordmark && <Wordmark className="truncate" />}
    </Link>
  );
}
