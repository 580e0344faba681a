import { strFromU8, unzipSync } from "fflate";
import { DocumentError } from "./errors";

/** The most `word/document.xml` may unpack to: a 10 MB upload cannot become a zip bomb. */
export const DOCX_MAX_XML_BYTES = 64 * 1024 * 1024;

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
/** OLE compound files: old .doc files, and every password-protected Office file. */
const CFB_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const WORD_NAMESPACES = [
  "http://schemas.openxmlformats.org/wordprocessingml/2006/main",
  "http://purl.oclc.org/ooxml/wordprocessingml/main",
];

/**
 * The text of a DOCX: the `<w:t>` runs of `word/document.xml`, one line per paragraph, table
 * cells of a row on one line separated by " | ". Tracked deletions, field codes and the
 * fallback copies of text boxes are left out.
 */
export function extractDocxText(bytes: Uint8Array): { text: string } {
  if (bytes.byteLength === 0) throw new DocumentError("corrupt", "The file is empty.");
  if (startsWith(bytes, CFB_MAGIC)) {
    // Word encrypts a password-protected .docx into an OLE container with an EncryptionInfo stream.
    if (containsUtf16(bytes, "EncryptionInfo")) {
      throw new DocumentError("encrypted", "This Word file is password-protected.");
    }
    throw new DocumentError(
      "unsupported",
      "This is an older Word .doc file (or another legacy Office file), not .docx.",
    );
  }
  if (!startsWith(bytes, ZIP_MAGIC)) {
    throw new DocumentError("corrupt", "This file is not a .docx package (it is not a ZIP archive).");
  }

  const seen: string[] = [];
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter(file) {
        seen.push(file.name);
        if (file.name !== "word/document.xml") return false;
        if (file.originalSize > DOCX_MAX_XML_BYTES) {
          throw new DocumentError("unsupported", "This Word file's text is too large to read (over 64 MB unpacked).");
        }
        return true;
      },
    });
  } catch (err) {
    if (err instanceof DocumentError) throw err;
    const message = err instanceof Error ? err.message : String(err);
    throw new DocumentError("corrupt", `This .docx package could not be unpacked (${message}).`, { cause: err });
  }
  const xmlBytes = files["word/document.xml"];
  if (!xmlBytes) {
    if (seen.some((name) => name.startsWith("xl/"))) {
      throw new DocumentError("unsupported", "This is an Excel workbook, not a Word document.");
    }
    if (seen.some((name) => name.startsWith("ppt/"))) {
      throw new DocumentError("unsupported", "This is a PowerPoint presentation, not a Word document.");
    }
    throw new DocumentError("corrupt", "This .docx package has no document body (word/document.xml is missing).");
  }
  let xml: string;
  try {
    xml = strFromU8(xmlBytes);
  } catch (err) {
    throw new DocumentError("corrupt", "The document body is not valid UTF-8 XML.", { cause: err });
  }
  return { text: wordXmlText(xml) };
}

/** Reads the text of a WordprocessingML document body (exported for tests). */
export function wordXmlText(xml: string): string {
  const p = wordPrefix(xml);
  const el = (name: string) => (p ? `${p}:${name}` : name);
  // Paragraph and run properties hold tab stops (<w:tabs><w:tab …/>) that are not text; the
  // Fallback of a text box repeats the text its Choice already holds.
  const body = xml
    .replace(new RegExp(`<${el("pPr")}\\b[^>]*?(?:/>|>[\\s\\S]*?</${el("pPr")}>)`, "g"), "")
    .replace(new RegExp(`<${el("rPr")}\\b[^>]*?(?:/>|>[\\s\\S]*?</${el("rPr")}>)`, "g"), "")
    .replace(/<mc:Fallback\b[^>]*?(?:\/>|>[\s\S]*?<\/mc:Fallback>)/g, "");

  const token = new RegExp(
    [
      `<${el("t")}(?:\\s[^>]*)?>([^<]*)</${el("t")}>`, // 1: a text run
      `<(/?)${el("(p|tc|tr|tbl|tab|br|cr|noBreakHyphen)")}\\b[^>]*?(/?)>`, // 2: closing, 3: name, 4: self-closing
    ].join("|"),
    "g",
  );
  const lines: string[] = [];
  let line = "";
  let cells: string[] = [];
  let tableDepth = 0;
  const endParagraph = () => {
    if (tableDepth > 0) {
      line += " ";
      return;
    }
    lines.push(line);
    line = "";
  };
  for (const m of body.matchAll(token)) {
    if (m[1] !== undefined) {
      line += decodeXmlEntities(m[1]);
      continue;
    }
    const closing = m[2] === "/";
    const selfClosing = m[4] === "/";
    switch (m[3]) {
      case "p":
        if (closing || selfClosing) endParagraph();
        break;
      case "tab":
        if (selfClosing) line += "\t";
        break;
      case "br":
      case "cr":
        if (selfClosing) line += tableDepth > 0 ? " " : "\n";
        break;
      case "noBreakHyphen":
        line += "-";
        break;
      case "tbl":
        if (closing) tableDepth = Math.max(0, tableDepth - 1);
        else if (!selfClosing) {
          if (tableDepth === 0 && line.trim()) lines.push(line);
          if (tableDepth === 0) line = "";
          tableDepth += 1;
        }
        break;
      case "tc":
        if (closing && tableDepth === 1) {
          cells.push(line.replace(/\s+/g, " ").trim());
          line = "";
        }
        break;
      case "tr":
        if (closing && tableDepth === 1) {
          const row = cells.filter((cell) => cell !== "");
          if (row.length > 0) lines.push(row.join(" | "));
          cells = [];
          line = "";
        }
        break;
    }
  }
  if (line.trim()) lines.push(line);
  return lines
    .map((l) => l.replace(/[ \t]+$/gm, ""))
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

const NAMED_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

export function decodeXmlEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (whole, ref: string) => {
    if (ref[0] === "#") {
      const code = ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[ref] ?? whole;
  });
}

/** The prefix the document binds to the WordprocessingML namespace ("w" in every real file). */
function wordPrefix(xml: string): string {
  const head = xml.slice(0, 8192);
  for (const ns of WORD_NAMESPACES) {
    const m = head.match(new RegExp(`xmlns:([A-Za-z_][\\w.-]*)="${ns.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}"`));
    if (m) return m[1];
  }
  return "w";
}

function startsWith(bytes: Uint8Array, magic: number[]): boolean {
  return bytes.byteLength >= magic.length && magic.every((b, i) => bytes[i] === b);
}

function containsUtf16(bytes: Uint8Array, word: string): boolean {
  const needle = new Uint8Array(word.length * 2);
  for (let i = 0; i < word.length; i++) needle[i * 2] = word.charCodeAt(i);
  outer: for (let i = 0; i + needle.length <= bytes.length; i++) {
    if (bytes[i] !== needle[0]) continue;
    for (let j = 1; j < needle.length; j++) if (bytes[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}
