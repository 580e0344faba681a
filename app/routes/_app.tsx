import * as Tooltip from "@radix-ui/react-tooltip";
import { Outlet } from "@remix-run/react";
import { AuthGuard } from "~/features/auth";
import { AppShell } from "~/features/shell";

/**
 * The signed-in layout: every non-public screen renders inside the app shell and the guard.
 * As its own route module, the shell's code (sidebar, menus, tooltips, billing overlays) loads
 * only for these screens, never on the public pages (landing, auth, legal).
 */
export default function AppLayout() {
  return (
    // Tooltip delay 700 ms and skip delay 300 ms (spec section 9).
    <Tooltip.Provider delayDuration={700} skipDelayDuration={300}>
      <AppShell>
        <AuthGuard>
          <Outlet />
        </AuthGuard>
      </AppShell>
    </Tooltip.Provider>
  );
}
