/**
 * Store-connection access tokens are encrypted at rest: a leaked database dump or backup must not
 * hand out write access to merchants' stores. AES-GCM-256 through WebCrypto (the same API in
 * workerd and Node 20), the key derived with HKDF-SHA256 from STORE_TOKEN_KEY, a fresh 12-byte IV
 * per seal, and the connection's identity as additional data so a sealed token copied onto
 * another row (another user or shop) fails to open.
 *
 * Format: `v1.<iv base64url>.<ciphertext+tag base64url>`; the version lets a later key or cipher
 * change open old rows while sealing new ones differently.
 */
import { AppError } from "~/domain/errors";

const VERSION = "v1";
const IV_BYTES = 12;
/** AES-GCM appends a 16-byte tag; anything shorter cannot be a sealed value. */
const TAG_BYTES = 16;
const MIN_SECRET_LENGTH = 32;
// Fixed salt and info: the secret is already high-entropy key material, and `info` keeps this
// key apart from any other key a future feature derives from the same secret.
const HKDF_SALT = new TextEncoder().encode("dropcraft/store-token-crypto");
const HKDF_INFO = new TextEncoder().encode("store-connection access token v1");

const encoder = new TextEncoder();
const decoder = new TextDecoder("utf-8", { fatal: true });

const OPEN_FAILED =
  "The store connection's access token could not be decrypted: it was altered, sealed with another STORE_TOKEN_KEY, or belongs to another connection. Reconnect the store.";

/** The additional data a connection's token is bound to: its owner and its shop. */
export function tokenContext(userId: string, shopDomain: string): string {
  return `store-connection\n${userId}\n${shopDomain.trim().toLowerCase()}`;
}

// Deriving is cheap but not free; an isolate sees one secret (two during a rotation).
const keyCache = new Map<string, Promise<CryptoKey>>();

function deriveKey(secret: string): Promise<CryptoKey> {
  if (secret.length < MIN_SECRET_LENGTH) {
    throw new AppError("INTERNAL", `STORE_TOKEN_KEY must be at least ${MIN_SECRET_LENGTH} characters.`);
  }
  let key = keyCache.get(secret);
  if (!key) {
    key = crypto.subtle
      .importKey("raw", encoder.encode(secret), "HKDF", false, ["deriveKey"])
      .then((material) =>
        crypto.subtle.deriveKey(
          { name: "HKDF", hash: "SHA-256", salt: HKDF_SALT, info: HKDF_INFO },
          material,
          { name: "AES-GCM", length: 256 },
          false,
          ["encrypt", "decrypt"],
        ),
      );
    keyCache.set(secret, key);
  }
  return key;
}

function toBase64Url(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return null;
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return null;
  }
}

/** Encrypts `token` under `secret`, bound to `context` (see tokenContext). */
export async function sealToken(token: string, secret: string, context: string): Promise<string> {
  const key = await deriveKey(secret);
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const ciphertext = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: encoder.encode(context) },
    key,
    encoder.encode(token),
  );
  return `${VERSION}.${toBase64Url(iv)}.${toBase64Url(new Uint8Array(ciphertext))}`;
}

/** Decrypts what sealToken made; anything altered, another key's or another context's is refused (INTERNAL). */
export async function openToken(sealed: string, secret: string, context: string): Promise<string> {
  const parts = sealed.split(".");
  if (parts.length !== 3 || parts[0] !== VERSION) throw new AppError("INTERNAL", OPEN_FAILED);
  const iv = fromBase64Url(parts[1]!);
  const ciphertext = fromBase64Url(parts[2]!);
  if (!iv || iv.length !== IV_BYTES || !ciphertext || ciphertext.length < TAG_BYTES)
    throw new AppError("INTERNAL", OPEN_FAILED);
  const key = await deriveKey(secret);
  let plain: ArrayBuffer;
  try {
    plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv, additionalData: encoder.encode(context) },
      key,
      ciphertext,
    );
  } catch (cause) {
    throw new AppError("INTERNAL", OPEN_FAILED, { cause });
  }
  try {
    return decoder.decode(plain);
  } catch (cause) {
    throw new AppError("INTERNAL", OPEN_FAILED, { cause });
  }
}

/**
 * What the screens show of a token: its kind prefix (`shpat_`) and last four characters. A token
 * too short for four characters to be a small part of it shows nothing at all.
 */
export function maskToken(token: string): string {
  const prefix = /^[A-Za-z]{2,8}_/.exec(token)?.[0] ?? "";
  const rest = token.slice(prefix.length);
  if (rest.length < 16) return "••••";
  return `${prefix}…${rest.slice(-4)}`;
}
