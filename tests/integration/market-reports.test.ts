import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { formatCents, formatCount } from "~/server/market/format";
import { REPORT_STEPS, startReport } from "~/server/market/reports";
import { reserveUsage } from "~/server/usage/meter";
import { createDb } from "../../db/client";
import { call, verifiedUser, seedSampleCatalog } from "./helpers";

/** The tests that wait for a report's job (it runs ~1 s; the shared CI machine can be slow). */
const JOB_TIMEOUT = 60_000;

type User = Awaited<ReturnType<typeof verifiedUser>>;
let free: User;
let paid: User;
let other: User;

async function subscribe(u: User) {
  await env.DB.prepare("INSERT INTO subscriptions (user_id, plan, status) VALUES (?, 'automation', 'active')").bind(u.user.id).run();
}

const advisorUsed = async (u: User) => (await call("/api/usage/summary", { token: u.token })).json.data.usage.aiAdvisor as number;

/** Polls a report until it stops running; the job runs under waitUntil after the 202. */
async function finished(u: User, id: string) {
  for (let attempt = 0; attempt < 300; attempt++) {
    const { json } = await call(`/api/market-reports/${id}`, { token: u.token });
    if (json.data.status !== "running") return json.data;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`report ${id} still running`);
}

/** A niche and a product of the user's own whose text is hostile HTML. */
async function hostileImport(u: User, suffix: string) {
  const nicheId = `u${u.user.id}-hostile-${suffix}`;
  const productId = `I-HOST${suffix.toUpperCase()}`;
  await env.DB.batch([
    env.DB.prepare("INSERT INTO catalog_niches (id, owner_user_id, name, audience, pain) VALUES (?, ?, ?, ?, ?)").bind(
      nicheId,
      u.user.id,
      '<script>alert("niche")</script> Gadgets',
      "<img src=x onerror=alert(1)> makers | pipes",
      "[click](javascript:alert(1)) **bold**",
    ),
    env.DB.prepare(
      `INSERT INTO catalog_products (id, owner_user_id, source, name, product_type, niche_id, cost_cents, shipping_cost_cents, price_cents, margin_cents, margin_pct,
         monthly_orders, trend_pct, ad_count, competition, shipping_days, weekly_orders, weekly_price_cents, weekly_active_ads, score)
       VALUES (?, ?, 'feed', ?, 'lamp', ?, 800, 300, 2999, 2199, 73, 100, 25, 3, 'low', 7, ?, ?, ?, 61)`,
    ).bind(productId, u.user.id, "<script>alert(1)</script> Lamp", nicheId, JSON.stringify([10, 10, 10, 10, 20, 20, 30, 30]), JSON.stringify(Array(8).fill(2999)), JSON.stringify(Array(8).fill(3))),
  ]);
  return { nicheId, productId };
}

beforeAll(async () => {
  await seedSampleCatalog();
  [free, paid, other] = await Promise.all([verifiedUser(), verifiedUser(), verifiedUser()]);
  await subscribe(paid);
  await subscribe(other);
}, 120_000);

