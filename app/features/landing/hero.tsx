import { AuthLink } from "~/features/auth/light";
import { useEffect, useRef, useState } from "react";
import { libraryClaim, merchantsClaim } from "~/domain/product-facts";
import { useProductFacts } from "~/lib/product-facts";
import { LiveSalesFeed } from "./live-sales";
import { SpriteIcon } from "./icon-sprite";

export const DASHBOARD_PREVIEW_SRC = "/landing/dashboard-preview.svg";
const PREVIEW_WIDTH = 1200;
const PREVIEW_HEIGHT = 750;

type LoadState = "loading" | "loaded" | "error";

/**
 * The hero screenshot: "Loading dashboard preview..." until the image loads, then a fade-in;
 * a dark gradient if it fails. With SSR the image may settle before hydration, so the mount
 * effect reads `complete`/`naturalWidth` as well as listening for the events.
 */
function DashboardPreview() {
  const imgRef = useRef<HTMLImageElement>(null);
  const [state, setState] = useState<LoadState>("loading");

  useEffect(() => {
    const img = imgRef.current;
    if (img?.complete) setState(img.naturalWidth > 0 ? "loaded" : "error");
  }, []);

  useEffect(() => {
    if (state === "error") console.log("Dashboard preview image failed to load; showing a placeholder.");
  }, [state]);

  return (
    <div
      data-testid="dashboard-preview"
      data-state={state}
      className="relative overflow-hidden rounded-xl bg-linear-to-br from-surface-2 via-surface to-bg sm:rounded-2xl"
      style={{ aspectRatio: `${PREVIEW_WIDTH} / ${PREVIEW_HEIGHT}` }}
    >
      {state !== "error" && (
        <img
          ref={imgRef}
          src={DASHBOARD_PREVIEW_SRC}
          alt="Dropcraft dashboard showing winning-product research, an AI-built store page and ad campaign results"
          width={PREVIEW_WIDTH}
          height={PREVIEW_HEIGHT}
          decoding="async"
          onLoad={() => setState("loaded")}
          onError={() => setState("error")}
          className={`block h-full w-full transition-opacity duration-700 ease-out ${state === "loaded" ? "opacity-100" : "opacity-0"}`}
        />
      )}
      {state === "loading" && (
        <div
          role="status"
          className="absolute inset-0 flex flex-col items-center justify-center gap-3 text-sm text-muted"
        >
          <span aria-hidden className="size-6 animate-spin rounded-full border-2 border-line border-t-brand" />
          Loading dashboard preview...
        </div>
      )}
      {state === "error" && (
        <div
          role="img"
          aria-label="Dashboard preview unavailable"
          className="absolute inset-0 bg-linear-to-br from-black/60 via-black/80 to-black"
        />
      )}
    </div>
  );
}

export function Hero() {
  const facts = useProductFacts();
  const merchants = merchantsClaim(facts);
  return (
    <section aria-labelledby="hero-title" className="relative isolate -mt-16 overflow-hidden pt-16">
      <HeroBackdrop />

      <div className="mx-auto max-w-7xl px-4 pt-14 pb-16 sm:px-6 sm:pt-20 lg:px-8 lg:pt-24">
        <div className="mx-auto max-w-4xl text-center">
          <p className="inline-flex items-start gap-2 rounded-2xl border border-line bg-surface/60 px-3.5 py-1.5 text-left text-xs font-medium text-muted shadow-sm sm:items-center sm:rounded-full sm:text-sm">
            <span className="mt-0.5 flex shrink-0 items-center text-accent sm:mt-0" aria-hidden>
              <SpriteIcon name="check" className="size-3.5" />
            </span>
            <span>{libraryClaim(facts)}</span>
          </p>

          <h1
            id="hero-title"
            className="mt-7 text-[2.6rem] leading-[1.05] font-bold tracking-tight text-balance text-fg sm:text-6xl lg:text-7xl"
          >
            From idea to{" "}
            <span className="bg-linear-to-r from-brand to-accent bg-clip-text whitespace-nowrap text-transparent">
              live store
            </span>{" "}
            in under 15 minutes
          </h1>

          <p className="mx-auto mt-6 max-w-2xl text-base leading-relaxed text-pretty text-muted sm:text-lg">
            Dropcraft is the AI workspace for dropshippers and e-commerce sellers. Find winning products, turn any
            product URL into a high-converting store page and launch ads — all from one place.
          </p>

          <div className="mt-9 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
            <AuthLink
              to="/signup"
              className="group inline-flex items-center justify-center gap-2 rounded-xl bg-brand-strong px-7 py-3.5 text-sm font-semibold tracking-wide text-white shadow-xl shadow-brand/30 ring-1 ring-white/15 transition hover:bg-brand-strong/90"
            >
              GET STARTED
              <SpriteIcon name="arrow-right" className="size-4 transition-transform group-hover:translate-x-0.5" />
            </AuthLink>
            <AuthLink
              to="/signup"
              className="inline-flex items-center justify-center rounded-xl border border-line bg-surface/70 px-7 py-3.5 text-sm font-semibold tracking-wide text-fg transition hover:border-fg/20 hover:bg-surface-2"
            >
              TRY FREE NOW
            </AuthLink>
          </div>

          <div className="mt-8 flex flex-col items-center justify-center gap-4 text-sm text-muted sm:flex-row sm:gap-6">
            <div className="flex items-center gap-3">
              <span>
                {merchants.lead}
                <span className="font-semibold text-fg">{merchants.figure}</span>
              </span>
            </div>
            <span aria-hidden className="hidden h-4 w-px bg-line sm:block" />
            <span className="inline-flex items-center gap-1.5">
              <SpriteIcon name="check" className="size-4 text-accent" />
              No credit card required
            </span>
          </div>
        </div>

        <div className="relative mx-auto mt-16 max-w-6xl sm:mt-20">
          <div
            aria-hidden
            className="absolute -inset-x-10 -top-10 bottom-0 -z-10 rounded-[3rem] bg-[radial-gradient(50%_60%_at_50%_30%,var(--brand-soft),transparent_75%)]"
          />
          <div className="rounded-2xl border border-line bg-surface/60 p-1.5 shadow-2xl shadow-black/50 ring-1 ring-white/5 sm:rounded-3xl sm:p-2.5">
            <DashboardPreview />
          </div>
          <LiveSalesFeed className="mx-auto mt-6 lg:absolute lg:-bottom-10 lg:-left-10 lg:mt-0" />
        </div>
      </div>
    </section>
  );
}

function HeroBackdrop() {
  return (
    <div aria-hidden className="pointer-events-none absolute inset-0 -z-10">
      <div className="absolute inset-0 bg-[radial-gradient(70%_55%_at_50%_0%,var(--brand-soft),transparent_70%)]" />
      <div className="absolute inset-x-0 top-24 h-[28rem] bg-[radial-gradient(40%_50%_at_50%_50%,color-mix(in_srgb,var(--brand)_10%,transparent),transparent_100%)]" />
      <div
        className="absolute inset-0 opacity-[0.35] [mask-image:radial-gradient(70%_60%_at_50%_0%,black,transparent_75%)]"
        style={{
          backgroundImage:
            "linear-gradient(to right, color-mix(in srgb, var(--line) 70%, transparent) 1px, transparent 1px), linear-gradient(to bottom, color-mix(in srgb, var(--line) 70%, transparent) 1px, transparent 1px)",
          backgroundSize: "56px 56px",
        }}
      />
    </div>
  );
}
