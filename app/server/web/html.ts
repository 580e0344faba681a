/**
 * Just enough HTML for the product extractor, without a parser dependency: a tolerant tokenizer
 * (tags, attributes, text, comments, raw-text elements), a small element tree for microdata
 * scopes, the character references product pages use, and a tag stripper for descriptions.
 * Nothing here runs scripts or fetches anything; it only reads text.
 */

const LATIN1_ENTITIES =
  "nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 sup3 acute micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute Acirc Atilde Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN szlig agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc euml igrave iacute icirc iuml eth ntilde ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml yacute thorn yuml";

/** Named references: HTML's Latin-1 set plus the punctuation and symbols shop copy uses. */
const NAMED: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  ...Object.fromEntries(LATIN1_ENTITIES.split(" ").map((name, i) => [name, String.fromCodePoint(160 + i)])),
  OElig: "Œ",
  oelig: "œ",
  Scaron: "Š",
  scaron: "š",
  Yuml: "Ÿ",
  fnof: "ƒ",
  circ: "ˆ",
  tilde: "˜",
  ensp: "\u2002",
  emsp: "\u2003",
  thinsp: "\u2009",
  zwnj: "\u200c",
  zwj: "\u200d",
  lrm: "\u200e",
  rlm: "\u200f",
  ndash: "–",
  mdash: "—",
  lsquo: "‘",
  rsquo: "’",
  sbquo: "‚",
  ldquo: "“",
  rdquo: "”",
  bdquo: "„",
  dagger: "†",
  Dagger: "‡",
  bull: "•",
  hellip: "…",
  permil: "‰",
  prime: "′",
  Prime: "″",
  lsaquo: "‹",
  rsaquo: "›",
  oline: "‾",
  frasl: "⁄",
  euro: "€",
  trade: "™",
  larr: "←",
  uarr: "↑",
  rarr: "→",
  darr: "↓",
  harr: "↔",
  minus: "−",
  le: "≤",
  ge: "≥",
  ne: "≠",
  infin: "∞",
  check: "✓",
  star: "☆",
  starf: "★",
  hearts: "♥",
};

/** Windows-1252 meanings of the C1 numeric references (&#150; is an en dash), as HTML decodes them. */
const C1: Record<number, number> = {
  0x80: 0x20ac, 0x82: 0x201a, 0x83: 0x0192, 0x84: 0x201e, 0x85: 0x2026, 0x86: 0x2020, 0x87: 0x2021, 0x88: 0x02c6,
  0x89: 0x2030, 0x8a: 0x0160, 0x8b: 0x2039, 0x8c: 0x0152, 0x8e: 0x017d, 0x91: 0x2018, 0x92: 0x2019, 0x93: 0x201c,
  0x94: 0x201d, 0x95: 0x2022, 0x96: 0x2013, 0x97: 0x2014, 0x98: 0x02dc, 0x99: 0x2122, 0x9a: 0x0161, 0x9b: 0x203a,
  0x9c: 0x0153, 0x9e: 0x017e, 0x9f: 0x0178,
};

function numericReference(code: number): string {
  if (C1[code]) return String.fromCodePoint(C1[code]);
  if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return "\ufffd";
  return String.fromCodePoint(code);
}

/**
 * Decodes character references: numeric ones, the named ones above (with their semicolon), and
 * the legacy `&amp` `&lt` `&gt` `&quot` without one. In an attribute value a legacy reference
 * followed by a letter, digit or `=` stays as written (`?a=1&copy=2` is a query, not ©=2).
 * Unknown names stay as written.
 */
export function decodeEntities(text: string, inAttribute = false): string {
  if (!text.includes("&")) return text;
  return text.replace(/&(?:#(\d{1,8});?|#[xX]([0-9a-fA-F]{1,7});?|([A-Za-z][A-Za-z0-9]{1,31});?)/g, (whole, dec, hex, name, offset: number, all: string) => {
    if (dec !== undefined) return numericReference(Number(dec));
    if (hex !== undefined) return numericReference(parseInt(hex, 16));
    const withSemicolon = whole.endsWith(";");
    if (withSemicolon && Object.hasOwn(NAMED, name)) return NAMED[name];
    const legacy = /^(amp|lt|gt|quot)/.exec(name)?.[1];
    if (!legacy) return whole;
    const after = all[offset + 1 + legacy.length] ?? "";
    if (inAttribute && /[A-Za-z0-9=]/.test(after)) return whole;
    return NAMED[legacy] + whole.slice(1 + legacy.length);
  });
}

