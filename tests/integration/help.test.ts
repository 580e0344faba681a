import { describe, expect, it } from "vitest";
import { call, signupUser, verifiedUser } from "./helpers";

const EXPORT = "/api/help/articles/page-builder-and-export/export-to-shopify";

describe("help center API", () => {
  it("lists every article with categories, counts and the getting-started fallback for popular articles", async () => {
    const { status, json } = await call("/api/help/articles");
    expect(status).toBe(200);
    const data = json.data;
    expect(data.articles.length).toBeGreaterThanOrEqual(25);
    expect(data.categories.map((c: { id: string }) => c.id)).toEqual([
      "getting-started",
      "chat-and-research",
      "projects",
      "winning-products",
      "page-builder-and-export",
      "images",
      "billing-and-account",
    ]);
    const counted = data.categories.reduce((n: number, c: { count: number }) => n + c.count, 0);
    expect(counted).toBe(data.articles.length);
    expect(data.popular.basis).toBe("getting-started");
    expect(data.popular.articles.every((a: { category: string }) => a.category === "getting-started")).toBe(true);

    const images = await call("/api/help/articles?category=images");
    expect(images.json.data.articles.length).toBe(data.categories.find((c: { id: string }) => c.id === "images").count);
    expect(images.json.data.articles.every((a: { category: string }) => a.category === "images")).toBe(true);
  });

  it('search finds "shopfiy export" and says how it read it', async () => {
    const { status, json } = await call(`/api/help/articles?q=${encodeURIComponent("shopfiy export")}`);
    expect(status).toBe(200);
    expect(json.data.articles[0]).toMatchObject({ category: "page-builder-and-export", slug: "export-to-shopify" });
    expect(json.data.articles[0].snippet).toMatch(/Shopify/);
    expect(json.data.correctedQuery).toBe("shopify export");
    const none = await call("/api/help/articles?q=zzqxv");
    expect(none.json.data.articles).toEqual([]);
  });

  it("refuses an unknown category or article with a 404 that names it, and bad input with a 400", async () => {
    const article = await call("/api/help/articles/images/no-such-article");
    expect(article.status).toBe(404);
    expect(article.json.message).toMatch(/no-such-article/);
    const category = await call("/api/help/articles/cooking/recipes");
    expect(category.status).toBe(404);
    expect(category.json.message).toMatch(/cooking/);
    const listCategory = await call("/api/help/articles?category=cooking");
    expect(listCategory.status).toBe(404);
    const badSlug = await call("/api/help/articles/images/Not%20A%20Slug");
    expect(badSlug.status).toBe(400);
    const long = await call(`/api/help/articles?q=${"a".repeat(201)}`);
    expect(long.status).toBe(400);
  });

  it("serves an article with its table of contents and related articles, to signed-out and unverified callers", async () => {
    const { status, json } = await call(EXPORT);
    expect(status).toBe(200);
    const a = json.data;
    expect(a.title).toBe("Export a page to your Shopify store");
    expect(a.categoryTitle).toBe("Page builder and export");
    expect(a.markdown).toMatch(/## Connect your store/);
    expect(a.headings).toContainEqual({ id: "connect-your-store", text: "Connect your store" });
    expect(a.related.length).toBeGreaterThan(0);
    expect(a.related.some((r: { slug: string }) => r.slug === "export-to-shopify")).toBe(false);
    expect(a.votes).toEqual({ helpful: 0, notHelpful: 0 });
    expect(a.myVote).toBeNull();

    const unverified = await signupUser();
    expect((await call(EXPORT, { token: unverified.token })).status).toBe(200);
    expect((await call("/api/help/articles?q=canon", { token: unverified.token })).status).toBe(200);
  });

  it("votes need a signed-in, verified user", async () => {
    const anonymous = await call(`${EXPORT}/votes`, { method: "POST", body: { helpful: true } });
    expect(anonymous.status).toBe(401);
    const unverified = await signupUser();
    const gated = await call(`${EXPORT}/votes`, { method: "POST", body: { helpful: true }, token: unverified.token });
    expect(gated.status).toBe(403);
    expect(gated.json.type).toBe("EMAIL_NOT_VERIFIED");
    const after = await call(EXPORT);
    expect(after.json.data.votes).toEqual({ helpful: 0, notHelpful: 0 });
  });

  it("counts one vote per user per article: voting again changes it", async () => {
    const alice = await verifiedUser();
    const bob = await verifiedUser();
    const vote = (token: string, helpful: unknown, path = EXPORT) => call(`${path}/votes`, { method: "POST", body: { helpful }, token });

    expect((await vote(alice.token, true)).json.data).toEqual({ myVote: true, votes: { helpful: 1, notHelpful: 0 } });
    expect((await vote(alice.token, true)).json.data.votes).toEqual({ helpful: 1, notHelpful: 0 });
    expect((await vote(bob.token, false)).json.data.votes).toEqual({ helpful: 1, notHelpful: 1 });
    expect((await vote(alice.token, false)).json.data).toEqual({ myVote: false, votes: { helpful: 0, notHelpful: 2 } });

    const asAlice = await call(EXPORT, { token: alice.token });
    expect(asAlice.json.data.myVote).toBe(false);
    expect((await call(EXPORT)).json.data.myVote).toBeNull();

    const bad = await vote(alice.token, "yes");
    expect(bad.status).toBe(400);
    expect(bad.json.message).toMatch(/helpful/);
    const missing = await vote(alice.token, true, "/api/help/articles/images/nothing-here");
    expect(missing.status).toBe(404);
  });

  it("ranks popular articles by recorded views and helpful votes once there are any", async () => {
    const reader = await verifiedUser();
    // Earlier tests in this file opened the Shopify export article a few times (and two readers found it unhelpful).
    for (let i = 0; i < 10; i++) await call("/api/help/articles/images/marketing-visuals");
    await call("/api/help/articles/projects/the-canon");
    await call("/api/help/articles/images/marketing-visuals/votes", { method: "POST", body: { helpful: true }, token: reader.token });
    const { json } = await call("/api/help/articles");
    expect(json.data.popular.basis).toBe("activity");
    const slugs = json.data.popular.articles.map((a: { slug: string }) => a.slug);
    expect(slugs[0]).toBe("marketing-visuals");
    expect(slugs).toContain("the-canon");
    // Never-opened articles are not called popular.
    expect(slugs).not.toContain("create-your-account");
  });
});
