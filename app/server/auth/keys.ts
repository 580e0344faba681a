import type { AppEnv } from "~/server/platform/env";
import { sessionCookieName } from "~/domain/cookies";
import type { SigningKeys } from "./tokens";

export { sessionCookieName };

/** The session-token keys from configuration: the current one signs, both verify. */
export function signingKeys(config: AppEnv): SigningKeys {
  return {
    current: { kid: config.AUTH_KEY_ID, secret: config.AUTH_SECRET },
    previous:
      config.AUTH_PREVIOUS_SECRET && config.AUTH_PREVIOUS_KEY_ID
        ? { kid: config.AUTH_PREVIOUS_KEY_ID, secret: config.AUTH_PREVIOUS_SECRET }
        : undefined,
  };
}


/** The session token of a request: bearer header first, then the session cookie. */
export function sessionTokenFromRequest(request: Request): string | undefined {
  const bearer = request.headers.get("authorization")?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim();
  if (bearer) return bearer;
  const name = sessionCookieName(new URL(request.url).protocol === "https:");
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === name) return decodeURIComponent(v.join("="));
  }
  return undefined;
}