export type HtmlToken =
  | { type: "start"; name: string; attrs: Record<string, string>; selfClosing: boolean }
  | { type: "end"; name: string }
  | { type: "text"; text: string };

/** Elements whose content is raw text up to their end tag (not decoded for script and style). */
const RAW_TEXT = new Set(["script", "style"]);
const ESCAPABLE_RAW_TEXT = new Set(["title", "textarea"]);
export const VOID_ELEMENTS = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr", "keygen"]);

/** Splits HTML into start tags, end tags and (decoded) text, skipping comments and declarations. */
export function tokenizeHtml(html: string): HtmlToken[] {
  const tokens: HtmlToken[] = [];
  const n = html.length;
  let i = 0;
  let text = "";
  const flush = () => {
    if (text) tokens.push({ type: "text", text: decodeEntities(text) });
    text = "";
  };
  while (i < n) {
    const lt = html.indexOf("<", i);
    if (lt === -1) {
      text += html.slice(i);
      break;
    }
    text += html.slice(i, lt);
    i = lt;
    const next = html[i + 1] ?? "";
    if (html.startsWith("<!--", i)) {
      const end = html.indexOf("-->", i + 4);
      i = end === -1 ? n : end + 3;
      continue;
    }
    if (next === "!" || next === "?") {
      const end = html.indexOf(">", i + 2);
      i = end === -1 ? n : end + 1;
      continue;
    }
    if (next === "/" && /[A-Za-z]/.test(html[i + 2] ?? "")) {
      const m = /^<\/([^\s/>]+)[^>]*>?/.exec(html.slice(i, i + 512));
      flush();
      const close = html.indexOf(">", i);
      tokens.push({ type: "end", name: m![1].toLowerCase() });
      i = close === -1 ? n : close + 1;
      continue;
    }
    if (!/[A-Za-z]/.test(next)) {
      text += "<";
      i += 1;
      continue;
    }
    // A start tag: its name, then attributes until '>'.
    flush();
    let j = i + 1;
    while (j < n && !/[\s/>]/.test(html[j])) j++;
    const name = html.slice(i + 1, j).toLowerCase();
    const attrs: Record<string, string> = {};
    let selfClosing = false;
    for (;;) {
      while (j < n && /[\s/]/.test(html[j])) {
        if (html[j] === "/") selfClosing = html[j + 1] === ">";
        j++;
      }
      if (j >= n) break;
      if (html[j] === ">") {
        j++;
        break;
      }
      selfClosing = false;
      let k = j;
      while (k < n && !/[\s/>=]/.test(html[k])) k++;
      if (k === j) k++; // a stray character: skip it
      const attrName = html.slice(j, k).toLowerCase();
      j = k;
      while (j < n && /\s/.test(html[j])) j++;
      let value = "";
      if (html[j] === "=") {
        j++;
        while (j < n && /\s/.test(html[j])) j++;
        const quote = html[j];
        if (quote === '"' || quote === "'") {
          const end = html.indexOf(quote, j + 1);
          value = html.slice(j + 1, end === -1 ? n : end);
          j = end === -1 ? n : end + 1;
        } else {
          let e = j;
          while (e < n && !/[\s>]/.test(html[e])) e++;
          value = html.slice(j, e);
          j = e;
        }
      }
      if (attrName && !Object.hasOwn(attrs, attrName)) attrs[attrName] = decodeEntities(value, true);
    }
    tokens.push({ type: "start", name, attrs, selfClosing });
    i = j;
    if ((RAW_TEXT.has(name) || ESCAPABLE_RAW_TEXT.has(name)) && !selfClosing) {
      const closeRe = new RegExp(`</${name}[\\s/>]`, "ig");
      closeRe.lastIndex = i;
      const close = closeRe.exec(html);
      const end = close ? close.index : n;
      const content = html.slice(i, end);
      if (content) tokens.push({ type: "text", text: RAW_TEXT.has(name) ? content : decodeEntities(content) });
      if (close) {
        tokens.push({ type: "end", name });
        const gt = html.indexOf(">", end);
        i = gt === -1 ? n : gt + 1;
      } else {
        i = n;
      }
    }
  }
  flush();
  return tokens;
}

export interface HtmlElement {
  name: string;
  attrs: Record<string, string>;
  children: HtmlNode[];
}
export type HtmlNode = HtmlElement | string;

