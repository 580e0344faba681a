import { deflateSync } from "node:zlib";
import { Document, Packer, Paragraph, Table, TableCell, TableRow, TextRun } from "docx";
import { strToU8, zipSync } from "fflate";
import { PDFDocument, PDFHexString, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { NO_TEXT_SCANNED, extractText, type DocumentsService } from "~/server/projects/extract";
import { DOCUMENT_MAX_BYTES, handleDocumentsRequest } from "../../../workers/documents/handler";
import { PROJECT_FILE_MAX_BYTES } from "~/domain/contracts/projects";

/** The documents Worker called in-process, as the service binding would. */
const documents: DocumentsService = { fetch: (request) => handleDocumentsRequest(request) };
const utf8 = (text: string) => new TextEncoder().encode(text);

async function textPdf(pages: string[][]): Promise<Uint8Array<ArrayBuffer>> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = doc.addPage();
    lines.forEach((line, i) => page.drawText(line, { x: 50, y: 750 - i * 18, size: 12, font }));
  }
  return new Uint8Array(await doc.save());
}

/** A PDF whose one page is a picture (what a scanner makes): no text to read. */
async function imageOnlyPdf(): Promise<Uint8Array<ArrayBuffer>> {
  const doc = await PDFDocument.create();
  const image = await doc.embedPng(grayPng(16, 16));
  doc.addPage().drawImage(image, { x: 0, y: 0, width: 595, height: 842 });
  return new Uint8Array(await doc.save());
}

/** A PDF under the standard security handler whose user password is not empty. */
async function encryptedPdf(): Promise<Uint8Array<ArrayBuffer>> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage().drawText("Secret supplier prices", { x: 50, y: 700, size: 12, font });
  const encrypt = doc.context.obj({
    Filter: "Standard",
    V: 1,
    R: 2,
    O: PDFHexString.of("00".repeat(32)),
    U: PDFHexString.of("11".repeat(32)),
    P: -4,
  });
  doc.context.trailerInfo.Encrypt = doc.context.register(encrypt);
  doc.context.trailerInfo.ID = doc.context.obj([PDFHexString.of("ab".repeat(16)), PDFHexString.of("ab".repeat(16))]);
  return new Uint8Array(await doc.save({ useObjectStreams: false }));
}

