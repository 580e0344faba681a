import { env } from "cloudflare:test";
import { inject } from "vitest";
import { runSeedStatements, seededSampleVersion } from "../../db/catalog-seed";
import { WORKER } from "./worker";

export const BASE = "http://127.0.0.1";
let counter = 0;

export function uniqueName(prefix = "user") {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}`;
}

export async function call(
  path: string,
  options: { method?: string; body?: unknown; token?: string; headers?: Record<string, string>; base?: string } = {},
) {
  // Each call looks like its own client unless the test says otherwise, so per-IP rate
  // limits only trip where a test means them to.
  const headers: Record<string, string> = { "cf-connecting-ip": randomIp(), ...options.headers };
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const res = await WORKER.fetch(`${options.base ?? BASE}${path}`, {
    method: options.method ?? "GET",
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    redirect: "manual",
  });
  const text = await res.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test responses are read loosely
  return { res, status: res.status, json: json as Record<string, any>, text };
}

export const STRONG_PASSWORD = "violet-harbor-lantern-42";

export async function signupUser(name = uniqueName()) {
  const email = `${name}@store.test`;
  const { status, json, res } = await call("/api/auth/signup", {
    method: "POST",
    body: { username: name, email, password: STRONG_PASSWORD },
  });
  if (status !== 201) throw new Error(`signup failed: ${status} ${JSON.stringify(json)}`);
  return { name, email, token: json.token as string, user: json.user, res };
}

/** The newest emailed link for an address, from the dev outbox. */
export async function latestLink(email: string, kind?: string): Promise<string> {
  // Some emails (password reset) are sent after the answer, under waitUntil: give them a moment.
  for (let attempt = 0; attempt < 40; attempt++) {
    const { json } = await call(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
    const mail = (json.data as { kind: string; link: string }[]).find((m) => !kind || m.kind === kind);
    if (mail) return mail.link;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no email for ${email}`);
}

export function tokenOf(link: string): string {
  return new URL(link).searchParams.get("token")!;
}

export async function verifiedUser(name = uniqueName()) {
  const u = await signupUser(name);
  const token = tokenOf(await latestLink(u.email, "verify_email"));
  await call("/api/auth/verify-email", { method: "POST", body: { token } });
  return u;
}

export async function makeAdmin(userId: number) {
  await env.DB.prepare("UPDATE users SET role = 'admin' WHERE id = ?").bind(userId).run();
}

/** Parses Set-Cookie headers into name → attributes. */
export function cookiesOf(res: Response): Record<string, { value: string; attrs: string[] }> {
  const out: Record<string, { value: string; attrs: string[] }> = {};
  for (const line of res.headers.getSetCookie()) {
    const [pair, ...attrs] = line.split(";").map((s) => s.trim());
    const [name, ...value] = pair.split("=");
    out[name] = { value: value.join("="), attrs };
  }
  return out;
}

function randomIp() {
  const b = crypto.getRandomValues(new Uint8Array(3));
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

/** Seeds the shared sample catalog into this file's D1 (statements made once per run, tests/integration/sample-catalog.ts). */
export async function seedSampleCatalog() {
  const { version, statements } = inject("sampleCatalog");
  if ((await seededSampleVersion(env.DB)) !== version) await runSeedStatements(env.DB, statements);
}
