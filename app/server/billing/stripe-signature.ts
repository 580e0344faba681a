/**
 * Stripe webhook signature check (design.md): HMAC-SHA256 over `${t}.${rawBody}` with the
 * endpoint secret, any `v1` entry may match, constant-time comparison, 300 s tolerance.
 */
import { constantTimeEqual } from "~/server/platform/constant-time";

export const STRIPE_TOLERANCE_SECONDS = 300;

export type SignatureProblem = "missing_header" | "malformed_header" | "stale_timestamp" | "no_matching_signature";

export interface SignatureResult {
  ok: boolean;
  problem?: SignatureProblem;
}

const encoder = new TextEncoder();

function parseHeader(header: string): { t: number | null; v1: string[] } {
  let t: number | null = null;
  const v1: string[] = [];
  for (const part of header.split(",")) {
    const [key, value] = part.split("=", 2).map((s) => s?.trim());
    if (key === "t" && value && /^\d+$/.test(value)) t = Number(value);
    if (key === "v1" && value && /^[0-9a-f]{64}$/i.test(value)) v1.push(value.toLowerCase());
  }
  return { t, v1 };
}

async function hmacHex(secret: string, payload: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const sig = await crypto.subtle.sign("HMAC", key, encoder.encode(payload));
  return [...new Uint8Array(sig)].map((b) => b.toString(16).padStart(2, "0")).join("");
}


export async function verifyStripeSignature(
  rawBody: string,
  header: string | null | undefined,
  secret: string,
  nowSeconds: number = Math.floor(Date.now() / 1000),
  toleranceSeconds: number = STRIPE_TOLERANCE_SECONDS,
): Promise<SignatureResult> {
  if (!header) return { ok: false, problem: "missing_header" };
  const { t, v1 } = parseHeader(header);
  if (t === null || v1.length === 0) return { ok: false, problem: "malformed_header" };
  if (Math.abs(nowSeconds - t) > toleranceSeconds) return { ok: false, problem: "stale_timestamp" };
  const expected = await hmacHex(secret, `${t}.${rawBody}`);
  // Check every candidate so timing does not reveal which one matched.
  let matched = false;
  for (const candidate of v1) matched = constantTimeEqual(candidate, expected) || matched;
  return matched ? { ok: true } : { ok: false, problem: "no_matching_signature" };
}

/** Signs a payload the way Stripe does; used by the offline dev checkout. */
export async function signStripePayload(rawBody: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): Promise<string> {
  return `t=${timestamp},v1=${await hmacHex(secret, `${timestamp}.${rawBody}`)}`;
}
