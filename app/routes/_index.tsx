import type { MetaFunction } from "@remix-run/cloudflare";
import { useNavigate } from "@remix-run/react";
import { useEffect, useState, useSyncExternalStore } from "react";
import { LandingErrorBoundary, LandingFallback, LandingPlaceholder } from "~/features/landing";
import { LandingPage } from "~/features/landing";
import { FullScreenLoader } from "~/ui/full-screen-loader";
import { useCurrentUser } from "~/features/account/light";
export { landingStylesheetLinks as links } from "~/stylesheets";

/** Spec section 9: landing render delay and the signed-in redirect delay. */
export const LANDING_RENDER_DELAY_MS = 50;
export const SIGNED_IN_REDIRECT_DELAY_MS = 100;

/** The landing page's title and descriptions (/landing serves the same page and adds its canonical link). */
export const LANDING_META = [
  { title: "Dropcraft — AI workspace for dropshippers & e-commerce sellers" },
  {
    name: "description",
    content:
      "Find winning products, turn any product URL into a high-converting store page and launch ads with AI. From idea to live store in under 15 minutes. Start free, no credit card required.",
  },
  { property: "og:title", content: "Dropcraft — AI workspace for dropshippers & e-commerce sellers" },
  {
    property: "og:description",
    content:
      "AI Workflow, AI Page Builder and AI Launcher in one workspace. Try Dropcraft 100% free — no credit card required.",
  },
  { property: "og:type", content: "website" },
] as const;

export const meta: MetaFunction = () => [...LANDING_META];

const noopSubscribe = () => () => {};

/**
 * False while React hydrates server HTML, true for a client-side render. Read once at mount:
 * the first paint of a server-rendered page keeps its HTML, and only a client-side navigation
 * to "/" gets the 50 ms placeholder.
 */
function useIsClientRender() {
  return useSyncExternalStore(
    noopSubscribe,
    () => true,
    () => false,
  );
}

export default function LandingRoute() {
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const isClientRender = useIsClientRender();
  const [ready, setReady] = useState(() => !isClientRender);

  useEffect(() => {
    if (ready) return;
    const timer = window.setTimeout(() => setReady(true), LANDING_RENDER_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [ready]);

  useEffect(() => {
    if (!user) return;
    const timer = window.setTimeout(() => navigate("/app", { replace: true }), SIGNED_IN_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [user, navigate]);

  // Only a known user swaps the page for the loader; while auth is unknown the landing stays
  // visible (crawlers and signed-out visitors see it at once).
  if (user) return <FullScreenLoader />;
  if (!ready) return <LandingPlaceholder />;
  return (
    <LandingErrorBoundary>
      <LandingPage />
    </LandingErrorBoundary>
  );
}

export function ErrorBoundary() {
  return <LandingFallback />;
}