function grayPng(width: number, height: number): Uint8Array {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (bytes: Buffer) => {
    let crc = 0xffffffff;
    for (const b of bytes) crc = crcTable[(crc ^ b) & 0xff] ^ (crc >>> 8);
    return (crc ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    typed.copy(out, 4);
    out.writeUInt32BE(crc32(typed), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth; colour type 0 (gray)
  const rows = Buffer.alloc((width + 1) * height, 0x90);
  for (let y = 0; y < height; y++) rows[y * (width + 1)] = 0; // filter: none
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

async function wordFile(): Promise<Uint8Array<ArrayBuffer>> {
  const doc = new Document({
    sections: [
      {
        children: [
          new Paragraph({
            children: [
              new TextRun("Returns & refunds <within 30 days>"),
              new TextRun({ text: ' for "every" order', bold: true }),
            ],
          }),
          new Paragraph("Our brand voice is warm, plain and a little playful."),
          new Table({
            rows: [
              new TableRow({
                children: [
                  new TableCell({ children: [new Paragraph("Mug")] }),
                  new TableCell({ children: [new Paragraph("$12.50")] }),
                ],
              }),
              new TableRow({
                children: [
                  new TableCell({ children: [new Paragraph("Tote")] }),
                  new TableCell({ children: [new Paragraph("$19")] }),
                ],
              }),
            ],
          }),
          new Paragraph("Ships from Lisbon."),
        ],
      },
    ],
  });
  return new Uint8Array(await Packer.toArrayBuffer(doc));
}

function randomBytes(n: number, seed = 7): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(n);
  let x = seed;
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    out[i] = (x >> 16) & 0xff || 1;
  }
  return out;
}

describe("plain text and Markdown", () => {
  it("decodes UTF-8, drops the BOM and keeps the text", async () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8("Café crème\r\nsecond line")]);
    expect(await extractText("txt", bytes, undefined)).toEqual({ status: "indexed", text: "Café crème\nsecond line" });
    expect(await extractText("md", utf8("# Brand\n\n- **voice**: warm"), undefined)).toEqual({
      status: "indexed",
      text: "# Brand\n\n- **voice**: warm",
    });
  });

  it("refuses binary content with NUL bytes", async () => {
    const result = await extractText("txt", new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0x00, 0x01]), undefined);
    expect(result).toMatchObject({ status: "failed" });
    expect(result.status === "failed" && result.reason).toContain("this file is not text");
  });

  it("reads Windows-1252 and UTF-16 files", async () => {
    // "Prix: 12€ – café" as Windows-1252: not valid UTF-8.
    const cp1252 = new Uint8Array([...utf8("Prix: 12"), 0x80, 0x20, 0x96, 0x20, ...utf8("caf"), 0xe9]);
    expect(await extractText("txt", cp1252, undefined)).toEqual({ status: "indexed", text: "Prix: 12€ – café" });
    const utf16 = new Uint8Array([
      0xff,
      0xfe,
      ...Array.from("Hé €").flatMap((c) => [c.charCodeAt(0) & 0xff, c.charCodeAt(0) >> 8]),
    ]);
    expect(await extractText("txt", utf16, undefined)).toEqual({ status: "indexed", text: "Hé €" });
  });

  it("says a blank file has no text", async () => {
    expect(await extractText("md", utf8("  \n\n \t"), undefined)).toMatchObject({
      status: "no_text",
      reason: expect.stringContaining("empty"),
    });
  });
});

describe("CSV", () => {
  it("writes each row with its column names", async () => {
    const csv =
      'Product,Price,Notes\nMug,12.50,"Dishwasher safe, 350 ml"\nTote,19,\n"Lamp ""Nova""",45,"Warm light\nUSB-C"\n';
    expect(await extractText("csv", utf8(csv), undefined)).toEqual({
      status: "indexed",
      text: 'Product: Mug; Price: 12.50; Notes: Dishwasher safe, 350 ml\nProduct: Tote; Price: 19\nProduct: Lamp "Nova"; Price: 45; Notes: Warm light USB-C',
    });
  });

  it("detects semicolon-separated files and names missing headers", async () => {
    const csv = "Produit;Prix;\nMug;12,50;extra\n";
    expect(await extractText("csv", utf8(csv), undefined)).toEqual({
      status: "indexed",
      text: "Produit: Mug; Prix: 12,50; Column 3: extra",
    });
  });

  it("fails a CSV that does not parse, naming the problem", async () => {
    const result = await extractText("csv", utf8('Product,Notes\nMug,"never closed\nTote,fine\n'), undefined);
    expect(result.status).toBe("failed");
    expect(result.status === "failed" && result.reason).toMatch(/quoted field on row \d+ is never closed/);
  });

  it("says a header-only CSV has no rows", async () => {
    expect(await extractText("csv", utf8("Product,Price\n"), undefined)).toMatchObject({
      status: "no_text",
      reason: expect.stringContaining("No rows"),
    });
  });
});

