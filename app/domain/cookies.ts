/** Cookie names both sides must agree on (the legal cookie table lists them). */

/** `__Host-` (Secure, whole site, no Domain) when served over HTTPS. */
export function sessionCookieName(https: boolean): string {
  return https ? "__Host-dc_session" : "dc_session";
}

/** The referral cookie (code and first visit), read at signup; the affiliate terms set its window. */
export { REFERRAL_COOKIE } from "./affiliate";
