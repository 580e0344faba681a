import { env } from "cloudflare:test";
import { Document, Packer, Paragraph, TextRun } from "docx";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { BASE, call, verifiedUser } from "./helpers";
import { WORKER } from "./worker";

type User = Awaited<ReturnType<typeof verifiedUser>>;

async function createProject(user: User, name: string, businessInstructions = "") {
  return call("/api/projects", { method: "POST", token: user.token, body: { name, businessInstructions } });
}

async function makePaid(user: User) {
  await env.DB.prepare("INSERT INTO subscriptions (user_id, plan, status) VALUES (?, 'automation', 'active')").bind(user.user.id).run();
}

async function upload(user: User, projectId: string, name: string, bytes: Uint8Array | string, type = "", method = "POST", fileId?: string) {
  const form = new FormData();
  form.append("file", new File([bytes as BlobPart], name, { type }));
  const path = fileId ? `/api/projects/${projectId}/files/${fileId}` : `/api/projects/${projectId}/files`;
  const res = await WORKER.fetch(`${BASE}${path}`, { method, headers: { authorization: `Bearer ${user.token}` }, body: form });
  const text = await res.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test responses are read loosely
  return { status: res.status, json: JSON.parse(text) as Record<string, any> };
}

async function textPdf(lines: string[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([612, 792]);
  lines.forEach((line, i) => page.drawText(line, { x: 50, y: 740 - i * 18, size: 11, font }));
  return pdf.save();
}

/** A PDF whose only page is a picture: what a scanner makes. No text can be read from it. */
async function scannedPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  // A 1×1 PNG stands in for the scan.
  const png = Uint8Array.from(
    atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="),
    (c) => c.charCodeAt(0),
  );
  const image = await pdf.embedPng(png);
  pdf.addPage([612, 792]).drawImage(image, { x: 0, y: 0, width: 612, height: 792 });
  return pdf.save();
}

async function docxFile(paragraphs: string[]): Promise<Uint8Array> {
  const doc = new Document({ sections: [{ children: paragraphs.map((p) => new Paragraph({ children: [new TextRun(p)] })) }] });
  return new Uint8Array(await (await Packer.toBlob(doc)).arrayBuffer());
}

