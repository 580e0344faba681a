// What the landing page costs the browser: every JavaScript and CSS response it loads, raw and
// gzipped (zlib level 9). Primary source: headless Chromium recording every response until
// network idle. Cross-check: the URLs the server-rendered HTML references (script src,
// modulepreload, imports inside inline module scripts, stylesheets).
import { gzipSync } from "node:zlib";
import { hasChromium, launchChromium } from "../../e2e/browser.mjs";
import { onCleanup } from "./servers.mjs";

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
