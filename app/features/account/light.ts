/**
 * The account's light public face, for the document root and the public pages: the current user
 * and its cache key, nothing that reaches the subscription, the usage stream or the local stores.
 * ADR 008, "Light public faces".
 */
export { AUTH_ME_KEY, type AuthUser, useCurrentUser } from "./session";
