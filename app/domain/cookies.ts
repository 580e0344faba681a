/** Cookie names both sides must agree on (the legal cookie table lists them). */

/** `__Host-` (Secure, whole site, no Domain) when served over HTTPS. */
export function sessionCookieName(https: boolean): string {
  return https ? "__Host-dc_session" : "dc_session";
}
