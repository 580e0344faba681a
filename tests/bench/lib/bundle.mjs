// What the landing page costs the browser: every JavaScript and CSS response it loads, raw and
// gzipped (zlib level 9). Primary source: headless Chromium recording every response until
// network idle. Cross-check: the URLs the server-rendered HTML references (script src,
// modulepreload, imports inside inline module scripts, stylesheets).
// And what the main Worker costs to upload and start (issue 29): `wrangler deploy --dry-run`'s
// bundle, gzipped, with the modules that weigh most in it (measureMainWorker).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { hasChromium, launchChromium } from "../../e2e/browser.mjs";
import { onCleanup, runCommand } from "./servers.mjs";

const KIB = 1024;

export function gzipSize(buf) {
  return gzipSync(buf, { level: 9 }).length;
}

/** URLs of JS and CSS referenced by the HTML itself (no execution). */
export function referencedAssets(html, baseUrl) {
  const js = new Set();
  const css = new Set();
  const abs = (u) => new URL(decodeEntities(u), baseUrl).href;
  for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) {
    const src = attr(tag, "src");
    if (src) js.add(abs(src));
  }
  for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
    const rel = (attr(tag, "rel") ?? "").toLowerCase().split(/\s+/);
    const href = attr(tag, "href");
    if (!href) continue;
    if (rel.includes("modulepreload")) js.add(abs(href));
    else if (rel.includes("stylesheet")) css.add(abs(href));
    else if (rel.includes("preload") && (attr(tag, "as") ?? "") === "script") js.add(abs(href));
  }
  // Inline module scripts (Remix's hydration script) import the manifest and route modules.
  for (const m of html.matchAll(/<script\b[^>]*type=["']?module["']?[^>]*>([\s\S]*?)<\/script>/gi)) {
    for (const imp of m[1].matchAll(/\bimport\s*(?:[^"'()]*?\bfrom\s*)?["']([^"']+\.m?js)["']/g)) js.add(abs(imp[1]));
    for (const imp of m[1].matchAll(/\bimport\(\s*["']([^"']+\.m?js)["']\s*\)/g)) js.add(abs(imp[1]));
  }
  return { js: [...js], css: [...css] };
}

/** Fetches URLs over HTTP and sums raw and gzip bytes. */
async function measureUrls(urls) {
  const files = [];
  for (const url of urls) {
    const res = await fetch(url);
    const body = Buffer.from(await res.arrayBuffer());
    files.push({
      url,
      status: res.status,
      contentType: res.headers.get("content-type"),
      raw: body.length,
      gzip: gzipSize(body),
    });
  }
  return files;
}

/** Loads the page in Chromium and records every JS and CSS response until network idle. */
async function browserAssets(pageUrl) {
  const browser = await launchChromium();
  const unregister = onCleanup(() => browser.close().catch(() => {}));
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const consoleErrors = [];
    page.on("console", (msg) => {
      if (msg.type() === "error") consoleErrors.push(msg.text().slice(0, 300));
    });
    page.on("pageerror", (err) => consoleErrors.push(`pageerror: ${String(err.message).slice(0, 300)}`));
    const pending = [];
    const requests = [];
    page.on("response", (response) => {
      const type = response.request().resourceType();
      const contentType = response.headers()["content-type"] ?? "";
      const url = response.url();
      requests.push({ url, type, status: response.status() });
      const kind = classify(url, type, contentType);
      if (!kind) return;
      pending.push(
        response.body().then(
          (body) => ({ kind, url, status: response.status(), raw: body.length, gzip: gzipSize(body) }),
          () => ({ kind, url, status: response.status(), raw: 0, gzip: 0, unreadable: true }),
        ),
      );
    });
    const t0 = Date.now();
    const nav = await page.goto(pageUrl, { waitUntil: "networkidle", timeout: 30_000 });
    const loadMs = Date.now() - t0;
    const html = await nav.text();
    const files = await Promise.all(pending);
    await context.close();
    return { files, requests, consoleErrors, loadMs, html };
  } finally {
    unregister();
    await browser.close().catch(() => {});
  }
}

function contentTypeOk(kind, contentType) {
  return kind === "js" ? /javascript|ecmascript/.test(contentType) : /text\/css/.test(contentType);
}

function classify(url, resourceType, contentType) {
  const pathname = new URL(url).pathname;
  if (/javascript|ecmascript/.test(contentType) || /\.m?js$/.test(pathname) || resourceType === "script") return "js";
  if (/text\/css/.test(contentType) || pathname.endsWith(".css") || resourceType === "stylesheet") return "css";
  return null;
}

function totals(files) {
  const raw = files.reduce((s, f) => s + f.raw, 0);
  const gzip = files.reduce((s, f) => s + f.gzip, 0);
  return { files: files.length, rawKiB: kib(raw), gzipKiB: kib(gzip), rawBytes: raw, gzipBytes: gzip };
}

/**
 * Measures the landing page's JS and CSS. Uses the browser when available (and not disabled);
 * always also measures the statically referenced set for comparison.
 */
export async function measureLanding(pageUrl, { browser = true } = {}) {
  const res = await fetch(pageUrl);
  const html = await res.text();
  const htmlBytes = Buffer.from(html);
  const refs = referencedAssets(html, pageUrl);
  const staticJs = await measureUrls(refs.js);
  const staticCss = await measureUrls(refs.css);
  const result = {
    url: pageUrl,
    html: { status: res.status, rawKiB: kib(htmlBytes.length), gzipKiB: kib(gzipSize(htmlBytes)) },
    static: { js: { ...totals(staticJs), list: staticJs }, css: { ...totals(staticCss), list: staticCss } },
    browser: null,
    source: "static",
  };
  if (browser && hasChromium()) {
    try {
      const b = await browserAssets(pageUrl);
      const js = b.files.filter((f) => f.kind === "js");
      const css = b.files.filter((f) => f.kind === "css");
      const staticSet = new Set(refs.js);
      result.browser = {
        loadMs: b.loadMs,
        requests: b.requests.length,
        failedRequests: b.requests.filter((r) => r.status >= 400),
        consoleErrors: b.consoleErrors,
        js: { ...totals(js), list: js.map(withoutKind) },
        css: { ...totals(css), list: css.map(withoutKind) },
        // Loaded by the page at runtime but not referenced in the HTML (lazy chunks, etc.).
        jsNotInHtml: js.filter((f) => !staticSet.has(f.url)).map((f) => f.url),
      };
      result.source = "browser";
    } catch (err) {
      result.browserError = String(err?.message ?? err).slice(0, 500);
    }
  } else if (browser) {
    result.browserError = "Chromium not found; static HTML references only";
  }
  // JS/CSS the page asked for that did not arrive (404s, HTML error pages): the page is broken
  // and its weight cannot be trusted.
  const bad = (f, kind) => f.status < 200 || f.status >= 300 || (f.contentType && !contentTypeOk(kind, f.contentType));
  const broken = [...staticJs.filter((f) => bad(f, "js")), ...staticCss.filter((f) => bad(f, "css"))];
  for (const f of [...(result.browser?.js.list ?? []), ...(result.browser?.css.list ?? [])]) {
    if ((f.status < 200 || f.status >= 300) && !broken.some((b) => b.url === f.url)) broken.push(f);
  }
  result.brokenAssets = broken.map((f) => `${f.status} ${f.url}`);
  const chosen = result.source === "browser" ? result.browser : result.static;
  result.js = { files: chosen.js.files, rawKiB: chosen.js.rawKiB, gzipKiB: chosen.js.gzipKiB };
  result.css = { files: chosen.css.files, rawKiB: chosen.css.rawKiB, gzipKiB: chosen.css.gzipKiB };
  return result;
}

function withoutKind(file) {
  const copy = { ...file };
  delete copy.kind;
  return copy;
}

function attr(tag, name) {
  const m = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i").exec(tag);
  return m ? (m[1] ?? m[2] ?? m[3]) : null;
}

function decodeEntities(s) {
  return s
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'");
}

function kib(bytes) {
  return Math.round((bytes / KIB) * 10) / 10;
}

// ---------------------------------------------------------------------------------------------
// The main Worker's bundle (issue 29).

/** The Remix server build, which wrangler bundles into the Worker as one input file. */
const REMIX_SERVER_BUILD = "build/server/index.js";

/**
 * The main Worker as `wrangler deploy` would upload it (--dry-run --outdir: no network; the same
 * wrangler.toml, so the same conditions, aliases and minification as a deploy). `gzipKiB` is the
 * upload's gzip (level 9) without source maps; `top` lists the modules that weigh most: the bytes
 * each source contributes to the output (read from the output's source map, and for the Remix
 * server build, through the `// path` comments esbuild writes into that unminified file), gzipped
 * alone. A module gzipped alone compresses worse than inside the bundle, so the list's figures add
 * up to more than the total; they rank modules, the total is the size.
 */
export async function measureMainWorker({ root, tmpDir, logFile, top = 30 }) {
  const outdir = path.join(tmpDir, "main-worker-dry-run");
  const res = await runCommand(path.join(root, "node_modules/.bin/wrangler"), ["deploy", "--dry-run", "--outdir", outdir], {
    cwd: root,
    logFile,
  });
  if (res.code !== 0) throw new Error(`wrangler deploy --dry-run failed (exit ${res.code}): ${res.output.split("\n").slice(-8).join(" ")}`);
  const files = readdirSync(outdir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && !/\.(map|md)$/.test(d.name))
    .map((d) => path.join(d.parentPath ?? d.path, d.name));
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const buf = readFileSync(file);
    raw += buf.length;
    gzip += gzipSize(buf);
  }
  const main = files.find((f) => /\.m?js$/.test(f));
  const modules = main ? modulesOf(main, root) : [];
  return {
    files: files.length,
    rawKiB: kib(raw),
    gzipKiB: kib(gzip),
    top: modules.slice(0, top),
    packages: packagesOf(modules).slice(0, top),
  };
}

/** Each source's share of a bundle, from its source map, largest gzip first. */
export function modulesOf(bundlePath, root) {
  const code = readFileSync(bundlePath, "utf8");
  const map = JSON.parse(readFileSync(`${bundlePath}.map`, "utf8"));
  const remixLines = remixModuleByLine(path.join(root, REMIX_SERVER_BUILD));
  const names = map.sources.map((s) => moduleName(path.relative(root, path.resolve(path.dirname(bundlePath), s))));
  const remixIndex = map.sources.findIndex((s) => s.endsWith(REMIX_SERVER_BUILD));
  const parts = new Map();
  const add = (name, text) => {
    if (!text) return;
    const list = parts.get(name);
    if (list) list.push(text);
    else parts.set(name, [text]);
  };
  const lines = code.split("\n");
  const mapped = decodeMappings(map.mappings);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const segments = mapped[i] ?? [];
    // Text before the first mapping, and text of segments with no source, is the bundler's own.
    add("(bundler glue)", line.slice(0, segments[0]?.[0] ?? line.length));
    for (let j = 0; j < segments.length; j++) {
      const [col, source, origLine] = segments[j];
      const text = line.slice(col, segments[j + 1]?.[0] ?? line.length);
      if (source === undefined) add("(bundler glue)", text);
      else if (source === remixIndex && remixLines) add(remixLines[origLine] ?? "(remix build glue)", text);
      else add(names[source], text);
    }
  }
  return [...parts]
    .map(([name, texts]) => {
      const text = texts.join("");
      return { module: name, rawKiB: kib(Buffer.byteLength(text)), gzipKiB: kib(gzipSize(text)) };
    })
    .sort((a, b) => b.gzipKiB - a.gzipKiB);
}

/** Sums modules by package (node_modules) or by app folder. */
function packagesOf(modules) {
  const sums = new Map();
  for (const m of modules) {
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(m.module)?.[1];
    const key = pkg ?? m.module.split("/").slice(0, m.module.startsWith("app/") ? 3 : 1).join("/");
    const s = sums.get(key) ?? { package: key, modules: 0, rawKiB: 0, gzipKiB: 0 };
    s.modules += 1;
    s.rawKiB += m.rawKiB;
    s.gzipKiB += m.gzipKiB;
    sums.set(key, s);
  }
  return [...sums.values()]
    .map((s) => ({ ...s, rawKiB: Math.round(s.rawKiB * 10) / 10, gzipKiB: Math.round(s.gzipKiB * 10) / 10 }))
    .sort((a, b) => b.gzipKiB - a.gzipKiB);
}

/** For each line of the Remix server build, the module it came from (esbuild's `// path` comments). */
function remixModuleByLine(file) {
  let text;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return null;
  }
  const out = [];
  let current = "(remix build glue)";
  for (const line of text.split("\n")) {
    const m = /^\/\/ (\S+\.(?:[mc]?[jt]sx?|json)|\S*node_modules\S*|[\w-]+:\S+)$/.exec(line);
    if (m) current = moduleName(m[1]);
    out.push(current);
  }
  return out;
}

