import { Link } from "@remix-run/react";

export function NotFoundScreen() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-bg px-6 text-fg" data-testid="not-found">
      <div className="max-w-md text-center">
        <p className="bg-gradient-to-r from-brand to-accent bg-clip-text text-7xl font-black tracking-tight text-transparent">
          404
        </p>
        <h1 className="mt-4 text-2xl font-bold">Page not found</h1>
        <p className="mt-3 text-muted">
          The page you are looking for does not exist or has moved. Check the address, or head back to familiar ground.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link
            to="/"
            className="rounded-lg bg-brand-strong px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-hover"
          >
            Go to home
          </Link>
          <Link to="/help" className="rounded-lg border border-line px-5 py-2.5 text-sm font-medium hover:bg-surface-2">
            Visit the Help Center
          </Link>
        </div>
      </div>
    </main>
  );
}
