import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, inject, it, vi } from "vitest";
import { createOmnisendNewsletter, OMNISEND_API_VERSION } from "~/server/newsletter/newsletter";
import { createLogger } from "~/server/platform/log";
import { FAKE_OMNISEND_FAILING_KEY, FAKE_OMNISEND_KEY, FAKE_OMNISEND_SLOW_KEY } from "./fake-omnisend";
import { call, uniqueName } from "./helpers";

const omnisendUrl = () => inject("omnisendUrl");
const origin = () => omnisendUrl().replace(/\/api$/, "");
let ipCounter = 0;

/** The API as deployed with the given extra configuration (here: Omnisend's key and base URL). */
async function signup(body: unknown, bindings: Record<string, unknown> = {}) {
  const { createApi } = await import("../../functions");
  const ctx = createExecutionContext();
  ipCounter += 1;
  const res = await createApi().fetch(
    new Request("https://app.dropcraft.test/api/omnisend/newsletter-signup", {
      method: "POST",
      headers: { "content-type": "application/json", "cf-connecting-ip": `10.91.${ipCounter >> 8}.${ipCounter & 255}` },
      body: JSON.stringify(body),
    }),
    { ...env, ...bindings },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return { status: res.status, json: (await res.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

const withOmnisend = (apiKey = FAKE_OMNISEND_KEY) => ({ OMNISEND_API_KEY: apiKey, OMNISEND_BASE_URL: omnisendUrl() });

async function omnisendContact(email: string) {
  const res = await fetch(`${origin()}/__contacts?email=${encodeURIComponent(email)}`);
  return res.status === 404 ? null : ((await res.json()) as { contactID: string; status: string; statusDate: string; tags: string[]; writes: number });
}

type SentRequest = { path: string; version?: string; apiKey?: string; legacyKeyHeader: boolean; body: { identifiers?: { id: string; type: string }[] } };
const omnisendRequests = async () => (await (await fetch(`${origin()}/__requests`)).json()) as SentRequest[];

async function localRows(email: string) {
  const { results } = await env.DB.prepare("SELECT email, source FROM newsletter_subscribers WHERE lower(email) = lower(?)").bind(email).all();
  return results;
}

describe("newsletter sign-up through Omnisend (a local server speaking its contacts API)", () => {
  it("subscribes the address in Omnisend with our key and keeps the local row", async () => {
    const email = `${uniqueName("news")}@store.test`;
    const { status, json } = await signup({ email, source: "landing" }, withOmnisend());
    expect(status).toBe(200);
    expect(json).toEqual({ success: true, message: "You've been subscribed to our newsletter.", data: { alreadySubscribed: false } });
    const contact = await omnisendContact(email);
    expect(contact).toMatchObject({ status: "subscribed", tags: ["source: landing"], writes: 1 });
    expect(Date.parse(contact!.statusDate)).toBeGreaterThan(Date.now() - 60_000);
    const sent = (await omnisendRequests()).find((r) => r.body.identifiers?.[0]?.id === email);
    // The dated-version surface: /api/contacts, the version header, the key in Omnisend's Authorization scheme.
    expect(sent).toMatchObject({ path: "/api/contacts", version: OMNISEND_API_VERSION, apiKey: FAKE_OMNISEND_KEY, legacyKeyHeader: false });
    expect(sent?.body.identifiers?.[0].type).toBe("email");
    expect(await localRows(email)).toEqual([{ email, source: "landing" }]);
  });

  it("a second sign-up of the same address (any case) updates the one contact and says so", async () => {
    const email = `${uniqueName("twice")}@store.test`;
    expect((await signup({ email }, withOmnisend())).status).toBe(200);
    const again = await signup({ email: email.toUpperCase(), source: "help" }, withOmnisend());
    expect(again.status).toBe(200);
    expect(again.json.data).toEqual({ alreadySubscribed: true });
    const contact = await omnisendContact(email);
    expect(contact).toMatchObject({ contactID: expect.any(String), writes: 2, status: "subscribed" });
    expect(contact!.tags).toEqual(["source: landing", "source: help"]);
    expect(await localRows(email)).toHaveLength(1);
  });

  it("a bad address is a 400 naming the field, and nothing reaches Omnisend", async () => {
    const { status, json } = await signup({ email: "not-an-email" }, withOmnisend());
    expect(status).toBe(400);
    expect(json.type).toBe("VALIDATION");
    expect(json.message).toMatch(/^email: .*valid email address/);
    expect(await omnisendContact("not-an-email")).toBeNull();
    expect((await signup({}, withOmnisend())).json.message).toContain("email");
  });

  it("an address Omnisend refuses is a 400 naming that address", async () => {
    // Our own check lets it through (zod accepts it); Omnisend's stricter check does not.
    const provider = createOmnisendNewsletter({ apiKey: FAKE_OMNISEND_KEY, baseUrl: omnisendUrl(), log: createLogger({}, "error") });
    const err = await provider.subscribe("odd@host", "landing").catch((e) => e);
    expect(err).toMatchObject({ type: "VALIDATION", status: 400 });
    expect(err.message).toContain("odd@host");
  });

  it("Omnisend failing (5xx) answers 503 with a message the toast can show, and saves nothing", async () => {
    // Every 5xx answer is logged as an error by the API's error handler: expected here.
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const email = `${uniqueName("down")}@store.test`;
      const { status, json } = await signup({ email }, withOmnisend(FAKE_OMNISEND_FAILING_KEY));
      expect(status).toBe(503);
      expect(json.type).toBe("UNAVAILABLE");
      expect(json.message).toBe("The newsletter service is not answering right now. Please try again in a few minutes.");
      expect(await localRows(email)).toHaveLength(0);
      expect(logged).toHaveBeenCalled();
    } finally {
      logged.mockRestore();
    }
  });

  it("a key Omnisend rejects is logged without the key and answered 503", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const email = `${uniqueName("badkey")}@store.test`;
      const { status, json } = await signup({ email }, withOmnisend("omni_wrong_secret_key"));
      expect(status).toBe(503);
      expect(json.message).toContain("rejected the key");
      const lines = logged.mock.calls.map((args) => args.join(" "));
      expect(lines.some((l) => l.includes("newsletter service rejected the key"))).toBe(true);
      expect(lines.join("\n")).not.toContain("omni_wrong_secret_key");
      expect(await omnisendContact(email)).toBeNull();
    } finally {
      logged.mockRestore();
    }
  });

  it("a request Omnisend does not answer in time is a 503 (timeout)", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const provider = createOmnisendNewsletter({ apiKey: FAKE_OMNISEND_SLOW_KEY, baseUrl: omnisendUrl(), log: createLogger({}, "warn"), timeoutMs: 150 });
      const started = Date.now();
      const err = await provider.subscribe(`${uniqueName("slow")}@store.test`, "landing").catch((e) => e);
      expect(err).toMatchObject({ type: "UNAVAILABLE", status: 503 });
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(warn.mock.calls.map((a) => a.join(" ")).join("\n")).toContain("omnisend timed out");
    } finally {
      warn.mockRestore();
    }
  });
});

