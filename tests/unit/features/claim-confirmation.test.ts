import { afterEach, describe, expect, it, vi } from "vitest";
import { confirmClaimOnce } from "~/features/billing/claim-screen";

// A claim link's token works once: a screen mounted twice (the signed-in frame settling) must not
// spend it twice and then show the second answer, "This claim link is not valid".
describe("confirming a claim link", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("posts a token once, and a second confirmation of it gets the first one's answer", async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ success: true, data: { claimed: 1, plan: "pro" } })));
    vi.stubGlobal("fetch", fetchMock);

    const first = confirmClaimOnce("tok-once");
    const second = confirmClaimOnce("tok-once");

    await expect(first).resolves.toMatchObject({ plan: "pro" });
    await expect(second).resolves.toMatchObject({ plan: "pro" });
    expect(fetchMock).toHaveBeenCalledOnce();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(new URL(url, "http://app.test").pathname).toBe("/api/billing/claim/confirm");
    expect(JSON.parse(init.body as string)).toEqual({ token: "tok-once" });
  });

  it("tries a token again after a failed confirmation", async () => {
    const fetchMock = vi
      .fn()
      .mockRejectedValueOnce(new TypeError("Failed to fetch"))
      .mockResolvedValueOnce(new Response(JSON.stringify({ success: true, data: { claimed: 1, plan: "pro" } })));
    vi.stubGlobal("fetch", fetchMock);

    await expect(confirmClaimOnce("tok-retry")).rejects.toThrow();
    await expect(confirmClaimOnce("tok-retry")).resolves.toMatchObject({ plan: "pro" });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("confirms another token on its own", async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ success: true, data: { claimed: 1, plan: null } })));
    vi.stubGlobal("fetch", fetchMock);

    await confirmClaimOnce("tok-a");
    await confirmClaimOnce("tok-b");

    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
