import { Link, useLocation } from "@remix-run/react";
import { Button, buttonClasses } from "~/ui/button";
import { ArrowRight, ArrowUpRight, Clapperboard, Lightbulb, Play, X } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Modal } from "~/ui/modal";
import { useCurrentUser } from "~/features/account";
import { isGrowthActive, useSubscription } from "~/features/account";
import { BILLING_STORAGE_KEYS, readStored, useStoredValue, writeStored } from "./storage";
import { TOUR_SLIDE_MS, TourPlayer } from "./tour-player";
import { WELCOME_FEATURES } from "./welcome-features";
import { Pressable } from "~/ui";
import { IconButton } from "~/ui/icon-button";
import { Tip } from "~/ui/tooltip";

export const WELCOME_TITLE = "Welcome to Growth — you're all set";

/** Spec section 4, "Premium welcome dialog" timings. */
export const WELCOME_DELAYS_MS = { firstLoad: 2000, planChange: 1500, checkout: 2000, forced: 1000 } as const;
/** After the dialog closes, automatic triggers wait this long. */
export const WELCOME_RETRIGGER_GUARD_MS = 60_000;

const K = BILLING_STORAGE_KEYS;

/** Came back from checkout: a query flag, or a referrer from the Stripe checkout. */
export function isCheckoutReturn(search: string, referrer: string): boolean {
  const params = new URLSearchParams(search);
  if (params.get("payment_success") === "true" || params.get("checkout") === "success") return true;
  try {
    return referrer ? new URL(referrer).hostname === "checkout.stripe.com" : false;
  } catch {
    return false;
  }
}

function recentlyShown(now = Date.now()): boolean {
  const last = Number(readStored("local", K.premiumLastShown));
  return Number.isFinite(last) && last > 0 && now - last < WELCOME_RETRIGGER_GUARD_MS;
}

const isDismissed = () => readStored("local", K.premiumDismissed) === "true";

/**
 * Every trigger of the welcome dialog (spec section 4): first load of an active Growth user
 * who never saw it (2 s), a plan change from free to Growth (1.5 s), a return from checkout
 * (2 s, once a session, unless dismissed), force_modal=true (1 s), and the floating button.
 * Automatic triggers respect "Don't show this again" and the 60 s guard after a close.
 */
export function usePremiumWelcome() {
  const { user } = useCurrentUser();
  const { status } = useSubscription();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const openRef = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const userId = user?.id ?? null;

  const show = useCallback(() => {
    if (openRef.current) return;
    openRef.current = true;
    setOpen(true);
    writeStored("local", K.premiumShown, "true");
    writeStored("session", K.premiumSessionShown, "true");
  }, []);

  const schedule = useCallback(
    (delayMs: number, force = false) => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = undefined;
        if (!force && (isDismissed() || recentlyShown())) return;
        show();
      }, delayMs);
    },
    [show],
  );

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  // Query-string and referrer triggers.
  useEffect(() => {
    if (userId === null) return;
    const params = new URLSearchParams(location.search);
    if (params.get("force_modal") === "true") {
      schedule(WELCOME_DELAYS_MS.forced, true);
      return;
    }
    if (
      isCheckoutReturn(location.search, document.referrer) &&
      !isDismissed() &&
      readStored("session", K.premiumSessionShown) !== "true"
    ) {
      schedule(WELCOME_DELAYS_MS.checkout);
    }
  }, [userId, location.search, schedule]);

  // Status triggers: first load, and free → Growth.
  const previousPlan = useRef<{ userId: number | null; plan: string | null }>({ userId: null, plan: null });
  useEffect(() => {
    if (!status || userId === null) return;
    const before = previousPlan.current.userId === userId ? previousPlan.current.plan : null;
    previousPlan.current = { userId, plan: status.plan };
    if (!isGrowthActive(status)) return;
    if (before === null) {
      if (readStored("local", K.premiumShown) !== "true") schedule(WELCOME_DELAYS_MS.firstLoad);
    } else if (before === "free") {
      schedule(WELCOME_DELAYS_MS.planChange);
    }
  }, [status, userId, schedule]);

  const close = useCallback(() => {
    openRef.current = false;
    setOpen(false);
    writeStored("local", K.premiumLastShown, String(Date.now()));
  }, []);

  const dontShowAgain = useCallback(() => {
    writeStored("local", K.premiumDismissed, "true");
    close();
  }, [close]);

  return { open, show, close, dontShowAgain };
}

