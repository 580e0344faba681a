/**
 * Reads the text of a knowledge-base file. Plain text, Markdown, CSV and JSON are read here;
 * PDF and DOCX go to the documents Worker (`workers/documents/`) through the DOCUMENTS service
 * binding, so pdf.js stays out of this Worker's bundle. Nothing here throws for a bad file: the
 * answer says whether the file was indexed, has no text, or failed, with a reason the merchant
 * can act on (the file is kept either way).
 */
import Papa from "papaparse";
import type { ProjectFileKind } from "~/domain/contracts/projects";

export type ExtractionResult =
  | { status: "indexed"; text: string }
  | { status: "no_text"; reason: string }
  /** `retryable`: the reader was unavailable, not the file at fault; trying again later may work. */
  | { status: "failed"; reason: string; retryable?: boolean };

/** The DOCUMENTS service binding (a `Fetcher`), or anything that answers like it. */
export interface DocumentsService {
  fetch(request: Request): Promise<Response>;
}

export const NO_TEXT_SCANNED =
  "No text found: this looks like a scanned or image-only document. Upload a text PDF or paste the text into the instructions.";

const LABEL: Record<ProjectFileKind, string> = {
  txt: "text file",
  md: "Markdown file",
  csv: "CSV file",
  json: "JSON file",
  pdf: "PDF",
  docx: "Word file",
};

export async function extractText(
  kind: ProjectFileKind,
  bytes: Uint8Array,
  documents: DocumentsService | undefined,
): Promise<ExtractionResult> {
  switch (kind) {
    case "txt":
    case "md":
      return plainText(kind, bytes);
    case "csv":
      return csvText(bytes);
    case "json":
      return jsonText(bytes);
    case "pdf":
    case "docx":
      return documentText(kind, bytes, documents);
  }
}

// ---------------------------------------------------------------------------------------------
// Plain text and Markdown

function plainText(kind: ProjectFileKind, bytes: Uint8Array): ExtractionResult {
  const decoded = decodeText(bytes);
  if (!decoded.ok) return failed(`This ${LABEL[kind]} could not be read: ${decoded.reason}`);
  const text = decoded.text.replace(/\r\n?/g, "\n");
  if (!text.trim())
    return { status: "no_text", reason: `No text found: this ${LABEL[kind]} is empty or holds only spaces.` };
  return { status: "indexed", text };
}

type Decoded = { ok: true; text: string } | { ok: false; reason: string };

/**
 * UTF-8 (a BOM is dropped), or UTF-16 when it starts with a UTF-16 BOM; bytes that are not
 * valid UTF-8 are read as Windows-1252, what spreadsheet apps on Windows often export.
 * Content with NUL bytes is binary (an image or an archive renamed to .txt), not text.
 */
export function decodeText(bytes: Uint8Array): Decoded {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { ok: true, text: utf16(bytes.subarray(2), true) };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { ok: true, text: utf16(bytes.subarray(2), false) };
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  if (body.indexOf(0) !== -1) {
    return {
      ok: false,
      reason: "this file is not text (it holds binary data). Upload it as PDF or DOCX, or save it as plain text.",
    };
  }
  try {
    return { ok: true, text: new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(body) };
  } catch {
    return { ok: true, text: windows1252(body) };
  }
}

function utf16(bytes: Uint8Array, littleEndian: boolean): string {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength - (bytes.byteLength % 2));
  let out = "";
  const chunk: number[] = [];
  for (let i = 0; i + 1 < bytes.byteLength; i += 2) {
    chunk.push(view.getUint16(i, littleEndian));
    if (chunk.length === 8192) {
      out += String.fromCharCode(...chunk);
      chunk.length = 0;
    }
  }
  return out + String.fromCharCode(...chunk);
}

// 0x80–0x9F in Windows-1252; every other byte is the Latin-1 code point.
const CP1252_HIGH = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ";

