/**
 * Session tokens: a jose-signed JWT carrying the server-side session id (ADR 004).
 * HS256 only (allow-listed), with `iss`, `aud`, `exp` and a key id so keys can rotate:
 * new tokens use the current key; tokens signed with the previous key still verify.
 */
import { decodeProtectedHeader, jwtVerify, SignJWT } from "jose";

export const JWT_ALGORITHM = "HS256";
export const JWT_ISSUER = "dropcraft";
export const JWT_AUDIENCE = "dropcraft-app";

export interface SigningKeys {
  current: { kid: string; secret: string };
  previous?: { kid: string; secret: string };
}

export interface SessionClaims {
  sid: string;
  sub: string;
}

const encoder = new TextEncoder();

export async function signSessionToken(keys: SigningKeys, claims: SessionClaims, expiresAt: Date): Promise<string> {
  return new SignJWT({ sid: claims.sid })
    .setProtectedHeader({ alg: JWT_ALGORITHM, kid: keys.current.kid, typ: "JWT" })
    .setSubject(claims.sub)
    .setIssuer(JWT_ISSUER)
    .setAudience(JWT_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(encoder.encode(keys.current.secret));
}

/** Returns the claims, or null for any token that is not ours, not valid or expired. */
export async function verifySessionToken(keys: SigningKeys, token: string): Promise<SessionClaims | null> {
  try {
    // Pick the key by kid before verifying; jwtVerify still enforces the algorithm allow-list.
    const header = decodeProtectedHeader(token);
    if (header.alg !== JWT_ALGORITHM) return null;
    const key = [keys.current, keys.previous].find((k) => k && k.kid === header.kid);
    if (!key) return null;
    const { payload } = await jwtVerify(token, encoder.encode(key.secret), {
      algorithms: [JWT_ALGORITHM],
      issuer: JWT_ISSUER,
      audience: JWT_AUDIENCE,
      requiredClaims: ["exp", "sub", "sid"],
    });
    if (typeof payload.sid !== "string" || typeof payload.sub !== "string") return null;
    return { sid: payload.sid, sub: payload.sub };
  } catch {
    return null;
  }
}

/** Hex of `bytes` random bytes; 16 bytes = 128 bits for session ids. */
export function randomHex(bytes: number): string {
  return [...crypto.getRandomValues(new Uint8Array(bytes))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** URL-safe random token for emailed links (32 bytes = 256 bits). */
export function randomUrlToken(bytes = 32): string {
  let s = "";
  for (const b of crypto.getRandomValues(new Uint8Array(bytes))) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export async function sha256Hex(value: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", encoder.encode(value));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
