// Lighthouse against a URL with Debian's Chromium (offline). Returns the category scores
// (0-100), the key metrics and every weighted audit that did not pass, with its title.
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { desktopConfig } from "lighthouse";
import { onCleanup } from "./servers.mjs";

export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-dev-shm-usage",
];

const METRICS = {
  fcpMs: "first-contentful-paint",
  lcpMs: "largest-contentful-paint",
  tbtMs: "total-blocking-time",
  cls: "cumulative-layout-shift",
  speedIndexMs: "speed-index",
  ttiMs: "interactive",
};

/** One Lighthouse run; `desktop` switches to Lighthouse's desktop config; `extraChromeFlags` are added to Chromium's. */
export async function runLighthouse(
  url,
  { desktop = false, chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium", extraChromeFlags = [] } = {},
) {
  const started = Date.now();
  // handleSIGINT false: the bench's own handler stops Chrome together with the servers.
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [...CHROME_FLAGS, ...extraChromeFlags],
    handleSIGINT: false,
    logLevel: "silent",
  });
  const unregister = onCleanup(async () => chrome.kill());
  try {
    const flags = { port: chrome.port, output: "json", logLevel: "error", onlyCategories: CATEGORIES };
    const result = await lighthouse(url, flags, desktop ? desktopConfig : undefined);
    if (!result?.lhr) throw new Error("Lighthouse returned no result");
    if (process.env.LIGHTHOUSE_REPORT_DIR) await keepReport(result, desktop);
    return summarize(result.lhr, { desktop, ms: Date.now() - started });
  } finally {
    unregister();
    await chrome.kill();
  }
}

// The whole report (with its trace-derived diagnostics) for reading why a score dropped.
async function keepReport({ lhr, artifacts }, desktop) {
  const { mkdir, writeFile } = await import("node:fs/promises");
  const dir = process.env.LIGHTHOUSE_REPORT_DIR;
  await mkdir(dir, { recursive: true });
  const name = `${new URL(lhr.finalDisplayedUrl ?? lhr.finalUrl).pathname.replace(/[^a-z0-9]+/gi, "-")}-${desktop ? "desktop" : "mobile"}-${Date.now()}.json`;
  await writeFile(`${dir}/${name}`, JSON.stringify(lhr));
  if (artifacts?.Trace) await writeFile(`${dir}/${name.replace(/\.json$/, ".trace.json")}`, JSON.stringify(artifacts.Trace));
}

function summarize(lhr, { desktop, ms }) {
  const scores = {};
  const failing = {};
  for (const id of CATEGORIES) {
    const cat = lhr.categories[id];
    scores[id] = cat?.score === null || cat?.score === undefined ? null : Math.round(cat.score * 100);
    failing[id] = (cat?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
      .filter(({ audit }) => audit && audit.score !== null && audit.score < 0.9)
      .sort((a, b) => b.ref.weight - a.ref.weight)
      .map(({ ref, audit }) => ({
        id: ref.id,
        title: audit.title,
        score: audit.score,
        weight: ref.weight,
        displayValue: audit.displayValue ?? undefined,
        items: auditItems(audit),
      }));
  }
  const metrics = {};
  for (const [key, auditId] of Object.entries(METRICS)) {
    const v = lhr.audits[auditId]?.numericValue;
    metrics[key] = v === undefined ? null : key === "cls" ? Math.round(v * 1000) / 1000 : Math.round(v);
  }
  return {
    formFactor: desktop ? "desktop" : "mobile",
    lighthouseVersion: lhr.lighthouseVersion,
    finalUrl: lhr.finalDisplayedUrl ?? lhr.finalUrl,
    scores,
    metrics,
    failing,
    runWarnings: lhr.runWarnings ?? [],
    // Lighthouse's CPU benchmark of this run (higher is faster; a busy machine scores low).
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    // What Chromium fetched (to confirm that, say, a page's images loaded and nothing else was asked for).
    requests: (lhr.audits["network-requests"]?.details?.items ?? []).map((r) => ({
      url: String(r.url).slice(0, 200),
      status: r.statusCode,
      type: r.resourceType,
      bytes: r.transferSize,
    })),
    runtimeError: lhr.runtimeError?.message ?? null,
    ms,
  };
}

/** Up to five offending elements or URLs of an audit, so the report says what to fix. */
function auditItems(audit) {
  const items = audit.details?.items ?? [];
  return items.slice(0, 5).map((item) => {
    const node = item.node ?? item.target ?? item.element;
    if (node?.snippet) return `${node.selector ?? ""} ${node.snippet}`.trim().slice(0, 200);
    const url = typeof item.url === "string" ? item.url : (item.source?.url ?? null);
    const text = [item.description ?? item.label, url].filter(Boolean).join(" ");
    return (text || JSON.stringify(item)).slice(0, 240);
  });
}
