import type { MetaFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { AdminScreen } from "~/features/admin";
import { isEmailNotVerifiedError } from "~/features/auth";
import { ErrorScreen, ForbiddenScreen } from "~/features/shell";
import { adminLoader } from "~/server/remix/guards.server";

export const loader = adminLoader;
export const meta: MetaFunction = () => [
  { title: "Admin — Dropcraft" },
  { name: "robots", content: "noindex" },
];

export default function Screen() {
  return <AdminScreen />;
}

/** The loader refuses non-staff with 403: show that inside the shell, with a way back. */
export function ErrorBoundary() {
  const error = useRouteError();
  // An unverified account: the layout's verification gate covers the page.
  if (isEmailNotVerifiedError(error)) return null;
  if (isRouteErrorResponse(error) && error.status === 403) return <ForbiddenScreen />;
  return <ErrorScreen error={error} />;
}
