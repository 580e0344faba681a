import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../workers/app";
import { BASE, call, signupUser, verifiedUser } from "./helpers";

const EXPORT = "/api/help/articles/page-builder-and-export/export-to-shopify";

/** The views written for an article ("<category>/<slug>"); views are added up in the isolate and written once a second. */
async function storedViews(article: string): Promise<number> {
  return (await env.DB.prepare("SELECT views FROM help_article_views WHERE article = ?").bind(article).first<number>("views")) ?? 0;
}

/** Waits (up to 3 s) until each article's views have been written, at least the given number. */
async function viewsWritten(atLeast: Record<string, number>): Promise<void> {
  for (let i = 0; i < 150; i++) {
    const stored = await Promise.all(Object.entries(atLeast).map(async ([article, n]) => (await storedViews(article)) >= n));
    if (stored.every(Boolean)) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

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
    // Views are written in a batch a second after the first (waitUntil): give it a moment.
    await viewsWritten({ "images/marketing-visuals": 10, "projects/the-canon": 1 });
    const { json } = await call("/api/help/articles");
    expect(json.data.popular.basis).toBe("activity");
    const slugs = json.data.popular.articles.map((a: { slug: string }) => a.slug);
    expect(slugs[0]).toBe("marketing-visuals");
    expect(slugs).toContain("the-canon");
    // Never-opened articles are not called popular.
    expect(slugs).not.toContain("create-your-account");
  });

  it("adds up several reads within a second in the isolate and writes their total once", async () => {
    const article = "billing-and-account/plans-and-limits";
    // Let a window opened by earlier tests close, so these reads open their own and its write is
    // handed to this execution context.
    await new Promise((r) => setTimeout(r, 1100));
    expect(await storedViews(article)).toBe(0);
    const ctx = createExecutionContext();
    const statuses = await Promise.all(
      Array.from({ length: 5 }, async (_, i) => {
        const request = new Request(`${BASE}/api/help/articles/${article}`, { headers: { "cf-connecting-ip": `203.0.113.${i + 1}` } });
        const res = await worker.fetch(request, env as unknown as Env, ctx);
        await res.text();
        return res.status;
      }),
    );
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    // No write per read: the views wait in the isolate for the second to end.
    expect(await storedViews(article)).toBe(0);
    await waitOnExecutionContext(ctx);
    expect(await storedViews(article)).toBe(5);
  });
});