/** The quick tour's real length: its slides, played one after another ("0:18"). */
export function quickTourLength(): string {
  const seconds = Math.round((WELCOME_FEATURES.length * TOUR_SLIDE_MS) / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

function VideoThumbnail({ onPlay }: { onPlay: () => void }) {
  return (
    <Pressable
      onClick={onPlay}
      data-testid="welcome-video-thumbnail"
      aria-label={`Play the quick tour (${quickTourLength()})`}
      className="group relative block aspect-[16/8] w-full sm:aspect-[16/6] overflow-hidden rounded-xl border border-line bg-gradient-to-br from-brand-strong/40 via-bg-elevated to-accent/20 text-left"
    >
      {/* A collage of the four feature cards as the poster frame. */}
      <span
        aria-hidden
        className="absolute inset-0 grid grid-cols-2 gap-2 p-3 opacity-70 transition-opacity group-hover:opacity-50 sm:grid-cols-4 sm:gap-3 sm:p-4"
      >
        {WELCOME_FEATURES.map(({ id, title, icon: Icon }, i) => (
          <span
            key={id}
            className={`flex-col gap-2 rounded-lg border border-line bg-surface/80 p-2.5 ${i > 1 ? "hidden sm:flex" : "flex"} ${
              i % 2 ? "sm:mt-5" : "sm:mb-5"
            }`}
          >
            <span className="flex items-center gap-1.5">
              <Icon className="size-3.5 shrink-0 text-brand" />
              <span className="truncate text-[10px] font-semibold text-fg">{title}</span>
            </span>
            <span className="block h-8 rounded-md bg-gradient-to-br from-brand/40 to-accent/20" />
            <span className="space-y-1">
              <span className="block h-1 w-4/5 rounded-full bg-fg/25" />
              <span className="block h-1 w-3/5 rounded-full bg-fg/15" />
            </span>
          </span>
        ))}
      </span>
      <span className="absolute inset-0 grid place-items-center">
        <span className="grid size-14 place-items-center rounded-full bg-brand-strong text-white shadow-xl shadow-brand/40 ring-8 ring-brand/20 transition-transform group-hover:scale-110">
          <Play className="ml-0.5 size-6 fill-white" aria-hidden />
        </span>
      </span>
      <span className="absolute bottom-3 left-3 rounded-full bg-bg/80 px-2.5 py-1 text-xs font-semibold text-fg backdrop-blur">
        Quick tour • {quickTourLength()}
      </span>
    </Pressable>
  );
}

export interface PremiumWelcomeDialogProps {
  open: boolean;
  onClose: () => void;
  onDontShowAgain: () => void;
}

/** The dialog itself (spec section 2, "Premium welcome dialog"). */
export function PremiumWelcomeDialog({ open, onClose, onDontShowAgain }: PremiumWelcomeDialogProps) {
  const [playing, setPlaying] = useState(false);
  useEffect(() => {
    if (!open) setPlaying(false);
  }, [open]);

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={WELCOME_TITLE}
      description="Your Growth plan is active. Here is the fastest way to get value from it."
      data-testid="premium-welcome-dialog"
      className="md:max-w-3xl!"
      footer={
        <>
          <Button
            onClick={onDontShowAgain}
            variant="ghost"
            size="lg"
            className="md:mr-auto"
            data-testid="welcome-dont-show"
          >
            Don&rsquo;t show this again
          </Button>
          <Link
            to="/"
            onClick={onClose}
            className={buttonClasses({ variant: "secondary", size: "lg" })}
            data-testid="welcome-explore-dashboard"
          >
            Explore Dashboard
          </Link>
          <a
            href="/tutorials"
            target="_blank"
            rel="noopener noreferrer"
            onClick={onClose}
            className={buttonClasses({ variant: "primary", size: "lg" })}
            data-testid="welcome-start-power-tour"
          >
            Start Power tour
            <ArrowUpRight className="size-4" aria-hidden />
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </>
      }
    >
      <div className="space-y-5">
        {playing ? (
          <TourPlayer onClose={() => setPlaying(false)} />
        ) : (
          <VideoThumbnail onPlay={() => setPlaying(true)} />
        )}
        <p className="-mt-2 flex items-center gap-1.5 text-xs text-muted" data-testid="welcome-power-tour-label">
          <Clapperboard className="size-3.5 text-brand" aria-hidden />
          Power tour — the step-by-step tutorials, on the Tutorials page
        </p>

        <ul className="grid gap-3 sm:grid-cols-2" data-testid="welcome-features">
          {WELCOME_FEATURES.map(({ id, title, badge, to, blurb, icon: Icon }) => (
            <li key={id}>
              <Link
                to={to}
                onClick={onClose}
                data-testid={`welcome-card-${id}`}
                className="group flex h-full items-start gap-3 rounded-xl border border-line bg-surface-2/50 p-3.5 transition-colors hover:border-brand/50 hover:bg-brand-soft"
              >
                <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-brand-soft text-brand">
                  <Icon className="size-[18px]" aria-hidden />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    <span className="text-sm font-semibold text-fg">{title}</span>
                    {badge && (
                      <span className="rounded-full bg-accent/15 px-1.5 py-px text-[10px] font-bold uppercase tracking-wide text-accent">
                        {badge}
                      </span>
                    )}
                  </span>
                  <span className="mt-0.5 block text-xs leading-5 text-muted">{blurb}</span>
                </span>
                <ArrowRight
                  className="mt-1 size-4 shrink-0 text-subtle transition-transform group-hover:translate-x-0.5 group-hover:text-brand"
                  aria-hidden
                />
              </Link>
            </li>
          ))}
        </ul>

        <div
          className="flex gap-3 rounded-xl border border-brand/30 bg-brand-soft px-4 py-3"
          data-testid="welcome-quick-start"
        >
          <Lightbulb className="mt-0.5 size-4 shrink-0 text-brand" aria-hidden />
          <div className="text-sm">
            <p className="font-semibold text-fg">Quick Start</p>
            <ol className="mt-1 space-y-0.5 text-muted">
              <li>1) Pick your first product with Winning Product.</li>
              <li>2) Launch pages with AI Store Builder.</li>
            </ol>
          </div>
        </div>
      </div>
    </Modal>
  );
}