describe("projects: spec section 7", () => {
  it("creates, lists, reads and renames a project with the spec's shapes", async () => {
    const u = await verifiedUser();
    const empty = await call("/api/projects", { token: u.token });
    expect(empty.status).toBe(200);
    expect(empty.json).toEqual({ success: true, data: [] });

    const created = await createProject(u, "  Cozy Pets  ", "We sell calming beds for anxious dogs.");
    expect(created.status).toBe(201);
    expect(created.json.success).toBe(true);
    const project = created.json.data;
    expect(project).toMatchObject({
      name: "Cozy Pets",
      businessInstructions: "We sell calming beds for anxious dogs.",
      knowledgeBase: [],
      researchData: null,
      canonContext: {},
      userId: u.user.id,
      chatCount: 0,
      fileCount: 0,
    });
    expect(typeof project.id).toBe("string");
    expect(Date.parse(project.createdAt)).not.toBeNaN();

    const listed = await call("/api/projects", { token: u.token });
    expect(listed.json.data.map((p: { id: string }) => p.id)).toEqual([project.id]);

    const got = await call(`/api/projects/${project.id}`, { token: u.token });
    expect(got.json.data.name).toBe("Cozy Pets");

    const renamed = await call(`/api/projects/${project.id}`, { method: "PATCH", token: u.token, body: { name: "Cozy Pets Co" } });
    expect(renamed.status).toBe(200);
    expect(renamed.json.data.name).toBe("Cozy Pets Co");
  });

  it("refuses empty, blank and over-long names, and a second project by the same name (any case) with a 409 naming it", async () => {
    const u = await verifiedUser();
    for (const name of ["", "   ", "x".repeat(81)]) {
      const res = await createProject(u, name);
      expect(res.status).toBe(400);
      expect(res.json.type).toBe("VALIDATION");
      expect(res.json.message).toMatch(/name/);
    }
    expect((await createProject(u, "x".repeat(80))).status).toBe(201);
    expect((await createProject(u, "Yoga Store")).status).toBe(201);
    const clash = await createProject(u, "yoga store");
    expect(clash.status).toBe(409);
    expect(clash.json.type).toBe("CONFLICT");
    expect(clash.json.message).toContain('"yoga store"');

    const other = await verifiedUser();
    expect((await createProject(other, "Yoga Store")).status).toBe(201);

    const third = (await call("/api/projects", { token: u.token })).json.data.find((p: { name: string }) => p.name.startsWith("xxx"));
    const renameClash = await call(`/api/projects/${third.id}`, { method: "PATCH", token: u.token, body: { name: "YOGA STORE" } });
    expect(renameClash.status).toBe(409);
  });

  it("answers the quota 403 QUOTA_EXCEEDED with an error field on the free plan's fourth project, creating nothing", async () => {
    const u = await verifiedUser();
    for (const name of ["One", "Two", "Three"]) expect((await createProject(u, name)).status).toBe(201);
    const refused = await createProject(u, "Four");
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ type: "QUOTA_EXCEEDED", error: "Quota exceeded" });
    expect(refused.json.message).toMatch(/3 projects/);
    expect(refused.json.details).toMatchObject({ allowance: "projects", limit: 3 });
    expect((await call("/api/projects", { token: u.token })).json.data).toHaveLength(3);

    await makePaid(u);
    expect((await createProject(u, "Four")).status).toBe(201);
  });

  it("lets parallel creates pass the quota only as far as it goes", async () => {
    const u = await verifiedUser();
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => createProject(u, `Parallel ${i}`)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    expect(results.filter((r) => r.status === 403)).toHaveLength(5);
  });

  it("hides projects whose name is blank from the list", async () => {
    const u = await verifiedUser();
    await createProject(u, "Visible");
    await env.DB.prepare("INSERT INTO projects (id, user_id, name) VALUES (?, ?, '  ')").bind(crypto.randomUUID(), u.user.id).run();
    const listed = await call("/api/projects", { token: u.token });
    expect(listed.json.data.map((p: { name: string }) => p.name)).toEqual(["Visible"]);
  });

  it("saves business instructions, research data and the knowledge base's order", async () => {
    const u = await verifiedUser();
    const id = (await createProject(u, "Store")).json.data.id;
    const saved = await call(`/api/projects/${id}/business-instructions`, { method: "PATCH", token: u.token, body: { businessInstructions: "Speak warmly." } });
    expect(saved.status).toBe(200);
    expect(saved.json.data.businessInstructions).toBe("Speak warmly.");

    const research = { niche: "pet beds", competitors: ["Calming Co"], priceRange: "$40-$80" };
    const r = await call(`/api/projects/${id}/research-data`, { method: "PATCH", token: u.token, body: { researchData: research } });
    expect(r.json.data.researchData).toEqual(research);
    const missing = await call(`/api/projects/${id}/research-data`, { method: "PATCH", token: u.token, body: {} });
    expect(missing.status).toBe(400);
    const huge = await call(`/api/projects/${id}/research-data`, { method: "PATCH", token: u.token, body: { researchData: "x".repeat(210_000) } });
    expect(huge.status).toBe(413);
    expect(huge.json.message).toMatch(/200 KB/);

    const a = (await upload(u, id, "a.txt", "first file")).json.data.id;
    const b = (await upload(u, id, "b.txt", "second file")).json.data.id;
    const reordered = await call(`/api/projects/${id}/knowledge-base`, { method: "PATCH", token: u.token, body: { knowledgeBase: [{ id: b }, { id: a }] } });
    expect(reordered.status).toBe(200);
    expect(reordered.json.data.knowledgeBase.map((f: { id: string }) => f.id)).toEqual([b, a]);
    const bad = await call(`/api/projects/${id}/knowledge-base`, { method: "PATCH", token: u.token, body: { knowledgeBase: [{ name: "no id" }] } });
    expect(bad.status).toBe(400);
  });

  it("deletes a project with its files, passages and canon, and keeps its chats readable outside it", async () => {
    const u = await verifiedUser();
    const id = (await createProject(u, "Doomed", "We sell yoga mats.")).json.data.id;
    // A word no other test writes: other files share this database and its full-text index.
    const word = `mats${crypto.randomUUID().replace(/[^a-f]/g, "")}`;
    const file = (await upload(u, id, "notes.md", `# Notes\nOur ${word} ship in 3 days.`)).json.data;
    expect(file.status).toBe("indexed");
    await call(`/api/projects/${id}/canon`, { method: "PUT", token: u.token, body: { canon: { "brand.voice": "calm" } } });
    const chat = await call("/api/chats", { method: "POST", token: u.token, body: { projectId: id, title: "Mat ideas" } });
    expect(chat.json.chat.projectId).toBe(id);
    const listedBefore = (await call("/api/projects", { token: u.token })).json.data[0];
    expect(listedBefore).toMatchObject({ chatCount: 1, fileCount: 1 });

    const deleted = await call(`/api/projects/${id}`, { method: "DELETE", token: u.token });
    expect(deleted.status).toBe(200);
    expect(deleted.json.data).toEqual({ id, deletedFiles: 1, detachedChats: 1 });
    expect((await call(`/api/projects/${id}`, { token: u.token })).status).toBe(404);
    const passages = await env.DB.prepare("SELECT count(*) AS n FROM project_passages WHERE project_id = ?").bind(id).first<{ n: number }>();
    expect(passages?.n).toBe(0);
    const fts = await env.DB.prepare("SELECT count(*) AS n FROM project_passages_fts WHERE project_passages_fts MATCH ?").bind(word).first<{ n: number }>();
    expect(fts?.n).toBe(0);
    expect(await env.FILES.head(`projects/${u.user.id}/${id}/${file.id}`)).toBeNull();
    const readable = await call(`/api/chats/${chat.json.chat.id}`, { token: u.token });
    expect(readable.status).toBe(200);
    expect(readable.json.chat.projectId).toBeNull();
  });
});