describe("JSON", () => {
  it("flattens to path: value lines", async () => {
    const json = JSON.stringify({
      brand: { name: "Nova", voice: "warm", "shipping promise": "3 days" },
      products: [
        { name: "Mug", price: 12.5, tags: ["kitchen", "gift"] },
        { name: "Tote", price: 19, inStock: false, note: null },
      ],
    });
    const result = await extractText("json", utf8(json), undefined);
    expect(result).toEqual({
      status: "indexed",
      text: [
        "brand.name: Nova",
        "brand.voice: warm",
        'brand."shipping promise": 3 days',
        "products[0].name: Mug",
        "products[0].price: 12.5",
        "products[0].tags[0]: kitchen",
        "products[0].tags[1]: gift",
        "",
        "products[1].name: Tote",
        "products[1].price: 19",
        "products[1].inStock: false",
        "products[1].note: null",
      ].join("\n"),
    });
  });

  it("names the position of invalid JSON", async () => {
    const bad = '{\n  "name": "Nova",\n  "price": 12\n  "voice": "warm"\n}';
    const result = await extractText("json", utf8(bad), undefined);
    expect(result.status).toBe("failed");
    expect(result.status === "failed" && result.reason).toContain(
      "not valid JSON: line 4, column 3 (character 37): expected ',' or '}' after a property value",
    );

    const trailing = await extractText("json", utf8("[1, 2,, 3]"), undefined);
    expect(trailing.status === "failed" && trailing.reason).toContain(
      "line 1, column 7 (character 7): expected a value but found ','",
    );
    const cut = await extractText("json", utf8('{"name": "No'), undefined);
    expect(cut.status === "failed" && cut.reason).toContain("the file ends before the JSON is complete");
    const bare = await extractText("json", utf8('{"voice": warm}'), undefined);
    expect(bare.status === "failed" && bare.reason).toContain("line 1, column 11 (character 11): unexpected 'warm'");
  });

  it("reads a BOM-prefixed file and says an empty one has no values", async () => {
    expect(await extractText("json", new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('{"a":1}')]), undefined)).toEqual({
      status: "indexed",
      text: "a: 1",
    });
    expect(await extractText("json", utf8('{"a": {}, "b": []}'), undefined)).toMatchObject({ status: "no_text" });
  });
});

describe("PDF (through the documents Worker's handler)", () => {
  it("reads the text of every page", async () => {
    const pdf = await textPdf([
      ["Nova ships in 3 days.", "Returns within 30 days."],
      ["Page two: wholesale prices on request."],
    ]);
    const result = await extractText("pdf", pdf, documents);
    expect(result).toEqual({
      status: "indexed",
      text: "Nova ships in 3 days.\nReturns within 30 days.\n\nPage two: wholesale prices on request.",
    });
    const answer = await handleDocumentsRequest(
      new Request("https://documents/extract?kind=pdf", { method: "POST", body: pdf }),
    );
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ pages: 2 });
  });

  it("reports no text for a scanned, image-only PDF", async () => {
    const pdf = await imageOnlyPdf();
    const answer = await handleDocumentsRequest(
      new Request("https://documents/extract?kind=pdf", { method: "POST", body: pdf }),
    );
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ text: "", pages: 1 });
    expect(await extractText("pdf", pdf, documents)).toEqual({ status: "no_text", reason: NO_TEXT_SCANNED });
  });

  it("fails a corrupt PDF, saying it looks damaged", async () => {
    const answer = await handleDocumentsRequest(
      new Request("https://documents/extract?kind=pdf", { method: "POST", body: randomBytes(4096) }),
    );
    expect(answer.status).toBe(422);
    expect(await answer.json()).toMatchObject({ error: { type: "corrupt" } });
    const result = await extractText("pdf", randomBytes(4096), documents);
    expect(result.status).toBe("failed");
    expect(result.status === "failed" && result.reason).toMatch(/^This PDF could not be read: it looks damaged/);
    // A real PDF cut short (an interrupted download) is damaged too.
    const cut = (await textPdf([["Half a file"]])).slice(0, 300);
    expect(await extractText("pdf", cut, documents)).toMatchObject({
      status: "failed",
      reason: expect.stringContaining("damaged"),
    });
  });

  it("fails a password-protected PDF, saying so", async () => {
    const pdf = await encryptedPdf();
    const answer = await handleDocumentsRequest(
      new Request("https://documents/extract?kind=pdf", { method: "POST", body: pdf }),
    );
    expect(await answer.json()).toMatchObject({ error: { type: "encrypted" } });
    expect(await extractText("pdf", pdf, documents)).toMatchObject({
      status: "failed",
      reason: expect.stringContaining("password-protected"),
    });
  });
});