/** `../main/node_modules/x/y.js` -> `node_modules/x/y.js` (a worktree's node_modules may be a link). */
function moduleName(source) {
  const i = source.lastIndexOf("node_modules/");
  return i >= 0 ? source.slice(i) : source;
}

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const BASE64_VALUE = new Map([...BASE64].map((c, i) => [c, i]));

/**
 * Source map v3 mappings -> per generated line, segments [column, source, originalLine]
 * (absolute, 0-based; source and line undefined for a segment with no source).
 */
function decodeMappings(mappings) {
  const lines = [];
  // Fields 1 and 2 (source, original line) are deltas across the whole string; the original
  // column and name are not needed here.
  let source = 0;
  let origLine = 0;
  for (const lineText of mappings.split(";")) {
    const segments = [];
    let col = 0;
    if (lineText) {
      for (const seg of lineText.split(",")) {
        if (!seg) continue;
        const v = decodeVlq(seg);
        col += v[0];
        if (v.length >= 4) {
          source += v[1];
          origLine += v[2];
          segments.push([col, source, origLine]);
        } else segments.push([col, undefined, undefined]);
      }
    }
    lines.push(segments);
  }
  return lines;
}

function decodeVlq(text) {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const c of text) {
    const digit = BASE64_VALUE.get(c);
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}