describe("projects: knowledge-base files", () => {
  async function project() {
    const u = await verifiedUser();
    const id = (await createProject(u, "Files")).json.data.id as string;
    return { u, id };
  }

  it("reads and indexes plain text, Markdown, CSV and JSON", async () => {
    const { u, id } = await project();
    const txt = await upload(u, id, "policy.txt", "Returns are accepted within 30 days of delivery.", "text/plain");
    expect(txt.status).toBe(201);
    expect(txt.json.data).toMatchObject({ name: "policy.txt", kind: "txt", status: "indexed", statusReason: null, passageCount: 1 });
    const md = await upload(u, id, "brand.md", "# Brand\n\nOur voice is *warm* and direct.", "text/markdown");
    expect(md.json.data).toMatchObject({ kind: "md", status: "indexed" });
    const csv = await upload(u, id, "prices.csv", "sku,price\nMAT-1,39.00\nMAT-2,59.00\n", "text/csv");
    expect(csv.json.data).toMatchObject({ kind: "csv", status: "indexed" });
    const detail = await call(`/api/projects/${id}/files/${csv.json.data.id}`, { token: u.token });
    expect(detail.json.data.passages.map((p: { text: string }) => p.text).join("\n")).toContain("MAT-2");
    const json = await upload(u, id, "faq.json", JSON.stringify({ shipping: { days: "3-5 business days" } }), "application/json");
    expect(json.json.data).toMatchObject({ kind: "json", status: "indexed" });

    const files = await call(`/api/projects/${id}/files`, { token: u.token });
    expect(files.json.data.map((f: { name: string }) => f.name)).toEqual(["policy.txt", "brand.md", "prices.csv", "faq.json"]);
    expect(files.json.storage.usedBytes).toBeGreaterThan(0);
    expect(files.json.storage.limitBytes).toBe(25 * 1024 * 1024);
  });

  it("reads a real PDF and DOCX, keeps a scanned PDF as 'no text found' and a corrupt one as failed with its reason", async () => {
    const { u, id } = await project();
    const pdf = await upload(u, id, "catalog.pdf", await textPdf(["Bamboo yoga mat, 6 mm thick.", "Ships from our Austin warehouse."]), "application/pdf");
    expect(pdf.status).toBe(201);
    expect(pdf.json.data).toMatchObject({ kind: "pdf", status: "indexed" });
    const pdfText = await call(`/api/projects/${id}/files/${pdf.json.data.id}`, { token: u.token });
    expect(pdfText.json.data.passages[0].text).toContain("Austin warehouse");

    const docx = await upload(u, id, "About us.docx", await docxFile(["We are Calm & Co.", "Founded in 2019 <Austin>."]));
    expect(docx.status).toBe(201);
    expect(docx.json.data).toMatchObject({ kind: "docx", status: "indexed" });
    const docxText = await call(`/api/projects/${id}/files/${docx.json.data.id}`, { token: u.token });
    expect(docxText.json.data.passages[0].text).toContain("Calm & Co.");

    const scanned = await upload(u, id, "scan.pdf", await scannedPdf(), "application/pdf");
    expect(scanned.status).toBe(201);
    expect(scanned.json.data).toMatchObject({ status: "no_text", passageCount: 0 });
    expect(scanned.json.data.statusReason).toMatch(/no text/i);

    const corrupt = await upload(u, id, "broken.pdf", new Uint8Array([37, 80, 68, 70, 45, 1, 2, 3, 4, 5, 6, 7]), "application/pdf");
    expect(corrupt.status).toBe(201);
    expect(corrupt.json.data.status).toBe("failed");
    expect(corrupt.json.data.statusReason).toMatch(/PDF/);

    // Kept, never silently dropped.
    const files = await call(`/api/projects/${id}/files`, { token: u.token });
    expect(files.json.data.map((f: { name: string; status: string }) => `${f.name}:${f.status}`)).toEqual([
      "catalog.pdf:indexed",
      "About us.docx:indexed",
      "scan.pdf:no_text",
      "broken.pdf:failed",
    ]);
  });

  it("refuses other types, empty files and files over 10 MB, naming the file and the limit", async () => {
    const { u, id } = await project();
    const exe = await upload(u, id, "setup.exe", "MZ");
    expect(exe.status).toBe(415);
    expect(exe.json.message).toContain('"setup.exe"');
    expect(exe.json.message).toMatch(/PDF/);
    const empty = await upload(u, id, "empty.txt", "");
    expect(empty.status).toBe(400);
    expect(empty.json.message).toContain('"empty.txt" is empty');
    const big = await upload(u, id, "big.txt", new Uint8Array(10 * 1024 * 1024 + 1).fill(97));
    expect(big.status).toBe(413);
    expect(big.json.message).toContain('"big.txt"');
    expect(big.json.message).toContain("10 MB");
    const none = await WORKER.fetch(`${BASE}/api/projects/${id}/files`, { method: "POST", headers: { authorization: `Bearer ${u.token}` }, body: new FormData() });
    expect(none.status).toBe(400);
    const asJson = await call(`/api/projects/${id}/files`, { method: "POST", token: u.token, body: { file: "x" } });
    expect([400, 415]).toContain(asJson.status);
    expect((await call(`/api/projects/${id}/files`, { token: u.token })).json.data).toEqual([]);
  });

  it("stops an upload that would pass the plan's storage, saying how much is used", async () => {
    const { u, id } = await project();
    for (let i = 0; i < 2; i++) expect((await upload(u, id, `part${i}.txt`, new Uint8Array(10 * 1024 * 1024).fill(98))).status).toBe(201);
    const refused = await upload(u, id, "part3.txt", new Uint8Array(6 * 1024 * 1024).fill(98));
    expect(refused.status).toBe(403);
    expect(refused.json.type).toBe("QUOTA_EXCEEDED");
    expect(refused.json.message).toContain("20 MB of the 25 MB");
  }, 60_000);

  it("downloads, renames (keeping the extension), replaces and deletes a file", async () => {
    const { u, id } = await project();
    const original = "Our return window is 30 days.";
    const file = (await upload(u, id, "returns.txt", original, "text/plain")).json.data;
    const download = await WORKER.fetch(`${BASE}/api/projects/${id}/files/${file.id}/download`, { headers: { authorization: `Bearer ${u.token}` } });
    expect(download.status).toBe(200);
    expect(await download.text()).toBe(original);
    expect(download.headers.get("content-disposition")).toContain('filename="returns.txt"');

    const renamed = await call(`/api/projects/${id}/files/${file.id}`, { method: "PATCH", token: u.token, body: { name: "Return policy" } });
    expect(renamed.json.data.name).toBe("Return policy.txt");

    const replaced = await upload(u, id, "returns-v2.txt", "Our return window is 60 days.", "text/plain", "PUT", file.id);
    expect(replaced.status).toBe(200);
    expect(replaced.json.data).toMatchObject({ id: file.id, name: "returns-v2.txt", status: "indexed" });
    const detail = await call(`/api/projects/${id}/files/${file.id}`, { token: u.token });
    expect(detail.json.data.passages.map((p: { text: string }) => p.text)).toEqual(["Our return window is 60 days."]);

    const deleted = await call(`/api/projects/${id}/files/${file.id}`, { method: "DELETE", token: u.token });
    expect(deleted.status).toBe(200);
    expect((await call(`/api/projects/${id}/files/${file.id}`, { token: u.token })).status).toBe(404);
    expect(await env.FILES.head(`projects/${u.user.id}/${id}/${file.id}`)).toBeNull();
  });
});

