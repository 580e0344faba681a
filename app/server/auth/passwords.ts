/**
 * Password policy and hashing (security baseline of design.md; ADR 004).
 * PBKDF2-HMAC-SHA256 through WebCrypto, at the production Workers cap of 100,000 iterations.
 * The stored string records algorithm, iterations and salt so a later increase rehashes on login.
 */
import { COMMON_PASSWORDS_FRONT_CODED } from "./common-passwords.generated";

import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "~/domain/contracts/common";

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH };

/** Cloudflare Workers refuse PBKDF2 above this in production (local workerd does not). */
export const PRODUCTION_PBKDF2_MAX_ITERATIONS = 100_000;
export const PBKDF2_ITERATIONS = 100_000;
export const PBKDF2_HASH = "SHA-256";
export const SALT_BYTES = 16;
export const KEY_BYTES = 32;
const SCHEME = "pbkdf2-sha256";

/**
 * Lines of a front-coded list (scripts/generate-common-passwords.mjs): each starts with one
 * character, code 48 + the length of the prefix it shares with the entry before, then the rest.
 */
export function readFrontCoded(text: string): string[] {
  const out: string[] = [];
  let previous = "";
  for (const line of text.split("\n")) {
    previous = previous.slice(0, line.charCodeAt(0) - 48) + line.slice(1);
    out.push(previous);
  }
  return out;
}

let commonPasswords: Set<string> | undefined;
const loadCommonPasswords = () => (commonPasswords ??= new Set(readFrontCoded(COMMON_PASSWORDS_FRONT_CODED)));

function isCommonPassword(password: string): boolean {
  return loadCommonPasswords().has(password.toLowerCase());
}

export function commonPasswordCount(): number {
  return loadCommonPasswords().size;
}

/**
 * Returns why a new password is refused, or null when it is acceptable. Lengths count
 * characters as typed (code points); nothing is trimmed or truncated.
 */
export function passwordProblem(password: string, context: { username?: string; email?: string } = {}): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.`;
  if (length > PASSWORD_MAX_LENGTH) return `Password must be at most ${PASSWORD_MAX_LENGTH} characters long.`;
  if (isCommonPassword(password)) return "This password is too common and easy to guess. Choose a different one.";
  const lower = password.toLowerCase();
  if (context.username && lower === context.username.toLowerCase()) return "Password must not be your username.";
  if (context.email && lower === context.email.toLowerCase()) return "Password must not be your email address.";
  return null;
}

const encoder = new TextEncoder();

function toBase64(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

function fromBase64(value: string): Uint8Array {
  const s = atob(value);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

async function derive(password: string, salt: Uint8Array, iterations: number, bytes: number): Promise<Uint8Array> {
  if (iterations > PRODUCTION_PBKDF2_MAX_ITERATIONS) {
    // Would pass locally and fail in production with a 500: refuse here too.
    throw new Error(`PBKDF2 iterations ${iterations} exceed the Workers limit of ${PRODUCTION_PBKDF2_MAX_ITERATIONS}`);
  }
  const key = await crypto.subtle.importKey("raw", encoder.encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits(
    { name: "PBKDF2", hash: PBKDF2_HASH, salt: salt as BufferSource, iterations },
    key,
    bytes * 8,
  );
  return new Uint8Array(bits);
}

export interface ParsedHash {
  scheme: string;
  iterations: number;
  salt: Uint8Array;
  hash: Uint8Array;
}

export function parsePasswordHash(stored: string): ParsedHash | null {
  const [scheme, iter, salt, hash] = stored.split("$");
  const iterations = Number(iter);
  if (scheme !== SCHEME || !Number.isInteger(iterations) || iterations < 1 || !salt || !hash) return null;
  try {
    return { scheme, iterations, salt: fromBase64(salt), hash: fromBase64(hash) };
  } catch {
    return null;
  }
}

export async function hashPassword(password: string, iterations = PBKDF2_ITERATIONS): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const hash = await derive(password, salt, iterations, KEY_BYTES);
  return `${SCHEME}$${iterations}$${toBase64(salt)}$${toBase64(hash)}`;
}

/** Constant-time comparison of two byte strings. */
export function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i] ^ b[i];
  return diff === 0;
}

/** Checks a password exactly as typed; `needsRehash` when the stored parameters are outdated. */
export async function verifyPassword(password: string, stored: string): Promise<{ ok: boolean; needsRehash: boolean }> {
  const parsed = parsePasswordHash(stored);
  if (!parsed) return { ok: false, needsRehash: false };
  const candidate = await derive(password, parsed.salt, parsed.iterations, parsed.hash.length);
  const ok = timingSafeEqual(candidate, parsed.hash);
  return { ok, needsRehash: ok && parsed.iterations !== PBKDF2_ITERATIONS };
}

/**
 * A hash to verify against when the account does not exist, so a login for an unknown user
 * costs the same time as a wrong password.
 */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword("dropcraft-timing-equaliser");
  return dummyHash;
}