/**
 * A forgiving element tree: void elements never take children, an end tag closes the nearest
 * open element of its name (and anything left open inside it), a stray end tag is ignored.
 */
export function parseHtmlTree(html: string): HtmlElement {
  const root: HtmlElement = { name: "#root", attrs: {}, children: [] };
  const stack: HtmlElement[] = [root];
  for (const token of tokenizeHtml(html)) {
    const top = stack[stack.length - 1];
    if (token.type === "text") {
      top.children.push(token.text);
    } else if (token.type === "start") {
      const el: HtmlElement = { name: token.name, attrs: token.attrs, children: [] };
      top.children.push(el);
      if (!VOID_ELEMENTS.has(token.name) && !token.selfClosing) stack.push(el);
    } else {
      for (let k = stack.length - 1; k > 0; k--) {
        if (stack[k].name === token.name) {
          stack.length = k;
          break;
        }
      }
    }
  }
  return root;
}

/** The text inside an element, scripts and styles left out. */
export function textContent(node: HtmlNode): string {
  if (typeof node === "string") return node;
  if (RAW_TEXT.has(node.name)) return "";
  return node.children.map(textContent).join("");
}

/** Every element of the tree, in document order. */
export function* walkElements(node: HtmlElement): Generator<HtmlElement> {
  for (const child of node.children) {
    if (typeof child === "string") continue;
    yield child;
    yield* walkElements(child);
  }
}

const BLOCK = new Set([
  "div", "section", "article", "header", "footer", "aside", "main", "nav", "li", "dl", "dt", "dd", "tr", "figure",
  "figcaption", "address", "details", "summary", "form", "fieldset", "hr",
]);
/** Blocks that stand apart from their neighbours by a blank line. */
const PARAGRAPH = new Set(["p", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "table", "blockquote", "pre"]);

/** Collapses spaces within lines and blank lines between them; trims. */
export function normalizeWhitespace(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .replace(/[ \t\f\v\u00a0]+/g, " ")
    .split("\n")
    .map((line) => line.trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** One line: every run of whitespace (newlines too) as one space. */
export function singleLine(text: string): string {
  return text.replace(/[\s\u00a0]+/g, " ").trim();
}

// Break markers while stripping: a line break (<br>), a block's edge, a paragraph's edge.
const BR = "\u0001";
const EDGE = "\u0002";
const PARA = "\u0003";

/**
 * HTML (a product description) as plain text, the way a browser lays it out: tags removed,
 * character references decoded once, whitespace in text collapsed, <br> and block elements as
 * line breaks, paragraphs, lists and headings apart by a blank line, <pre> kept as written,
 * scripts and styles dropped. Text without any markup keeps its own line breaks.
 */
export function stripHtml(html: string): string {
  if (!/<[A-Za-z!/]/.test(html)) return normalizeWhitespace(decodeEntities(html));
  let out = "";
  let skipping: string | null = null;
  let pre = 0;
  for (const token of tokenizeHtml(html)) {
    if (skipping) {
      if (token.type === "end" && token.name === skipping) skipping = null;
      continue;
    }
    if (token.type === "text") {
      // eslint-disable-next-line no-control-regex -- text cannot carry the break markers in
      const plain = token.text.replace(/[\u0001-\u0003]/g, "");
      out += pre ? plain.replace(/\r?\n/g, BR) : plain.replace(/[\s]+/g, " ");
      continue;
    }
    const name = token.name;
    if (token.type === "start" && RAW_TEXT.has(name) && !token.selfClosing) skipping = name;
    else if (token.type === "start" && name === "br") out += BR;
    else if (PARAGRAPH.has(name)) out += PARA;
    else if (BLOCK.has(name)) out += EDGE;
    else if (token.type === "start" && (name === "td" || name === "th")) out += " ";
    if (name === "pre") pre = Math.max(0, pre + (token.type === "start" ? 1 : -1));
  }
  // eslint-disable-next-line no-control-regex -- the break markers above (text had them removed)
  const laidOut = out.replace(/[ \u0001\u0002\u0003]*[\u0001\u0002\u0003][ \u0001\u0002\u0003]*/g, (run) => {
    if (run.includes(PARA)) return "\n\n";
    const breaks = run.split(BR).length - 1;
    return breaks >= 2 ? "\n\n" : "\n";
  });
  return normalizeWhitespace(laidOut.replace(/\u00a0/g, " "));
}
