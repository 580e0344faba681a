import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { PARTNERS } from "~/server/partners/directory";
import { call, makeAdmin, uniqueName, verifiedUser } from "./helpers";

const application = (company = uniqueName("Agency")) => ({
  company,
  website: "https://example-agency.test",
  contactEmail: "hello@example-agency.test",
  category: "ads-agency",
  message: "We run Meta and Google campaigns for Shopify stores in the home goods niche.",
});

describe("partners", () => {
  it("lists the directory to anyone, filtered by category and words", async () => {
    const all = await call("/api/partners");
    expect(all.status).toBe(200);
    expect(all.json.data).toHaveLength(PARTNERS.length);
    const reviews = await call("/api/partners?category=reviews");
    expect(reviews.json.data.length).toBeGreaterThan(0);
    expect(reviews.json.data.every((p: { category: string }) => p.category === "reviews")).toBe(true);
    const tracking = await call("/api/partners?q=TRACKING%20page");
    expect(tracking.json.data.map((p: { id: string }) => p.id)).toEqual(expect.arrayContaining(["aftership"]));
    expect((await call("/api/partners?q=nothingmatchesthis")).json.data).toEqual([]);
    const bad = await call("/api/partners?category=crypto");
    expect(bad.status).toBe(400);
    expect(bad.json.message).toContain("category");
    // Every entry links to an https website and carries no figures of ours: no score, no count, no number in its text.
    for (const p of PARTNERS) {
      expect(p.website).toMatch(/^https:\/\//);
      expect(Object.keys(p).sort()).toEqual(["category", "id", "kind", "name", "offers", "summary", "website"]);
      expect([p.summary, ...p.offers].join(" ")).not.toMatch(/\d|\bstars?\b|rated/i);
    }
  });

  it("takes an application from a visitor or a member, naming any bad field, and rate-limits it per address", async () => {
    const visitor = await call("/api/partners/applications", { method: "POST", body: application() });
    expect(visitor.status).toBe(201);
    expect(visitor.json.data).toMatchObject({ status: "new", userId: null });
    const member = await verifiedUser();
    const signedIn = await call("/api/partners/applications", { method: "POST", token: member.token, body: application() });
    expect(signedIn.json.data.userId).toBe(member.user.id);

    const bad = await call("/api/partners/applications", { method: "POST", body: { ...application(), website: "example", message: "hi" } });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toContain("website");
    expect(bad.json.message).toContain("message");

    const ip = "10.90.0.1";
    for (let i = 0; i < 5; i++) expect((await call("/api/partners/applications", { method: "POST", body: application(), headers: { "cf-connecting-ip": ip } })).status).toBe(201);
    expect((await call("/api/partners/applications", { method: "POST", body: application(), headers: { "cf-connecting-ip": ip } })).status).toBe(429);
  }, 30_000);

  it("lands in the staff inbox; a decision needs a reason and is audited", async () => {
    const company = uniqueName("Studio");
    const sent = await call("/api/partners/applications", { method: "POST", body: application(company) });
    const id = sent.json.data.id as string;
    const admin = await verifiedUser(uniqueName("staff"));
    await makeAdmin(admin.user.id);
    const inbox = await call("/api/admin/partners/applications?status=new", { token: admin.token });
    expect(inbox.status).toBe(200);
    expect(inbox.json.data.find((a: { id: string }) => a.id === id)).toMatchObject({ company, status: "new" });

    const path = `/api/admin/partners/applications/${id}/status`;
    expect((await call(path, { method: "POST", token: admin.token, body: { status: "approved" } })).status).toBe(400);
    expect((await call(path, { method: "POST", token: admin.token, body: { status: "maybe", reason: "x" } })).status).toBe(400);
    const decided = await call(path, { method: "POST", token: admin.token, body: { status: "approved", reason: "Established Shopify agency" } });
    expect(decided.status).toBe(200);
    expect(decided.json.data).toMatchObject({ status: "approved" });
    const audit = await env.DB.prepare("SELECT actor_id, action, reason FROM admin_audit_log WHERE target_type = 'partner_application' AND target_id = ?").bind(id).all();
    expect(audit.results).toEqual([{ actor_id: admin.user.id, action: "partner_application.approve", reason: "Established Shopify agency" }]);
    expect((await call("/api/admin/partners/applications/nope/status", { method: "POST", token: admin.token, body: { status: "rejected", reason: "x" } })).status).toBe(404);
  }, 30_000);

  it.each([
    ["GET", "/api/admin/partners/applications", undefined],
    ["POST", "/api/admin/partners/applications/any/status", { status: "approved", reason: "x" }],
  ])("refuses %s %s to non-staff with 403", async (method, path, body) => {
    const user = await verifiedUser();
    expect((await call(path, { method, token: user.token, body })).status).toBe(403);
    expect((await call(path, { method, body })).status).toBe(401);
  }, 30_000);
});