describe("projects: canon", () => {
  it("gets, merges (user beats AI-derived), deletes explicitly and runs the auto-rules over instructions and files", async () => {
    const u = await verifiedUser();
    const instructions = "We sell orthopedic dog beds to dog owners aged 35-60. Our tone is warm and reassuring. Prices are $60-$120. Free shipping over $50. Competitors: Casper, Big Barker.";
    const id = (await createProject(u, "Beds", instructions)).json.data.id;
    // A new project's canon starts from what its instructions state.
    const enriched = (await call(`/api/projects/${id}/canon`, { token: u.token })).json.data;
    expect(enriched["brand.voice"]).toMatchObject({ source: "ai", origin: { kind: "instructions" } });
    expect(String(enriched["brand.voice"].value)).toMatch(/warm/);
    expect(enriched["pricing.band"].value).toMatch(/60/);
    expect(enriched.competitors.value).toEqual(expect.arrayContaining(["Casper", "Big Barker"]));
    const again = await call(`/api/projects/${id}/canon/autorule`, { method: "POST", token: u.token });
    expect(again.status).toBe(200);
    expect(again.json.data.hasChanges).toBe(false);
    expect(again.json.data.enrichedCanon).toEqual(enriched);

    const put = await call(`/api/projects/${id}/canon`, { method: "PUT", token: u.token, body: { canon: { "brand.voice": "playful" }, source: "user" } });
    expect(put.status).toBe(200);
    expect(put.json.data.canon["brand.voice"]).toMatchObject({ value: "playful", source: "user" });
    expect(Array.isArray(put.json.data.autoRulesApplied)).toBe(true);
    // The auto-rules run again but never override what the merchant entered.
    const rerun = await call(`/api/projects/${id}/canon/autorule`, { method: "POST", token: u.token });
    expect(rerun.json.data.enrichedCanon["brand.voice"].value).toBe("playful");

    const dropped = await call(`/api/projects/${id}/canon`, { method: "PUT", token: u.token, body: { canon: {}, delete: ["competitors"] } });
    expect(dropped.json.data.canon.competitors).toBeUndefined();
    // Editing another entry runs the auto-rules again; the deleted path stays deleted.
    const edited = await call(`/api/projects/${id}/canon`, { method: "PUT", token: u.token, body: { canon: { "brand.tagline": "Sleep well" } } });
    expect(edited.json.data.canon.competitors).toBeUndefined();
    expect(edited.json.data.canon["brand.tagline"]).toMatchObject({ value: "Sleep well", source: "user" });
    // Asking for the auto-rules derives it again.
    const asked = await call(`/api/projects/${id}/canon/autorule`, { method: "POST", token: u.token });
    expect(asked.json.data.changed).toContain("competitors");
    const bad = await call(`/api/projects/${id}/canon`, { method: "PUT", token: u.token, body: { canon: { "bad path!": "x" } } });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toContain("bad path!");
  });
});