describe("DOCX (through the documents Worker's handler)", () => {
  it("reads paragraphs and table rows, decoding XML entities", async () => {
    expect(await extractText("docx", await wordFile(), documents)).toEqual({
      status: "indexed",
      text: [
        'Returns & refunds <within 30 days> for "every" order',
        "Our brand voice is warm, plain and a little playful.",
        "Mug | $12.50",
        "Tote | $19",
        "Ships from Lisbon.",
      ].join("\n"),
    });
  });

  it("fails a corrupt DOCX, saying it looks damaged", async () => {
    const random = await extractText("docx", randomBytes(2048), documents);
    expect(random).toMatchObject({
      status: "failed",
      reason: expect.stringMatching(/^This Word file could not be read: it looks damaged/),
    });
    // A real .docx cut in half: the ZIP's directory is gone.
    const half = (await wordFile()).slice(0, 3000);
    expect(await extractText("docx", half, documents)).toMatchObject({
      status: "failed",
      reason: expect.stringContaining("damaged"),
    });
  });

  it("names other Office files and password-protected Word files", async () => {
    const workbook = zipSync({ "[Content_Types].xml": strToU8("<Types/>"), "xl/workbook.xml": strToU8("<workbook/>") });
    expect(await extractText("docx", workbook, documents)).toMatchObject({
      status: "failed",
      reason: expect.stringContaining("Excel workbook"),
    });
    const cfb = new Uint8Array(1024);
    cfb.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    cfb.set(
      Array.from("EncryptionInfo").flatMap((c) => [c.charCodeAt(0), 0]),
      600,
    );
    expect(await extractText("docx", cfb, documents)).toMatchObject({
      status: "failed",
      reason: expect.stringContaining("password-protected"),
    });
    cfb.fill(0, 600);
    expect(await extractText("docx", cfb, documents)).toMatchObject({
      status: "failed",
      reason: expect.stringContaining("older Word .doc"),
    });
  });
});

describe("the documents service binding", () => {
  it("fails, retryably, when the binding is absent or broken", async () => {
    const pdf = await textPdf([["Hello"]]);
    expect(await extractText("pdf", pdf, undefined)).toEqual({
      status: "failed",
      reason: "This PDF could not be read right now: the document reader is not available. Try again in a few minutes.",
      retryable: true,
    });
    const crashing: DocumentsService = { fetch: async () => new Response("Internal Server Error", { status: 500 }) };
    expect(await extractText("docx", await wordFile(), crashing)).toMatchObject({
      status: "failed",
      retryable: true,
      reason: expect.stringContaining("status 500"),
    });
    const throwing: DocumentsService = { fetch: () => Promise.reject(new Error("network lost")) };
    expect(await extractText("pdf", pdf, throwing)).toMatchObject({
      status: "failed",
      retryable: true,
      reason: expect.stringContaining("did not answer"),
    });
  });

  it("answers 422 for a kind it does not read and for a file over the limit", async () => {
    expect(DOCUMENT_MAX_BYTES).toBe(PROJECT_FILE_MAX_BYTES);
    const odd = await handleDocumentsRequest(
      new Request("https://documents/extract?kind=xlsx", { method: "POST", body: "x" }),
    );
    expect(odd.status).toBe(422);
    expect(await odd.json()).toMatchObject({ error: { type: "unsupported" } });
    const big = await handleDocumentsRequest(
      new Request("https://documents/extract?kind=pdf", {
        method: "POST",
        body: new Uint8Array(DOCUMENT_MAX_BYTES + 1),
      }),
    );
    expect(big.status).toBe(422);
    expect(await big.json()).toMatchObject({
      error: { type: "unsupported", message: expect.stringContaining("10 MB") },
    });
    expect((await handleDocumentsRequest(new Request("https://documents/extract?kind=pdf"))).status).toBe(405);
  });
});
