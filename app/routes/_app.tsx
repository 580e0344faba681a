import * as Tooltip from "@radix-ui/react-tooltip";
import { Outlet, useRouteError } from "@remix-run/react";
import type { ReactNode } from "react";
import { AuthGuard, isEmailNotVerifiedError } from "~/features/auth";
import { AppShell, ErrorScreen } from "~/features/shell";
export { appStylesheetLinks as links } from "~/stylesheets";

/**
 * The signed-in layout: every non-public screen renders inside the app shell and the guard.
 * As its own route module, the shell's code (sidebar, menus, tooltips, billing overlays) loads
 * only for these screens, never on the public pages (landing, auth, legal).
 */
export default function AppLayout() {
  return (
    <SignedInFrame>
      <Outlet />
    </SignedInFrame>
  );
}

function SignedInFrame({ children }: { children: ReactNode }) {
  return (
    // Tooltip delay 700 ms and skip delay 300 ms (spec section 9).
    <Tooltip.Provider delayDuration={700} skipDelayDuration={300}>
      <AppShell>
        <AuthGuard>{children}</AuthGuard>
      </AppShell>
    </Tooltip.Provider>
  );
}

/**
 * A screen's loader failed. An unverified account was refused its data: the frame's guard shows
 * the verification gate, with nothing behind it. Anything else shows the error inside the shell.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  return <SignedInFrame>{isEmailNotVerifiedError(error) ? null : <ErrorScreen error={error} />}</SignedInFrame>;
}
