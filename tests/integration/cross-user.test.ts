import { describe, expect, it } from "vitest";
import { call, verifiedUser } from "./helpers";

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
