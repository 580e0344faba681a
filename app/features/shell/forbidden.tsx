import { Link } from "@remix-run/react";
import { ShieldAlert } from "lucide-react";

/**
 * A signed-in user who opens a staff-only page: say so plainly and offer a way back, instead of
 * the generic error screen.
 */
export function ForbiddenScreen({ what = "this page" }: { what?: string }) {
  return (
    <section className="flex min-h-[60vh] items-center justify-center px-6 py-16" data-testid="forbidden">
      <div className="max-w-md text-center">
        <span className="mx-auto grid size-12 place-items-center rounded-2xl bg-surface-2 text-muted" aria-hidden>
          <ShieldAlert className="size-6" />
        </span>
        <h1 className="mt-5 text-2xl font-bold tracking-tight text-fg">You don&apos;t have access to {what}</h1>
        <p className="mt-3 text-muted">
          It is only for Dropcraft staff. If you think you should have access, ask your workspace admin or contact
          support.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link
            to="/app"
            className="rounded-lg bg-brand-strong px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-hover"
          >
            Back to your workspace
          </Link>
          <Link
            to="/help"
            className="rounded-lg border border-line px-5 py-2.5 text-sm font-medium text-fg hover:bg-surface-2"
          >
            Visit the Help Center
          </Link>
        </div>
      </div>
    </section>
  );
}