describe("the fake speaks only the dated-version surface (so the tests can catch a drift back)", () => {
  const contactBody = (email: string) => JSON.stringify({ identifiers: [{ type: "email", id: email, channels: { email: { status: "subscribed" } } }] });

  it("refuses the legacy v3 and v5 contacts paths with 410 and a problem body", async () => {
    for (const path of ["/v3/contacts", "/v5/contacts"]) {
      const res = await fetch(`${origin()}${path}`, {
        method: "POST",
        headers: { "X-API-KEY": FAKE_OMNISEND_KEY, "content-type": "application/json" },
        body: contactBody(`${uniqueName("legacy")}@store.test`),
      });
      expect(res.status).toBe(410);
      expect(await res.json()).toMatchObject({ status: 410, title: "Gone", detail: expect.stringContaining("Omnisend-Version") });
    }
  });

  it("refuses a request without the version header (400), and the legacy key header alone (401)", async () => {
    const noVersion = await fetch(omnisendUrl() + "/contacts", {
      method: "POST",
      headers: { Authorization: `Omnisend-API-Key ${FAKE_OMNISEND_KEY}`, "content-type": "application/json" },
      body: contactBody(`${uniqueName("nover")}@store.test`),
    });
    expect(noVersion.status).toBe(400);
    expect(await noVersion.json()).toMatchObject({ status: 400, errors: [{ field: "Omnisend-Version", message: "required" }] });
    const legacyKey = await fetch(omnisendUrl() + "/contacts", {
      method: "POST",
      headers: { "X-API-KEY": FAKE_OMNISEND_KEY, "Omnisend-Version": OMNISEND_API_VERSION, "content-type": "application/json" },
      body: contactBody(`${uniqueName("oldkey")}@store.test`),
    });
    expect(legacyKey.status).toBe(401);
  });

  it("an adapter pointed at the legacy base URL fails as unavailable and saves nothing", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const provider = createOmnisendNewsletter({ apiKey: FAKE_OMNISEND_KEY, baseUrl: `${origin()}/v3`, log: createLogger({}, "warn") });
      const email = `${uniqueName("v3")}@store.test`;
      const err = await provider.subscribe(email, "landing").catch((e) => e);
      expect(err).toMatchObject({ type: "UNAVAILABLE", status: 503 });
      expect(warn.mock.calls.map((a) => a.join(" ")).join("\n")).toContain('"status":410');
      expect(await omnisendContact(email)).toBeNull();
    } finally {
      warn.mockRestore();
    }
  });
});

describe("newsletter sign-up without OMNISEND_API_KEY (the embedded default)", () => {
  it("keeps the subscriber in the local table only; a repeat is harmless", async () => {
    const email = `${uniqueName("local")}@store.test`;
    const first = await call("/api/omnisend/newsletter-signup", { method: "POST", body: { email } });
    expect(first.status).toBe(200);
    expect(first.json.data).toEqual({ alreadySubscribed: false });
    const second = await call("/api/omnisend/newsletter-signup", { method: "POST", body: { email } });
    expect(second.json).toEqual({ success: true, message: "You're already subscribed.", data: { alreadySubscribed: true } });
    expect(await localRows(email)).toHaveLength(1);
    expect(await omnisendContact(email)).toBeNull();
  });

  it("refuses a flood of sign-ups from one client", async () => {
    const ip = "10.92.0.7";
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const r = await call("/api/omnisend/newsletter-signup", { method: "POST", body: { email: `${uniqueName("flood")}@store.test` }, headers: { "cf-connecting-ip": ip } });
      statuses.push(r.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