describe("projects: another user's ids", () => {
  const routes: [string, string, (id: string, fileId: string) => string, unknown?][] = [
    ["GET", "project", (id) => `/api/projects/${id}`],
    ["PATCH", "rename", (id) => `/api/projects/${id}`, { name: "Mine now" }],
    ["DELETE", "delete", (id) => `/api/projects/${id}`],
    ["PATCH", "knowledge base", (id) => `/api/projects/${id}/knowledge-base`, { knowledgeBase: [] }],
    ["PATCH", "instructions", (id) => `/api/projects/${id}/business-instructions`, { businessInstructions: "x" }],
    ["PATCH", "research data", (id) => `/api/projects/${id}/research-data`, { researchData: { a: 1 } }],
    ["GET", "canon", (id) => `/api/projects/${id}/canon`],
    ["PUT", "canon", (id) => `/api/projects/${id}/canon`, { canon: { "brand.voice": "x" } }],
    ["POST", "autorule", (id) => `/api/projects/${id}/canon/autorule`],
    ["GET", "files", (id) => `/api/projects/${id}/files`],
    ["GET", "passages", (id) => `/api/projects/${id}/passages?q=supplier`],
    ["GET", "file", (id, f) => `/api/projects/${id}/files/${f}`],
    ["PATCH", "file rename", (id, f) => `/api/projects/${id}/files/${f}`, { name: "x" }],
    ["DELETE", "file", (id, f) => `/api/projects/${id}/files/${f}`],
    ["GET", "download", (id, f) => `/api/projects/${id}/files/${f}/download`],
  ];

  it.each(routes.map((r) => [`${r[0]} ${r[1]}`, r] as const))("%s answers 404 and changes nothing", async (_name, [method, , path, body]) => {
    const owner = await verifiedUser();
    const intruder = await verifiedUser();
    const id = (await createProject(owner, "Private", "Secret plans.")).json.data.id;
    const fileId = (await upload(owner, id, "secret.txt", "The secret supplier is in Austin.")).json.data.id;
    const res = await call(path(id, fileId), { method, token: intruder.token, body });
    expect(res.status).toBe(404);
    expect(res.json.type).toBe("NOT_FOUND");
    const still = await call(`/api/projects/${id}`, { token: owner.token });
    expect(still.json.data).toMatchObject({ name: "Private", businessInstructions: "Secret plans.", researchData: null, canonContext: {} });
    expect(still.json.data.knowledgeBase.map((f: { id: string; name: string }) => `${f.id}:${f.name}`)).toEqual([`${fileId}:secret.txt`]);
  });

  it("uploads and replaces into another user's project answer 404", async () => {
    const owner = await verifiedUser();
    const intruder = await verifiedUser();
    const id = (await createProject(owner, "Private")).json.data.id;
    const fileId = (await upload(owner, id, "secret.txt", "original")).json.data.id;
    expect((await upload(intruder, id, "evil.txt", "x")).status).toBe(404);
    expect((await upload(intruder, id, "evil.txt", "x", "text/plain", "PUT", fileId)).status).toBe(404);
    const chat = await call("/api/chats", { method: "POST", token: intruder.token, body: { projectId: id } });
    expect(chat.status).toBe(404);
  });
});

