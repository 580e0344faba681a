/** The Omnisend adapter's request (body and headers) and how it reads answers, without a server. */
import { describe, expect, it, vi } from "vitest";
import {
  createOmnisendNewsletter,
  OMNISEND_API_VERSION,
  OMNISEND_DEFAULT_BASE_URL,
  omnisendContactBody,
  omnisendHeaders,
} from "~/server/newsletter/newsletter";
import { createLogger } from "~/server/platform/log";
import { parseEnv } from "~/server/platform/env";

const NOW = new Date("2026-11-28T10:00:00.000Z");

function stubbed(status: number, body: unknown) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchStub = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  }) as unknown as typeof fetch;
  const provider = createOmnisendNewsletter({ apiKey: "omni_key", fetch: fetchStub, log: createLogger({}, "error"), now: () => NOW });
  return { provider, calls };
}

describe("Omnisend contact request (dated-version API)", () => {
  it("the body is one email identifier, subscribed at the consent time, tagged with the source", () => {
    expect(omnisendContactBody("jane@store.test", "landing", NOW)).toEqual({
      identifiers: [{ type: "email", id: "jane@store.test", channels: { email: { status: "subscribed", statusDate: "2026-11-28T10:00:00.000Z" } } }],
      tags: ["source: landing"],
    });
  });

  it("every request names the dated version and carries the key in Omnisend's Authorization scheme, not X-API-KEY", () => {
    const headers = omnisendHeaders("omni_key");
    expect(OMNISEND_API_VERSION).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(headers).toMatchObject({ Authorization: "Omnisend-API-Key omni_key", "Omnisend-Version": OMNISEND_API_VERSION, "Content-Type": "application/json" });
    expect(Object.keys(headers).map((h) => h.toLowerCase())).not.toContain("x-api-key");
  });

  it("posts to {base}/contacts on the /api base by default", async () => {
    const { provider, calls } = stubbed(201, { id: "c_1" });
    expect(await provider.subscribe("jane@store.test", "help")).toEqual({ alreadySubscribed: false });
    expect(OMNISEND_DEFAULT_BASE_URL).toBe("https://api.omnisend.com/api");
    expect(calls[0].url).toBe("https://api.omnisend.com/api/contacts");
    expect(calls[0].init.method).toBe("POST");
    expect(JSON.parse(String(calls[0].init.body))).toEqual(omnisendContactBody("jane@store.test", "help", NOW));
  });

  it("200 (updated) and 409 (already a contact) both mean already subscribed", async () => {
    expect(await stubbed(200, { id: "c_1" }).provider.subscribe("a@store.test", "landing")).toEqual({ alreadySubscribed: true });
    expect(await stubbed(409, { type: "about:blank", title: "Conflict", status: 409, detail: "Contact exists" }).provider.subscribe("a@store.test", "landing")).toEqual({
      alreadySubscribed: true,
    });
  });

  it("a 400 problem's detail names why the address was refused", async () => {
    const err = await stubbed(400, { type: "about:blank", title: "Bad Request", status: 400, detail: "'x@y' is not a valid email", errors: [] })
      .provider.subscribe("x@y", "landing")
      .catch((e) => e);
    expect(err).toMatchObject({ type: "VALIDATION", status: 400 });
    expect(err.message).toBe("The newsletter service refused x@y: 'x@y' is not a valid email.");
  });

  it("the configuration refuses a legacy (v3 or v5) OMNISEND_BASE_URL and defaults to the /api base", () => {
    expect(parseEnv({ DEV_TOOLS: "on" }).OMNISEND_BASE_URL).toBe("https://api.omnisend.com/api");
    expect(() => parseEnv({ DEV_TOOLS: "on", OMNISEND_BASE_URL: "https://api.omnisend.com/v3" })).toThrow(/OMNISEND_BASE_URL points at Omnisend's legacy API/);
    expect(() => parseEnv({ DEV_TOOLS: "on", OMNISEND_BASE_URL: "https://api.omnisend.com/v5/" })).toThrow(/legacy API/);
  });
});
