import { env } from "cloudflare:test";
import { Document, Packer, Paragraph, TextRun } from "docx";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { extractText } from "~/server/projects/extract";

// env.DOCUMENTS is wrangler.toml's service binding; vitest.workers.config.ts runs the real
// documents Worker (workers/documents/) as the auxiliary Worker it names.

async function textPdf(): Promise<Uint8Array<ArrayBuffer>> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage().drawText("Nova ships every order within 3 days.", { x: 50, y: 700, size: 12, font });
  doc.addPage().drawText("Wholesale: 20% off from 50 units.", { x: 50, y: 700, size: 12, font });
  return new Uint8Array(await doc.save());
}

async function wordFile(): Promise<Uint8Array<ArrayBuffer>> {
  const doc = new Document({
    sections: [
      {
        children: [
          new Paragraph({ children: [new TextRun("Returns & refunds <30 days>")] }),
          new Paragraph("Brand voice: warm."),
        ],
      },
    ],
  });
  return new Uint8Array(await Packer.toArrayBuffer(doc));
}

describe("the DOCUMENTS service binding", () => {
  it("reaches the documents Worker, which reads a real PDF", async () => {
    const res = await env.DOCUMENTS.fetch("https://documents.internal/extract?kind=pdf", {
      method: "POST",
      body: await textPdf(),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      text: "Nova ships every order within 3 days.\n\nWholesale: 20% off from 50 units.",
      pages: 2,
    });
  });

  it("reads a real DOCX, and answers 422 for a damaged one", async () => {
    const res = await env.DOCUMENTS.fetch("https://documents.internal/extract?kind=docx", {
      method: "POST",
      body: await wordFile(),
    });
    expect(await res.json()).toEqual({ text: "Returns & refunds <30 days>\nBrand voice: warm." });
    const bad = await env.DOCUMENTS.fetch("https://documents.internal/extract?kind=docx", {
      method: "POST",
      body: "not a zip",
    });
    expect(bad.status).toBe(422);
    expect(await bad.json()).toMatchObject({ error: { type: "corrupt" } });
  });

  it("is what extractText uses for PDF and DOCX in the app's Worker", async () => {
    expect(await extractText("pdf", await textPdf(), env.DOCUMENTS)).toEqual({
      status: "indexed",
      text: "Nova ships every order within 3 days.\n\nWholesale: 20% off from 50 units.",
    });
    expect(await extractText("docx", await wordFile(), env.DOCUMENTS)).toEqual({
      status: "indexed",
      text: "Returns & refunds <30 days>\nBrand voice: warm.",
    });
    const damaged = await extractText("pdf", new TextEncoder().encode("%PDF-1.7 nothing else"), env.DOCUMENTS);
    expect(damaged).toMatchObject({ status: "failed", reason: expect.stringContaining("damaged") });
  });

  it("is not needed for CSV and JSON, which the app's Worker reads itself (papaparse runs in workerd)", async () => {
    const csv = new TextEncoder().encode('Product,Price\nMug,"12.50"\n');
    expect(await extractText("csv", csv, undefined)).toEqual({ status: "indexed", text: "Product: Mug; Price: 12.50" });
    const json = new TextEncoder().encode('{"brand": {"voice": "warm"}, "price": 12}');
    expect(await extractText("json", json, undefined)).toEqual({
      status: "indexed",
      text: "brand.voice: warm\nprice: 12",
    });
    const bad = await extractText("json", new TextEncoder().encode('{"a": 1,}'), undefined);
    expect(bad.status === "failed" && bad.reason).toContain("not valid JSON: line 1, column 9 (character 9)");
  });
});
