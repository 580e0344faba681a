import { Link } from "@remix-run/react";
import type { MetaFunction } from "@remix-run/cloudflare";
import { SCREENS, type ScreenId } from "~/domain/screens";

export function comingSoonMeta(screen: ScreenId): MetaFunction {
  return () => [{ title: `${SCREENS[screen].title} — Dropcraft` }];
}

/** The honest placeholder for a screen that is not built yet. */
export function ComingSoon({ screen }: { screen: ScreenId }) {
  const info = SCREENS[screen];
  return (
    <div className="flex min-h-[70vh] items-center justify-center px-6 py-16" data-screen={screen}>
      <div className="w-full max-w-lg rounded-2xl border border-line bg-surface p-8 text-center shadow-xl shadow-black/10">
        <span className="inline-flex items-center gap-2 rounded-full border border-warning/40 bg-warning/10 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-warning">
          <span aria-hidden className="size-1.5 animate-pulse rounded-full bg-warning" />
          Being built
        </span>
        <h1 className="mt-5 text-2xl font-bold tracking-tight">{info.title}</h1>
        <p className="mt-3 text-muted">{info.summary}</p>
        <p className="mt-4 text-sm text-subtle">
          This screen is being built and is not available yet. Nothing here is saved or charged.
        </p>
        <div className="mt-7 flex flex-wrap justify-center gap-3">
          <Link to="/" className="rounded-lg border border-line px-4 py-2 text-sm font-medium hover:bg-surface-2">
            Back to home
          </Link>
          {screen === "help" ? (
            <Link
              to="/support"
              className="rounded-lg bg-brand-strong px-4 py-2 text-sm font-semibold text-white hover:bg-brand-hover"
            >
              Contact support
            </Link>
          ) : (
            <Link
              to="/help"
              className="rounded-lg bg-brand-strong px-4 py-2 text-sm font-semibold text-white hover:bg-brand-hover"
            >
              Help Center
            </Link>
          )}
        </div>
      </div>
    </div>
  );
}
