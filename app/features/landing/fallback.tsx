import { Component, type ErrorInfo, type ReactNode } from "react";
import { Button } from "~/ui/button";

export const LANDING_FALLBACK_TEXT = "Loading your AI-powered ecommerce platform...";

/** What a landing render failure shows (spec section 2 and 8). */
export function LandingFallback() {
  return (
    <main
      role="alert"
      data-testid="landing-fallback"
      className="flex min-h-screen items-center justify-center bg-bg px-6 text-fg"
    >
      <div className="max-w-md text-center">
        <span
          aria-hidden
          className="mx-auto block size-10 animate-spin rounded-full border-[3px] border-line border-t-brand"
        />
        <p className="mt-6 text-lg font-medium text-fg">{LANDING_FALLBACK_TEXT}</p>
        <Button onClick={() => window.location.reload()} variant="primary" size="lg" className="mt-8">
          Reload Page
        </Button>
      </div>
    </main>
  );
}

/** Catches render errors inside the landing content and shows the fallback instead of a blank page. */
export class LandingErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error("Landing page failed to render", error, info.componentStack);
  }

  render() {
    return this.state.failed ? <LandingFallback /> : this.props.children;
  }
}

/** The 50 ms placeholder on client-side navigations to "/": same background, nothing else. */
export function LandingPlaceholder() {
  return <div data-testid="landing-placeholder" aria-busy="true" className="min-h-screen bg-bg" />;
}
