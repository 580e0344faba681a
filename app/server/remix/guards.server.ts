import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdminUser, requireSessionUser } from "./auth.server";

/** Loader for protected screens: a signed-out document request is redirected to login. */
export async function protectedLoader({ request, context }: LoaderFunctionArgs) {
  await requireSessionUser(request, context);
  return null;
}

/** Loader for staff screens: the admin role comes from the database, not the client. */
export async function adminLoader({ request, context }: LoaderFunctionArgs) {
  await requireAdminUser(request, context);
  return null;
}
