import { afterEach, describe, expect, it, vi } from "vitest";
import { clearBrowserCaches } from "~/features/shell/app-start";

// Spec section 4: "On every start all browser caches are cleared and all service workers
// unregistered." Section 8: "Cache refresh failure is swallowed."

function stubBrowser({ keys, registrations }: { keys: () => Promise<string[]>; registrations: () => Promise<{ unregister: () => Promise<boolean> }[]> }) {
  const deleteCache = vi.fn(async (key: string) => key !== "refuses");
  vi.stubGlobal("caches", { keys: vi.fn(keys), delete: deleteCache });
  vi.stubGlobal("window", { caches: {} });
  vi.stubGlobal("navigator", { serviceWorker: { getRegistrations: vi.fn(registrations) } });
  return { deleteCache };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the cache refresh at application start", () => {
  it("deletes every cache and unregisters every service worker", async () => {
    const unregister = vi.fn(async () => true);
    const { deleteCache } = stubBrowser({ keys: async () => ["a", "b"], registrations: async () => [{ unregister }, { unregister }] });
    await clearBrowserCaches();
    expect(deleteCache.mock.calls.map((c) => c[0])).toEqual(["a", "b"]);
    expect(unregister).toHaveBeenCalledTimes(2);
  });

  it("swallows a Cache Storage failure (no rejection, nothing logged as an error) and still unregisters the service workers", async () => {
    const unregister = vi.fn(async () => true);
    stubBrowser({ keys: () => Promise.reject(new DOMException("denied", "SecurityError")), registrations: async () => [{ unregister }] });
    await expect(clearBrowserCaches()).resolves.toBeUndefined();
    expect(unregister).toHaveBeenCalledTimes(1);
  });

  it("swallows a failed delete or unregister too", async () => {
    vi.stubGlobal("caches", { keys: async () => ["a"], delete: () => Promise.reject(new Error("busy")) });
    vi.stubGlobal("window", { caches: {} });
    vi.stubGlobal("navigator", {
      serviceWorker: { getRegistrations: async () => [{ unregister: () => Promise.reject(new Error("gone")) }] },
    });
    await expect(clearBrowserCaches()).resolves.toBeUndefined();
  });
});