describe("POST /api/market-reports", () => {
  it("refuses the free plan with the upgrade error, creating and spending nothing", async () => {
    const { status, json } = await call("/api/market-reports", { method: "POST", token: free.token, body: { subjectKind: "niche", subjectId: "pet-supplies" } });
    expect(status).toBe(403);
    expect(json).toMatchObject({ type: "FORBIDDEN", details: { feature: "hasDeepMarketAnalysis", upgrade: true } });
    expect(json.message).toMatch(/Growth/);
    expect((await call("/api/market-reports", { token: free.token })).json.data).toEqual([]);
    expect(await advisorUsed(free)).toBe(0);
  });

  it("validates the body, needs a signed-in caller and a subject in the catalog", async () => {
    const bad = await call("/api/market-reports", { method: "POST", token: paid.token, body: { subjectKind: "shop", subjectId: "" } });
    expect(bad.status).toBe(400);
    expect(bad.json.type).toBe("VALIDATION");
    expect(JSON.stringify(bad.json.details)).toMatch(/subjectKind/);
    expect((await call("/api/market-reports", { method: "POST", body: { subjectKind: "niche", subjectId: "pet-supplies" } })).status).toBe(401);
    expect((await call("/api/market-reports")).status).toBe(401);
    const unknown = await call("/api/market-reports", { method: "POST", token: paid.token, body: { subjectKind: "product", subjectId: "P-999999" } });
    expect(unknown.status).toBe(404);
    expect((await call("/api/market-reports", { method: "POST", token: paid.token, body: { subjectKind: "niche", subjectId: "no-such-niche" } })).status).toBe(404);
    expect(await advisorUsed(paid)).toBe(0);
  });

  it("writes a niche report with progress, every section, record figures and citations, counted once", async () => {
    const started = await call("/api/market-reports", { method: "POST", token: paid.token, body: { subjectKind: "niche", subjectId: "pet-supplies" } });
    expect(started.status).toBe(202);
    expect(started.json.data).toMatchObject({ subjectKind: "niche", subjectId: "pet-supplies", status: "running", markdown: null });
    expect(started.json.data.progress).toBeLessThan(100);
    const report = await finished(paid, started.json.data.id);
    expect(report).toMatchObject({ status: "done", progress: 100, error: null });
    expect(report.finishedAt).toEqual(expect.any(String));
    const md: string = report.markdown;
    for (const s of REPORT_STEPS) expect(md).toContain(`\n## ${s.heading}\n`);
    expect(md).toContain("Sample catalog data, as of 2026-11-16");

    // Figures match the records: the product count, the orders of the last 4 weeks, prices.
    const niches = (await call("/api/catalog/niches", { token: paid.token })).json.data as { id: string; productCount: number }[];
    const count = niches.find((n) => n.id === "pet-supplies")!.productCount;
    expect(md).toContain(`the niche holds ${formatCount(count)} products`);
    let orders = 0;
    for (let page = 1; page <= Math.ceil(count / 100); page++) {
      const { json } = await call(`/api/catalog/products?niche=pet-supplies&pageSize=100&page=${page}`, { token: paid.token });
      orders += (json.data as { monthlyOrders: number }[]).reduce((s, p) => s + p.monthlyOrders, 0);
    }
    expect(md).toContain(`**Orders, last 4 weeks:** ${formatCount(orders)}`);
    const products = report.cited.filter((id: string) => id.startsWith("P-"));
    expect(products.length).toBeGreaterThan(3);
    for (const id of products.slice(0, 4)) {
      const record = (await call(`/api/catalog/products/${id}`, { token: paid.token })).json;
      expect(record.niche.id).toBe("pet-supplies");
      expect(md).toContain(formatCents(record.priceCents));
    }

    // Every cited id is a record of the catalog, and every P-/A-/S- id in the text is cited.
    expect(report.cited).toContain("pet-supplies");
    const paths: Record<string, string> = { P: "products", A: "ads", S: "stores" };
    for (const id of report.cited as string[]) {
      const path = id === "pet-supplies" ? "niches" : paths[id[0]];
      expect(path, id).toBeDefined();
      expect((await call(`/api/catalog/${path}/${id}`, { token: paid.token })).status, id).toBe(200);
    }
    const mentioned = new Set(md.match(/\b[PAS]-\d{3,}\b/g));
    for (const id of mentioned) expect(report.cited, id).toContain(id);
    expect(md).toMatch(/Break-even CPA.*=/);
    expect(await advisorUsed(paid)).toBe(1);

    const list = await call("/api/market-reports", { token: paid.token });
    expect(list.json.data[0]).toMatchObject({ id: report.id, status: "done" });
    expect(list.json.data[0].markdown).toBeUndefined();
  }, JOB_TIMEOUT);

  it("writes a product report with the product's verdict and its niche as context", async () => {
    const started = await call("/api/market-reports", { method: "POST", token: paid.token, body: { subjectKind: "product", subjectId: "p-0001" } });
    expect(started.status).toBe(202);
    expect(started.json.data.subjectId).toBe("P-0001");
    const report = await finished(paid, started.json.data.id);
    expect(report.status).toBe("done");
    const record = (await call("/api/catalog/products/P-0001", { token: paid.token })).json;
    expect(report.title).toBe(`Product: ${record.name} (P-0001)`);
    expect(report.markdown).toContain(`the niche ${record.niche.name}`);
    expect(report.markdown).toContain(formatCents(record.priceCents));
    expect(report.markdown).toMatch(/\*\*Verdict: (Sell|Test carefully|Avoid)\*\*/);
    expect(report.cited).toEqual(expect.arrayContaining(["P-0001", record.niche.id]));
    for (const s of REPORT_STEPS) expect(report.markdown).toContain(`\n## ${s.heading}\n`);
  }, JOB_TIMEOUT);
});

describe("the daily allowance", () => {
  it("answers USAGE_LIMIT once the plan's deep analyses are used up, creating nothing", async () => {
    const u = await verifiedUser();
    await subscribe(u);
    for (let i = 0; i < 10; i++) await (await reserveUsage(env, u.user.id, "aiAdvisor")).commit();
    const { status, json, res } = await call("/api/market-reports", { method: "POST", token: u.token, body: { subjectKind: "niche", subjectId: "pet-supplies" } });
    expect(status).toBe(429);
    expect(json).toMatchObject({ type: "USAGE_LIMIT", details: { counter: "aiAdvisor", limit: 10 } });
    expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await call("/api/market-reports", { token: u.token })).json.data).toEqual([]);
    expect(await advisorUsed(u)).toBe(10);
  });
});

