/**
 * The auth feature's light public face, for the document root and the public pages: the session
 * hook and the status-checked auth link, nothing that reaches a screen. esbuild splits code file by
 * file, so a public page that imported index.ts would ship every screen it lists and all they reach
 * (the verification gate, the shell, billing, settings). ADR 008, "Light public faces".
 */
export { AuthLink } from "./auth-link";
export { AUTH_ME_KEY, type AuthUser, useCurrentUser } from "./session";
