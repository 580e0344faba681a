import type { AppLoadContext } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { sessionTokenFromRequest, signingKeys } from "~/server/auth/keys";
import { resolveSession, toPublicUser, type PublicUser } from "~/server/auth/service";
import { getEnv } from "~/server/platform/env";
import { AppError } from "~/domain/errors";
import { loginRedirectUrl } from "~/domain/routing";
import { createDb } from "../../../db/client";

/** The signed-in user of a page request, or null. Same rules as the API. */
export async function getSessionUser(request: Request, context: AppLoadContext): Promise<PublicUser | null> {
  const token = sessionTokenFromRequest(request);
  if (!token) return null;
  const env = context.cloudflare.env;
  const resolved = await resolveSession({ db: createDb(env.DB), keys: signingKeys(getEnv(env)) }, token);
  return resolved ? toPublicUser(resolved.user) : null;
}

/** For loaders of protected screens: signed-out requests go to login and receive no data. */
export async function requireSessionUser(request: Request, context: AppLoadContext): Promise<PublicUser> {
  const user = await getSessionUser(request, context);
  if (!user) {
    const url = new URL(request.url);
    throw redirect(loginRedirectUrl(url.pathname + url.search));
  }
  return user;
}

/**
 * For loaders that return a protected screen's data: an unverified account gets a 403 and no
 * data (the layout shows the verification gate), exactly as the API answers it.
 */
export async function requireVerifiedUser(request: Request, context: AppLoadContext): Promise<PublicUser> {
  const user = await requireSessionUser(request, context);
  if (!user.emailVerified) {
    throw Response.json(new AppError("EMAIL_NOT_VERIFIED", "Verify your email address to use Dropcraft.").toBody(context.requestId), { status: 403 });
  }
  return user;
}

export async function requireAdminUser(request: Request, context: AppLoadContext): Promise<PublicUser> {
  const user = await requireVerifiedUser(request, context);
  if (user.role !== "admin") throw new Response("This area is for Dropcraft staff only.", { status: 403 });
  return user;
}