describe("downloads", () => {
  it("serves Markdown and printable HTML that escapes record text", async () => {
    const { nicheId } = await hostileImport(paid, "a");
    const started = await call("/api/market-reports", { method: "POST", token: paid.token, body: { subjectKind: "niche", subjectId: nicheId } });
    expect(started.status).toBe(202);
    const report = await finished(paid, started.json.data.id);
    expect(report.status).toBe("done");
    expect(report.markdown).toContain("Sample catalog data and your imports");

    const md = await call(`/api/market-reports/${report.id}/download?format=md`, { token: paid.token });
    expect(md.status).toBe(200);
    expect(md.res.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(md.res.headers.get("content-disposition")).toMatch(/^attachment; filename="dropcraft-niche-script-alert-niche-script-gadgets-\d{4}-\d{2}-\d{2}\.md"$/);
    expect(md.text).toBe(report.markdown);

    const html = await call(`/api/market-reports/${report.id}/download?format=html`, { token: paid.token });
    expect(html.status).toBe(200);
    expect(html.res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(html.res.headers.get("content-disposition")).toMatch(/^attachment; filename=".+\.html"$/);
    // The page carries its own policy: opened from a file or a blob, nothing in it may run.
    expect(html.text).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">`);
    expect(html.text).toMatch(/^<!doctype html>/);
    expect(html.text).toContain("@media print");
    expect(html.text).not.toMatch(/<script|<img|href="javascript:/i);
    expect(html.text).toContain("&lt;script&gt;alert(1)&lt;/script&gt; Lamp");
    expect(html.text).toContain("<table>");
    expect(html.text).toContain("<h2");
  }, JOB_TIMEOUT);

  it("defaults to Markdown and refuses a bad format", async () => {
    const [first] = (await call("/api/market-reports", { token: paid.token })).json.data;
    const md = await call(`/api/market-reports/${first.id}/download`, { token: paid.token });
    expect(md.res.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect((await call(`/api/market-reports/${first.id}/download?format=pdf`, { token: paid.token })).status).toBe(400);
  });
});

describe("another user's reports", () => {
  it("answers 404 to read, download and delete, and the user's own niche is not theirs to analyse", async () => {
    const [mine] = (await call("/api/market-reports", { token: paid.token })).json.data;
    for (const path of [`/api/market-reports/${mine.id}`, `/api/market-reports/${mine.id}/download?format=md`]) {
      expect((await call(path, { token: other.token })).status).toBe(404);
    }
    expect((await call(`/api/market-reports/${mine.id}`, { method: "DELETE", token: other.token })).status).toBe(404);
    expect((await call("/api/market-reports", { token: other.token })).json.data).toEqual([]);
    const ownNiche = `u${paid.user.id}-hostile-a`;
    expect((await call("/api/market-reports", { method: "POST", token: other.token, body: { subjectKind: "niche", subjectId: ownNiche } })).status).toBe(404);
    expect(await advisorUsed(other)).toBe(0);
    expect((await call(`/api/market-reports/${mine.id}`, { token: paid.token })).status).toBe(200);
  });

  it("lets the owner delete a report", async () => {
    const [mine] = (await call("/api/market-reports", { token: paid.token })).json.data;
    expect((await call(`/api/market-reports/${mine.id}`, { method: "DELETE", token: paid.token })).json).toEqual({ data: { id: mine.id } });
    expect((await call(`/api/market-reports/${mine.id}`, { token: paid.token })).status).toBe(404);
  });
});

describe("a report that fails", () => {
  it("refunds the usage and saves the error when the subject is gone before the job reads it", async () => {
    const u = await verifiedUser();
    await subscribe(u);
    const { nicheId } = await hostileImport(u, "b");
    let job: Promise<unknown> = Promise.resolve();
    const report = await startReport(
      {
        db: createDb(env.DB),
        env,
        defer: (work) => {
          // Issued before the job's first read: the niche and its product are gone when it reads them.
          const gone = env.DB.batch([
            env.DB.prepare("DELETE FROM catalog_products WHERE owner_user_id = ?").bind(u.user.id),
            env.DB.prepare("DELETE FROM catalog_niches WHERE owner_user_id = ?").bind(u.user.id),
          ]);
          job = Promise.all([gone, work]);
        },
      },
      u.user.id,
      { subjectKind: "niche", subjectId: nicheId },
    );
    expect(report.status).toBe("running");
    await job;
    const after = await call(`/api/market-reports/${report.id}`, { token: u.token });
    expect(after.json.data).toMatchObject({ status: "failed", step: "Failed", markdown: null });
    expect(after.json.data.error).toMatch(/No niche .* not counted/);
    expect(await advisorUsed(u)).toBe(0);
    expect((await call(`/api/market-reports/${report.id}/download?format=md`, { token: u.token })).status).toBe(409);
  }, JOB_TIMEOUT);
});
