import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdminUser, requireVerifiedUser } from "./auth.server";

/**
 * Loader for protected screens: a signed-out document request is redirected to login, and an
 * unverified account gets a 403 without the screen's data.
 */
export async function protectedLoader({ request, context }: LoaderFunctionArgs) {
  await requireVerifiedUser(request, context);
  return null;
}

/** Loader for staff screens: the admin role comes from the database, not the client. */
export async function adminLoader({ request, context }: LoaderFunctionArgs) {
  await requireAdminUser(request, context);
  return null;
}
