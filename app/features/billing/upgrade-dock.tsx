import { Link } from "@remix-run/react";
import { buttonClasses } from "~/ui/button";
import { IconButton } from "~/ui/icon-button";
import { Check, ChevronDown, ChevronUp, Crown, Star } from "lucide-react";
import { useId } from "react";
import { allowancePhrase, COUNTERS, periodPhrase } from "~/domain/counters";
import { merchantCount } from "~/domain/product-facts";
import { useProductFacts } from "~/lib/product-facts";
import { Tip } from "~/ui/tooltip";
import { useQueryUsage, useSubscription } from "~/features/account";
import { BILLING_STORAGE_KEYS, useStoredFlag } from "./storage";
import { UsageBar } from "./usage-bar";
import { Pressable } from "~/ui";

export const DOCK_HEIGHT_COLLAPSED_PX = 70;
export const DOCK_HEIGHT_EXPANDED_PX = 360;

// Growth's real allowance, from the counter catalogue: never "unlimited".
const TICKS = [
  allowancePhrase("queries", "growth") ?? "More AI queries",
  "Advanced image generation",
  "AI automation tools",
] as const;

/** "Only N left" from 80% of the daily queries, "No queries left today" at the limit, otherwise "Unlock Premium". */
export function dockHeadline(nearLimit: boolean, remaining: number): string {
  if (!nearLimit) return "Unlock Premium";
  return remaining > 0 ? `Only ${remaining} left` : `No ${COUNTERS.queries.unit.other} left ${periodPhrase("queries")}`;
}

export function useDockOpen() {
  return useStoredFlag("local", BILLING_STORAGE_KEYS.dockOpen, false);
}

/**
 * The free-plan upgrade dock of the sidebar (spec section 2, "Upgrade dock"): 70 px collapsed,
 * 360 px expanded, the state remembered in localStorage. In the 64 px rail it is one icon
 * button that opens the sidebar with the dock expanded (the shell, which owns the sidebar, passes
 * `onExpandSidebar`).
 */
