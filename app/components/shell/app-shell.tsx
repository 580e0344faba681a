import type { ReactNode } from "react";

/** Placeholder until the sidebar lands (same task). */
export function AppShell({ children }: { children: ReactNode }) {
  return <div className="min-h-screen bg-bg text-fg">{children}</div>;
}
