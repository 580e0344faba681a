import { isRouteErrorResponse } from "@remix-run/react";
import { Button } from "~/ui/button";

/** Shown when a page fails to render; offers a reload instead of a blank screen. */
export function ErrorScreen({ error }: { error: unknown }) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main role="alert" className="flex min-h-screen items-center justify-center bg-bg px-6 text-fg">
      <div className="max-w-md text-center">
        <p className="text-5xl font-black text-subtle">{status}</p>
        <h1 className="mt-4 text-2xl font-bold">Something went wrong</h1>
        <p className="mt-3 text-muted">We could not show this page. Your saved work is safe. Reload to try again.</p>
        <Button onClick={() => window.location.reload()} className="mt-8">
          Reload Page
        </Button>
      </div>
    </main>
  );
}