export function UpgradeDock({
  collapsed,
  onNavigate,
  onExpandSidebar,
}: {
  collapsed: boolean;
  onNavigate?: () => void;
  onExpandSidebar: () => void;
}) {
  const { isFree } = useSubscription();
  const usage = useQueryUsage();
  const [open, setOpen] = useDockOpen();
  const panelId = useId();
  const merchants = merchantCount(useProductFacts());
  if (!isFree) return null;

  const headline = dockHeadline(usage.nearLimit, usage.remaining);
  const counter = usage.loaded ? `${usage.used}/${usage.limit}` : `–/${usage.limit}`;

  if (collapsed) {
    return (
      <div className="shrink-0 px-3 pb-2 pt-1" data-testid="upgrade-dock" data-state="rail">
        <Tip content={`${headline} · Upgrade to Growth`} side="right">
          <Pressable
            aria-label={`${headline}: show the upgrade offer`}
            onClick={() => {
              setOpen(true);
              onExpandSidebar();
            }}
            className="relative grid size-10 place-items-center rounded-xl bg-gradient-to-br from-brand-strong to-accent text-white shadow-md shadow-brand/30 transition-transform hover:scale-105"
          >
            <Crown className="size-[18px]" aria-hidden />
            {usage.nearLimit && (
              <span
                aria-hidden
                className="absolute -right-1 -top-1 size-2.5 rounded-full bg-warning ring-2 ring-bg-elevated"
              />
            )}
          </Pressable>
        </Tip>
      </div>
    );
  }

  return (
    <div className="shrink-0 px-3 pb-3 pt-1">
      <section
        aria-label="Upgrade to Growth"
        data-testid="upgrade-dock"
        data-state={open ? "expanded" : "collapsed"}
        className={`relative overflow-hidden rounded-2xl border border-brand/30 bg-surface bg-gradient-to-b from-brand-soft to-surface transition-[height] duration-300 ease-out motion-reduce:transition-none ${
          open ? "h-[360px] max-h-[calc(100dvh-14rem)]" : "h-[70px]"
        }`}
      >
        <span
          aria-hidden
          className="pointer-events-none absolute -right-10 -top-12 size-32 rounded-full bg-brand-strong/20 blur-2xl"
        />
        {open ? (
          <div id={panelId} className="relative flex h-full flex-col overflow-y-auto p-3.5 [scrollbar-width:none]">
            <div className="flex items-start gap-2">
              <span className="mt-0.5 grid size-7 shrink-0 place-items-center rounded-lg bg-gradient-to-br from-brand-strong to-accent text-white shadow-sm shadow-brand/30">
                <Crown className="size-4" aria-hidden />
              </span>
              <h2 className="min-w-0 flex-1 pt-0.5 text-[15px] font-semibold leading-tight text-fg">
                Upgrade to Growth
              </h2>
              <IconButton
                onClick={() => setOpen(false)}
                aria-expanded
                aria-controls={panelId}
                label="Collapse the upgrade offer"
                data-testid="upgrade-dock-toggle"
                size="sm"
                className="-mr-1 -mt-0.5 size-7 text-subtle"
              >
                <ChevronDown className="size-4" aria-hidden />
              </IconButton>
            </div>
            <p className="mt-1 text-xs leading-[18px] text-muted">
              Speed up your dropshipping with AI automation
            </p>

            <div className="mt-2.5 rounded-xl border border-line bg-bg-elevated/60 px-3 py-2">
              <p className="whitespace-nowrap text-xs" aria-live="polite" data-testid="upgrade-dock-counter">
                <span className="font-semibold tabular-nums text-fg">{counter} queries</span>
                <span className="text-muted"> • Resets daily</span>
              </p>
              <UsageBar used={usage.used} limit={usage.limit} label="AI queries used today" className="mt-1.5" />
              {usage.nearLimit && <p className="mt-1 text-[11px] font-semibold text-warning">{headline} today</p>}
            </div>

            <ul className="mt-2.5 space-y-1.5 text-xs text-fg">
              {TICKS.map((tick) => (
                <li key={tick} className="flex items-center gap-2">
                  <span className="grid size-4 shrink-0 place-items-center rounded-full bg-accent/15 text-accent">
                    <Check className="size-3" strokeWidth={3} aria-hidden />
                  </span>
                  {tick}
                </li>
              ))}
            </ul>

            <div className="mt-auto pt-2.5">
              <Link
                to="/upgrade"
                onClick={onNavigate}
                className={buttonClasses({ variant: "primary", size: "md", className: "w-full" })}
                data-testid="upgrade-dock-upgrade"
              >
                Upgrade Now
              </Link>
              <Link
                to="/upgrade"
                onClick={onNavigate}
                className="flex h-7 items-center justify-center text-xs font-medium text-muted transition-colors hover:text-fg"
              >
                See plan details
              </Link>
              <p
                className="mt-1 flex items-start gap-1.5 border-t border-line pt-2 text-[11px] leading-4 text-subtle"
                data-testid="upgrade-dock-social-proof"
              >
                <Star className="mt-px size-3 shrink-0 fill-warning text-warning" aria-hidden />
                <span>{merchants ? `Join ${merchants} on Dropcraft · cancel anytime` : "Cancel anytime · no lock-in"}</span>
              </p>
            </div>
          </div>
        ) : (
          <Pressable
            onClick={() => setOpen(true)}
            aria-expanded={false}
            data-testid="upgrade-dock-toggle"
            // The dock clips its overflow (the glow), so the focus ring is drawn inside the button.
            className="relative flex h-full w-full flex-col justify-center gap-2 rounded-2xl px-3.5 text-left focus-visible:outline-offset-[-3px]"
          >
            <span className="flex w-full items-center gap-2.5">
              <span className="grid size-7 shrink-0 place-items-center rounded-lg bg-gradient-to-br from-brand-strong to-accent text-white shadow-sm shadow-brand/30">
                <Crown className="size-4" aria-hidden />
              </span>
              <span className="min-w-0 flex-1">
                <span
                  className={`block truncate text-sm font-semibold ${usage.nearLimit ? "text-warning" : "text-fg"}`}
                >
                  {headline}
                </span>
              </span>
              <span className="shrink-0 text-[11px] tabular-nums text-muted" aria-live="polite">
                {counter}
              </span>
              {/* Named by what it shows (WCAG 2.5.3), then what a press does. */}
              <span className="sr-only"> queries used today, show the upgrade offer</span>
              <ChevronUp className="size-4 shrink-0 text-subtle" aria-hidden />
            </span>
            <UsageBar used={usage.used} limit={usage.limit} label="AI queries used today" />
          </Pressable>
        )}
      </section>
    </div>
  );
}