/** The sidebar's Power tour entry asks the mounted welcome dialog to open with this window event. */
export const SHOW_POWER_TOUR_EVENT = "show-power-tour";

/**
 * The "Power tour • For Pro Users" entry: paid users, in the sidebar where free users have the upgrade
 * dock, so it never sits over a screen's content or controls (it used to float at the bottom right,
 * over the Image Maker's Next button and report figures). Its own close hides it for good.
 */
export function PowerTourButton({ collapsed }: { collapsed: boolean }) {
  const { isPaid } = useSubscription();
  const dismissed = useStoredValue("local", K.premiumDismissed) === "true";
  if (!isPaid || dismissed) return null;
  const open = () => window.dispatchEvent(new Event(SHOW_POWER_TOUR_EVENT));
  if (collapsed) {
    return (
      <div className="shrink-0 px-3 pb-2 pt-1 print:hidden" data-testid="power-tour">
        <Tip content="Power tour · For Pro Users" side="right">
          <Pressable
            onClick={open}
            data-testid="power-tour-button"
            aria-label="Power tour, for Pro users: open the welcome tour"
            className="grid size-10 place-items-center rounded-xl border border-brand/40 bg-bg-elevated"
          >
            <span className="grid size-7 place-items-center rounded-full bg-brand-strong text-white">
              <Play className="ml-0.5 size-3 fill-white" aria-hidden />
            </span>
          </Pressable>
        </Tip>
      </div>
    );
  }
  return (
    <div className="relative shrink-0 px-3 pb-2 pt-1 print:hidden" data-testid="power-tour">
      <Pressable
        onClick={open}
        data-testid="power-tour-button"
        className="flex w-full items-center gap-2.5 rounded-2xl border border-brand/40 bg-bg-elevated py-1.5 pl-1.5 pr-10 text-left transition-colors hover:bg-surface-2"
      >
        <span className="grid size-8 shrink-0 place-items-center rounded-full bg-brand-strong text-white">
          <Play className="ml-0.5 size-3.5 fill-white" aria-hidden />
        </span>
        <span className="leading-tight">
          <span className="block text-sm font-semibold text-fg">Power tour</span>
          <span className="block text-[11px] text-muted">For Pro Users</span>
          <span className="sr-only">: open the welcome tour</span>
        </span>
      </Pressable>
      <IconButton
        onClick={() => writeStored("local", K.premiumDismissed, "true")}
        label="Hide the Power tour button for good"
        data-testid="power-tour-dismiss"
        size="xs"
        shape="round"
        className="absolute right-5 top-1/2 -translate-y-1/2 text-muted"
      >
        <X className="size-3.5" aria-hidden />
      </IconButton>
    </div>
  );
}

/** Triggers and the dialog. Mounted by the app shell and the success screen; the sidebar's Power tour entry opens it. */
export function PremiumWelcome() {
  const welcome = usePremiumWelcome();
  const { show } = welcome;
  useEffect(() => {
    window.addEventListener(SHOW_POWER_TOUR_EVENT, show);
    return () => window.removeEventListener(SHOW_POWER_TOUR_EVENT, show);
  }, [show]);
  return <PremiumWelcomeDialog open={welcome.open} onClose={welcome.close} onDontShowAgain={welcome.dontShowAgain} />;
}