describe("projects: a project chat's answers", () => {
  async function askInChat(u: User, chatId: string, content: string) {
    const res = await WORKER.fetch(`${BASE}/api/chats/${chatId}/messages`, {
      method: "POST",
      headers: { authorization: `Bearer ${u.token}`, "content-type": "application/json", "cf-connecting-ip": "10.8.8.8" },
      body: JSON.stringify({ content }),
    });
    expect(res.status).toBe(200);
    await res.text();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test responses are read loosely
    return (await call(`/api/chats/${chatId}`, { token: u.token })).json.messages.at(-1) as Record<string, any>;
  }

  it("sends the model the instructions, the canon and the passages that match the question, and keeps its citation of the file", async () => {
    const u = await verifiedUser();
    const project = (await createProject(u, "Cozy Paws", "We sell orthopedic dog beds. Our tone is warm and reassuring.")).json.data;
    await call(`/api/projects/${project.id}/canon`, { method: "PUT", token: u.token, body: { canon: { "brand.voice": "warm and reassuring" } } });
    const file = (await upload(u, project.id, "Shipping policy.pdf", await textPdf(["All orders ship from our Austin warehouse.", "Standard delivery takes 4 business days."]), "application/pdf")).json.data;
    await upload(u, project.id, "Care guide.txt", "Machine wash the cover cold. Tumble dry low.");
    const chat = (await call("/api/chats", { method: "POST", token: u.token, body: { projectId: project.id } })).json.chat;

    const answer = await askInChat(u, chat.id, "[fake:project] How many days does standard delivery take?");
    expect(answer.summary).toContain("(warm and reassuring voice) Your file Shipping policy.pdf says");
    expect(answer.summary).toContain("4 business days");
    expect(answer.fullResearch).not.toContain("#unverified");
    expect(answer.citations).toHaveLength(1);
    expect(answer.citations[0]).toMatchObject({ source: "project-file", record: { kind: "passage" } });
    expect(answer.citations[0].record.id).toMatch(new RegExp(`^${project.id}:${file.id}:\\d+$`));
    expect(answer.citations[0].title).toBe("Shipping policy.pdf · passage 1");
  });

  it("keeps project context out of a chat outside the project", async () => {
    const u = await verifiedUser();
    const project = (await createProject(u, "Secret Store")).json.data;
    await upload(u, project.id, "policy.txt", "Standard delivery takes 4 business days.");
    const answer = await askInChat(u, crypto.randomUUID(), "[fake:project] How many days does standard delivery take?");
    expect(answer.notCounted).toBe(true);
    expect(answer.citations ?? []).toEqual([]);
  });
});
