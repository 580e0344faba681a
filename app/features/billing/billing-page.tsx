import { Link } from "@remix-run/react";
import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Logo } from "~/ui/logo";
import { useCurrentUser } from "~/features/account";

/**
 * The frame of the public payment screens (success and receipt render outside the app shell):
 * the logo, a way back into the app, and the page centred below.
 */
export function BillingPage({ children, testId }: { children: ReactNode; testId?: string }) {
  const { user } = useCurrentUser();
  return (
    <div className="relative flex min-h-screen flex-col overflow-hidden bg-bg text-fg print:min-h-0 print:overflow-visible print:bg-transparent">
      <div aria-hidden className="pointer-events-none absolute inset-x-0 top-0 h-[480px] print:hidden">
        <div className="absolute left-1/2 top-[-200px] h-[420px] w-[720px] -translate-x-1/2 rounded-full bg-brand-strong/20 blur-3xl" />
        <div className="absolute left-[60%] top-[60px] h-[200px] w-[300px] rounded-full bg-accent/10 blur-3xl" />
      </div>
      <header className="relative z-10 print:hidden">
        <div className="mx-auto flex h-16 max-w-5xl items-center justify-between gap-4 px-4 sm:px-6">
          <Logo />
          {user ? (
            <Link
              to="/app"
              className="inline-flex items-center gap-1.5 rounded-lg px-3 py-2 text-sm font-medium text-muted transition-colors hover:bg-surface-2 hover:text-fg"
            >
              <ArrowLeft className="size-4" aria-hidden />
              Back to the app
            </Link>
          ) : (
            <Link
              to="/login"
              className="rounded-lg px-3 py-2 text-sm font-medium text-muted transition-colors hover:bg-surface-2 hover:text-fg"
            >
              Log in
            </Link>
          )}
        </div>
      </header>
      <main id="main" className="relative z-10 flex-1 px-4 pb-16 pt-6 sm:px-6 sm:pt-10 print:p-0" data-testid={testId}>
        {children}
      </main>
    </div>
  );
}
