/**
 * The auth feature's light public face, for the public pages: the status-checked auth link,
 * nothing that reaches a screen (the session hook is the account's light face). esbuild splits code file by
 * file, so a public page that imported index.ts would ship every screen it lists and all they reach
 * (the verification gate, the shell, billing, settings). ADR 008, "Light public faces".
 */
export { AuthLink } from "./auth-link";
