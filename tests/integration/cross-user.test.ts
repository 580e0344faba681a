import { beforeAll, describe, expect, it } from "vitest";
import { call, seedSampleCatalog, verifiedUser } from "./helpers";

// Competitor tracking of a sample store needs the sample catalog.
beforeAll(() => seedSampleCatalog(), 120_000);

/**
 * Every route that takes an id, tried with a second user's credentials: the answer is 404 and
 * nothing of the first user's changes. Later features add their routes to ROUTES.
 */
type Owner = Awaited<ReturnType<typeof verifiedUser>>;
const ROUTES: { name: string; idOf: (owner: Owner) => Promise<string>; request: (id: string) => { path: string; method: string; body?: unknown }; stillThere: (owner: Owner, id: string) => Promise<boolean> }[] = [
  {
    name: "DELETE /api/account/sessions/{id}",
    idOf: async (owner) => (await call("/api/account/sessions", { token: owner.token })).json.data[0].id,
    request: (id) => ({ path: `/api/account/sessions/${id}`, method: "DELETE" }),
    stillThere: async (owner, id) =>
      (await call("/api/account/sessions", { token: owner.token })).json.data.some((s: { id: string }) => s.id === id),
  },
  ...(["GET", "PATCH", "DELETE"] as const).map((method) => ({
    name: `${method} /api/chats/{id}`,
    idOf: async (owner: Owner) => (await call("/api/chats", { method: "POST", token: owner.token, body: {} })).json.chat.id as string,
    request: (id: string) => ({ path: `/api/chats/${id}`, method, ...(method === "PATCH" ? { body: { title: "Taken over" } } : {}) }),
    stillThere: async (owner: Owner, id: string) => {
      const res = await call(`/api/chats/${id}`, { token: owner.token });
      return res.status === 200 && res.json.chat.title === "New Chat";
    },
  })),
  // An imported catalog product is its importer's alone.
  ...(["GET /api/catalog/products/{id}", "POST /api/catalog/products/{id}/saves"] as const).map((name) => ({
    name,
    idOf: async (owner: Owner) =>
      (await call("/api/catalog/imports", { method: "POST", token: owner.token, body: { format: "json", content: JSON.stringify([{ name: "Owner-only lamp", price: 20 }]) } })).json.acceptedRows[0]
        .productId as string,
    request: (id: string) =>
      name.startsWith("GET") ? { path: `/api/catalog/products/${id}`, method: "GET" } : { path: `/api/catalog/products/${id}/saves`, method: "POST", body: { list: "Stolen" } },
    stillThere: async (owner: Owner, id: string) => (await call(`/api/catalog/products/${id}`, { token: owner.token })).json.name === "Owner-only lamp",
  })),
  ...(["GET", "DELETE"] as const).map((method) => ({
    name: `${method} /api/competitors/{id}`,
    idOf: async (owner: Owner) => (await call("/api/competitors", { method: "POST", token: owner.token, body: { sampleStoreId: "S-003" } })).json.id as string,
    request: (id: string) => ({ path: `/api/competitors/${id}`, method }),
    stillThere: async (owner: Owner, id: string) => (await call(`/api/competitors/${id}`, { token: owner.token })).status === 200,
  })),
];

describe("cross-user access", () => {
  it.each(ROUTES.map((r) => [r.name, r]))("%s answers 404 to another user", async (_name, route) => {
    const owner = await verifiedUser();
    const intruder = await verifiedUser();
    const id = await route.idOf(owner);
    const { path, method, body } = route.request(id);
    const res = await call(path, { method, body, token: intruder.token });
    expect(res.status).toBe(404);
    expect(res.json.type).toBe("NOT_FOUND");
    expect(await route.stillThere(owner, id)).toBe(true);
  });
});
