import { describe, expect, it } from "vitest";
import { call, verifiedUser } from "./helpers";

/**
 * Every route that takes an id, tried with a second user's credentials: the answer is 404 and
 * nothing of the first user's changes. Later features add their routes to ROUTES.
 */
type Owner = Awaited<ReturnType<typeof verifiedUser>>;
const ROUTES: { name: string; idOf: (owner: Owner) => Promise<string>; request: (id: string) => { path: string; method: string }; stillThere: (owner: Owner, id: string) => Promise<boolean> }[] = [
  {
    name: "DELETE /api/account/sessions/{id}",
    idOf: async (owner) => (await call("/api/account/sessions", { token: owner.token })).json.data[0].id,
    request: (id) => ({ path: `/api/account/sessions/${id}`, method: "DELETE" }),
    stillThere: async (owner, id) =>
      (await call("/api/account/sessions", { token: owner.token })).json.data.some((s: { id: string }) => s.id === id),
  },
];

describe("cross-user access", () => {
  it.each(ROUTES.map((r) => [r.name, r]))("%s answers 404 to another user", async (_name, route) => {
    const owner = await verifiedUser();
    const intruder = await verifiedUser();
    const id = await route.idOf(owner);
    const { path, method } = route.request(id);
    const res = await call(path, { method, token: intruder.token });
    expect(res.status).toBe(404);
    expect(res.json.type).toBe("NOT_FOUND");
    expect(await route.stillThere(owner, id)).toBe(true);
  });
});
