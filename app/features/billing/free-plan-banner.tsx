import { Link, useLocation } from "@remix-run/react";
import { Sparkles, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { isBannerExcluded } from "~/domain/routing";
import { useSubscription } from "~/features/account";
import { BILLING_STORAGE_KEYS, useStoredFlag } from "./storage";
import { IconButton } from "~/ui/icon-button";

export const FREE_BANNER_TEXT =
  "You are on a free plan with limited features. Upgrade now to unlock your full potential.";

/** The spec's exclusions, plus the offline test checkout (a dev tool) and the staff console (staff run the business there, they are not sold to). */
export function isFreeBannerHidden(pathname: string): boolean {
  return isBannerExcluded(pathname) || pathname === "/dev/checkout" || pathname === "/admin" || pathname.startsWith("/admin/");
}

/**
 * The free-plan bottom banner (spec section 2, "Protected pages"): free plan only, dismissed for
 * the session, never on the payment, sign-up, pricing, landing or root routes. It is fixed to
 * the bottom of the content column; a spacer of its height keeps the page end reachable.
 */
export function FreePlanBanner() {
  const { pathname } = useLocation();
  const { isFree } = useSubscription();
  const [dismissed, setDismissed] = useStoredFlag("session", BILLING_STORAGE_KEYS.bannerDismissed, false);
  const barRef = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState(0);
  const visible = isFree && !dismissed && !isFreeBannerHidden(pathname);

  useEffect(() => {
    const bar = barRef.current;
    if (!visible || !bar) return;
    // The page scrolls a focused control clear of the bar (scroll-padding-bottom in tailwind.css), so
    // Tab never lands on a control hidden behind it (WCAG 2.4.11).
    const root = document.documentElement;
    const measure = () => {
      setHeight(bar.offsetHeight);
      root.style.setProperty("--free-banner-height", `${bar.offsetHeight}px`);
    };
    const observer = new ResizeObserver(measure);
    observer.observe(bar);
    measure();
    return () => {
      observer.disconnect();
      root.style.removeProperty("--free-banner-height");
    };
  }, [visible]);

  if (!visible) return null;
  return (
    <>
      <div aria-hidden style={{ height }} />
      <div
        ref={barRef}
        role="region"
        aria-label="Free plan"
        data-testid="free-plan-banner"
        // Follows the <html data-sidebar> marker the server and boot script set, so it never jumps at hydration.
        className="fixed inset-x-0 bottom-0 z-30 border-t border-brand/30 bg-bg-elevated/95 shadow-[0_-8px_30px_-12px_rgba(0,0,0,0.45)] backdrop-blur-md animate-slide-up lg:left-72 lg:in-data-[sidebar=collapsed]:left-16"
      >
        <div
          aria-hidden
          className="pointer-events-none absolute inset-0 bg-gradient-to-r from-brand-soft via-transparent to-transparent"
        />
        <div className="relative mx-auto flex max-w-6xl items-center gap-3 px-4 py-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:px-6">
          <span className="hidden size-8 shrink-0 place-items-center rounded-lg bg-brand-soft text-brand sm:grid">
            <Sparkles className="size-4" aria-hidden />
          </span>
          <p className="min-w-0 flex-1 text-[13px] leading-5 text-fg sm:text-sm">{FREE_BANNER_TEXT}</p>
          <Link
            to="/upgrade"
            data-testid="free-plan-banner-upgrade"
            className="inline-flex h-9 shrink-0 items-center rounded-lg bg-brand-strong px-3.5 text-sm font-semibold text-white shadow-md shadow-brand/25 transition-colors hover:bg-brand-hover"
          >
            Upgrade Now
          </Link>
          <IconButton
            onClick={() => setDismissed(true)}
            label="Dismiss the free plan banner"
            data-testid="free-plan-banner-dismiss"
            className="-mr-1.5 text-subtle"
          >
            <X className="size-4" aria-hidden />
          </IconButton>
        </div>
      </div>
    </>
  );
}