function windows1252(bytes: Uint8Array): string {
  let out = "";
  for (let i = 0; i < bytes.length; i += 8192) {
    const slice = bytes.subarray(i, i + 8192);
    out += Array.from(slice, (b) => (b >= 0x80 && b <= 0x9f ? CP1252_HIGH[b - 0x80] : String.fromCharCode(b))).join("");
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// CSV: one line per row, "Header: value; Header: value", so every passage keeps its column names.

function csvText(bytes: Uint8Array): ExtractionResult {
  const decoded = decodeText(bytes);
  if (!decoded.ok) return failed(`This CSV file could not be read: ${decoded.reason}`);
  const source = decoded.text;
  if (!source.trim()) return { status: "no_text", reason: "No text found: this CSV file is empty." };

  const parsed = Papa.parse<string[]>(source, { header: false, skipEmptyLines: "greedy" });
  const quoteError = parsed.errors.find((e) => e.type === "Quotes");
  if (quoteError) {
    const row = quoteError.row === undefined ? "" : ` on row ${quoteError.row + 1}`;
    return failed(
      `This CSV file could not be read: a quoted field${row} is never closed (${quoteError.message}). Check the file's quotes, or export it again.`,
    );
  }
  const [headerRow, ...rows] = parsed.data;
  if (!headerRow) return { status: "no_text", reason: "No text found: this CSV file is empty." };
  const headers = headerRow.map((h, i) => cell(h) || `Column ${i + 1}`);
  if (rows.length === 0) {
    return { status: "no_text", reason: "No rows found: this CSV file has a header row and nothing under it." };
  }
  const lines: string[] = [];
  for (const row of rows) {
    const fields: string[] = [];
    row.forEach((value, i) => {
      const v = cell(value);
      if (v) fields.push(`${headers[i] ?? `Column ${i + 1}`}: ${v}`);
    });
    if (fields.length > 0) lines.push(fields.join("; "));
  }
  if (lines.length === 0) return { status: "no_text", reason: "No text found: every row of this CSV file is empty." };
  return { status: "indexed", text: lines.join("\n") };
}

function cell(value: unknown): string {
  return typeof value === "string" ? value.replace(/\s+/g, " ").trim() : "";
}

// ---------------------------------------------------------------------------------------------
// JSON: flattened to "path.to.key: value" lines.

/** Output stops growing past this many characters (the passages are capped long before). */
const JSON_TEXT_MAX_CHARS = 8_000_000;
const JSON_MAX_DEPTH = 64;

function jsonText(bytes: Uint8Array): ExtractionResult {
  const decoded = decodeText(bytes);
  if (!decoded.ok) return failed(`This JSON file could not be read: ${decoded.reason}`);
  const source = decoded.text;
  if (!source.trim()) return { status: "no_text", reason: "No text found: this JSON file is empty." };
  let value: unknown;
  try {
    value = JSON.parse(source);
  } catch (err) {
    return failed(
      `This JSON file could not be read: not valid JSON: ${jsonErrorPosition(source, err)}. Fix it in an editor that checks JSON, or export it again.`,
    );
  }
  const lines: string[] = [];
  let size = 0;
  const emit = (line: string) => {
    if (size > JSON_TEXT_MAX_CHARS) return;
    lines.push(line);
    size += line.length + 1;
  };
  flatten(value, "", 0, emit);
  const text = lines
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  if (!text)
    return {
      status: "no_text",
      reason: "No text found: this JSON file holds no values (only empty objects or lists).",
    };
  return { status: "indexed", text };
}

function flatten(value: unknown, path: string, depth: number, emit: (line: string) => void): void {
  const label = path || "value";
  if (value === null || typeof value !== "object") {
    emit(`${label}: ${scalar(value)}`);
    return;
  }
  if (depth >= JSON_MAX_DEPTH) {
    emit(`${label}: ${JSON.stringify(value)}`);
    return;
  }
  if (Array.isArray(value)) {
    // Records in a list are set apart by a blank line, so a passage break falls between them.
    const records = value.some((item) => item !== null && typeof item === "object");
    value.forEach((item, i) => {
      flatten(item, `${path}[${i}]`, depth + 1, emit);
      if (records) emit("");
    });
    return;
  }
  for (const [key, item] of Object.entries(value)) {
    const segment = /^[\p{L}\p{N}_$-]+$/u.test(key) ? key : JSON.stringify(key);
    flatten(item, path ? `${path}.${segment}` : segment, depth + 1, emit);
  }
}

function scalar(value: unknown): string {
  return typeof value === "string" ? value.replace(/\s+/g, " ").trim() : String(value);
}

/**
 * Where and why `source` is not JSON: "line 3, column 10 (character 25): expected ',' or '}'
 * after a property value". Engines word JSON.parse errors differently and often leave out the
 * position, so the text is scanned again here (only after JSON.parse refused it).
 */
export function jsonErrorPosition(source: string, err: unknown): string {
  let found: { at: number; problem: string } | null = null;
  try {
    found = jsonSyntaxError(source);
  } catch {
    found = null; // nesting too deep for the scanner's stack
  }
  if (!found) return (err instanceof Error ? err.message : String(err)).replace(/\.$/, "");
  const before = source.slice(0, found.at);
  const line = before.split("\n").length;
  const column = found.at - before.lastIndexOf("\n");
  return `line ${line}, column ${column} (character ${found.at + 1}): ${found.problem}`;
}

class JsonSyntax {
  constructor(
    readonly at: number,
    readonly problem: string,
  ) {}
}

/** The first syntax error of `s` as JSON (RFC 8259), or null when it has none. */
function jsonSyntaxError(s: string): { at: number; problem: string } | null {
  let i = 0;
  const fail = (problem: string, at = i): never => {
    throw new JsonSyntax(at, i >= s.length ? "the file ends before the JSON is complete" : problem);
  };
  const shown = () => (s[i] === "\n" ? "a line break" : `'${s[i]}'`);
  const ws = () => {
    while (i < s.length && " \t\n\r".includes(s[i])) i++;
  };
  const literal = (word: string) => {
    if (s.startsWith(word, i)) i += word.length;
    else bareWord();
  };
  const bareWord = () =>
    fail(`unexpected '${/^\w*/.exec(s.slice(i, i + 40))?.[0] || s[i]}' (text values need double quotes)`);
  const string = () => {
    i++; // the opening quote
    for (;;) {
      if (i >= s.length) fail("");
      const c = s[i];
      if (c === '"') {
        i++;
        return;
      }
      if (c === "\\") {
        const e = s[i + 1];
        if (e === "u" && /^[0-9a-fA-F]{4}$/.test(s.slice(i + 2, i + 6))) i += 6;
        else if (e !== undefined && '"\\/bfnrt'.includes(e)) i += 2;
        else fail("a bad escape sequence in a string");
      } else if (c < " ")
        fail(
          c === "\n"
            ? "a line break inside a string (is a closing quote missing?)"
            : "a control character inside a string",
        );
      else i++;
    }
  };
  const number = () => {
    const m = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(s.slice(i, i + 400));
    if (!m) fail(`a malformed number`);
    else i += m[0].length;
  };
  const value = (): void => {
    ws();
    const c = s[i];
    if (c === "{") return object();
    if (c === "[") return array();
    if (c === '"') return string();
    if (c === "-" || (c >= "0" && c <= "9")) return number();
    if (c === "t") return literal("true");
    if (c === "f") return literal("false");
    if (c === "n") return literal("null");
    if (c !== undefined && /\w/.test(c)) bareWord();
    fail(`expected a value but found ${shown()}`);
  };
  const object = () => {
    i++;
    ws();
    if (s[i] === "}") {
      i++;
      return;
    }
    for (;;) {
      ws();
      if (s[i] !== '"') fail(`expected a double-quoted property name but found ${shown()}`);
      string();
      ws();
      if (s[i] !== ":") fail(`expected ':' after a property name but found ${shown()}`);
      i++;
      value();
      ws();
      if (s[i] === ",") i++;
      else if (s[i] === "}") {
        i++;
        return;
      } else fail(`expected ',' or '}' after a property value but found ${shown()}`);
    }
  };
  const array = () => {
    i++;
    ws();
    if (s[i] === "]") {
      i++;
      return;
    }
    for (;;) {
      value();
      ws();
      if (s[i] === ",") i++;
      else if (s[i] === "]") {
        i++;
        return;
      } else fail(`expected ',' or ']' after a list item but found ${shown()}`);
    }
  };
  try {
    value();
    ws();
    if (i < s.length) fail(`unexpected ${shown()} after the end of the JSON value`);
    return null;
  } catch (e) {
    if (e instanceof JsonSyntax) return { at: Math.min(e.at, s.length), problem: e.problem };
    throw e;
  }
}

// ---------------------------------------------------------------------------------------------
// PDF and DOCX: the documents Worker.

interface DocumentsAnswer {
  text?: unknown;
  pages?: unknown;
  error?: { type?: unknown; message?: unknown };
}

async function documentText(
  kind: "pdf" | "docx",
  bytes: Uint8Array,
  documents: DocumentsService | undefined,
): Promise<ExtractionResult> {
  const label = LABEL[kind];
  const unavailable = (detail: string): ExtractionResult => ({
    status: "failed",
    reason: `This ${label} could not be read right now: the document reader ${detail}. Try again in a few minutes.`,
    retryable: true,
  });
  if (!documents) return unavailable("is not available");

  let response: Response;
  try {
    response = await documents.fetch(
      new Request(`https://documents.internal/extract?kind=${kind}`, {
        method: "POST",
        headers: { "content-type": "application/octet-stream" },
        // Never a SharedArrayBuffer here; the DOM typing only wants that said.
        body: bytes as Uint8Array<ArrayBuffer>,
      }),
    );
  } catch {
    return unavailable("did not answer");
  }
  let answer: DocumentsAnswer;
  try {
    answer = (await response.json()) as DocumentsAnswer;
  } catch {
    return unavailable(`answered with status ${response.status}`);
  }
  if (response.ok && typeof answer.text === "string") {
    return answer.text.trim()
      ? { status: "indexed", text: answer.text }
      : { status: "no_text", reason: NO_TEXT_SCANNED };
  }
  if (response.status === 422 && answer.error) {
    return failed(
      documentFailure(
        kind,
        String(answer.error.type),
        typeof answer.error.message === "string" ? answer.error.message : "",
      ),
    );
  }
  return unavailable(`answered with status ${response.status}`);
}

function documentFailure(kind: "pdf" | "docx", type: string, message: string): string {
  const label = LABEL[kind];
  const save =
    kind === "pdf" ? "Open it and save or export it as a new PDF" : "Open it in Word and save it again as .docx";
  switch (type) {
    case "encrypted":
      return `This ${label} is password-protected, so its text cannot be read. ${save} without a password, then upload it again.`;
    case "corrupt":
      return `This ${label} could not be read: it looks damaged, or it is not really ${kind === "pdf" ? "a PDF" : "a .docx file"}. ${save}, then upload it again.`;
    default: {
      const why = message
        ? message.replace(/\.$/, "").replace(/^This /, "this ")
        : "this kind of file is not supported";
      return `This ${label} could not be read: ${why}.${/\.doc\b/.test(why) ? " Save it as .docx (Word 2007 or later) and upload it again." : ""}`;
    }
  }
}

function failed(reason: string): ExtractionResult {
  return { status: "failed", reason };
}
