import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BOOKMARK_COOKIE, databaseSessionFor } from "../../db/client";
import { findUserByEmail, insertUser } from "../../db/users";
import { call, cookiesOf, uniqueName, verifiedUser } from "./helpers";

// D1 read replication through the Sessions API (issue 29): the installed workerd/miniflare gives
// D1 bindings withSession() and real bookmarks, and drizzle runs on a D1DatabaseSession.
describe("D1 sessions", () => {
  it("drizzle runs on a session (builder, relational query, batch) and the session reports a bookmark", async () => {
    const session = databaseSessionFor(env.DB, null);
    expect(session.bookmark()).toBeNull();
    const name = uniqueName("session");
    const user = await insertUser(session.db, { username: name, email: `${name}@store.test`, passwordHash: "x" });
    const afterWrite = session.bookmark();
    expect(afterWrite).toMatch(/^[\w-]+$/);
    // The relational config comes from the binding's database (db/client.ts onSession).
    expect((await session.db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, user.id) }))?.username).toBe(name);
    // Other files share this database (vitest.workers.config.ts): read this user's rows only.
    const [a, b] = await session.db.batch([
      session.db.query.users.findMany({ where: (u, { eq }) => eq(u.id, user.id) }),
      session.db.query.sessions.findMany({ where: (s, { eq }) => eq(s.userId, user.id) }),
    ]);
    expect(a).toHaveLength(1);
    expect(b).toEqual([]);
  });

  it("a session anchored at a bookmark reads the write that bookmark came from, and its bookmark never goes back", async () => {
    const writer = databaseSessionFor(env.DB, null);
    const name = uniqueName("bookmark");
    await insertUser(writer.db, { username: name, email: `${name}@store.test`, passwordHash: "x" });
    const bookmark = writer.bookmark()!;

    const reader = databaseSessionFor(env.DB, bookmark);
    expect(reader.bookmark()).toBe(bookmark);
    expect((await findUserByEmail(reader.db, `${name}@store.test`))?.username).toBe(name);
    expect(reader.bookmark()! >= bookmark).toBe(true);
  });
});

describe("the API carries a user's bookmark in a cookie", () => {
  it("a signed-in user's write sets db_bookmark; their next request sends it back and a read sets none", async () => {
    const user = await verifiedUser();
    const created = await call("/api/projects", { method: "POST", token: user.token, body: { name: uniqueName("Shop") } });
    expect(created.status, created.text).toBe(201);
    const cookie = cookiesOf(created.res)[BOOKMARK_COOKIE];
    expect(cookie?.value).toMatch(/^[\w-]+$/);
    expect(cookie.attrs).toEqual(expect.arrayContaining(["Path=/", "HttpOnly", "SameSite=Lax", "Max-Age=300"]));

    const listed = await call("/api/projects", { token: user.token, headers: { cookie: `${BOOKMARK_COOKIE}=${cookie.value}` } });
    expect(listed.status).toBe(200);
    expect((listed.json.data as { id: string }[]).map((p) => p.id)).toContain(created.json.data.id);
    expect(cookiesOf(listed.res)[BOOKMARK_COOKIE]).toBeUndefined();
  });

  it("an anonymous write gets no bookmark cookie, and a malformed bookmark is ignored", async () => {
    const anonymous = await call("/api/omnisend/newsletter-signup", { method: "POST", body: { email: `${uniqueName("n")}@store.test` } });
    expect(anonymous.status).toBeLessThan(500);
    expect(cookiesOf(anonymous.res)[BOOKMARK_COOKIE]).toBeUndefined();

    const user = await verifiedUser();
    const created = await call("/api/projects", { method: "POST", token: user.token, headers: { cookie: `${BOOKMARK_COOKIE}=not a bookmark;` }, body: { name: uniqueName("Shop") } });
    expect(created.status, created.text).toBe(201);
    expect(cookiesOf(created.res)[BOOKMARK_COOKIE]?.value).toMatch(/^[\w-]+$/);
  });
});
