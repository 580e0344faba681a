// Image rendering (issue 15): wall time per marketing visual through the product's API, and the
// rendering Worker's bundle size.
//
// - API: a paid bench user uploads a product photo (a 1000×1000 photo-like PNG made here), then
//   POST /api/marketing-visuals renders the studio template with it as a 1080×1080
//   (instagram-post) and a 1080×1920 (instagram-story) visual, one request at a time, each
//   followed by the product's own GET /api/health (the baseline: the ratios hold whatever the
//   machine's load). Every request renders the full PNG and its 480 px thumbnail through the
//   IMAGES service binding, stores both in R2 and a row in D1: the time is "per visual (full +
//   thumbnail)". One user per size: Growth allows 50 marketing visuals a day.
//   POST /api/images/preview (540 px wide, watermarked) is timed too, as information.
// - Renderer alone: the API does not pass the images Worker's x-render-ms on, so the same
//   compositor SVG (app/server/images/compose, bundled for Node) is posted to the images Worker
//   bundle in a Miniflare of its own (the same workerd), full size only: wall time of POST /render
//   and x-render-ms.
// - Bundle: workers/images/index.ts bundled with esbuild as vitest.workers.config.ts
//   bundleCompanionWorker does (.wasm and .ttf modules of their own), each part gzipped (level 9);
//   beside it the main Worker's upload (`wrangler deploy --dry-run --outdir`, of the current
//   build/), which must carry no .wasm or font module.
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath, pathToFileURL } from "node:url";
import { deflateSync, gzipSync } from "node:zlib";
import { build } from "esbuild";
import { createBenchUser } from "./bench-api.mjs";
import { percentile, round } from "./load.mjs";
import { onCleanup, runCommand } from "./servers.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const KIB = 1024;

/** The two sizes issue 15 asks for. */
export const IMAGE_SIZES = [
  { preset: "instagram-post", label: "1080×1080", width: 1080, height: 1080 },
  { preset: "instagram-story", label: "1080×1920", width: 1080, height: 1920 },
];

/** The studio design of the image tests (tests/fixtures/studio-design.json), a photo added per user. */
export const BENCH_DESIGN = JSON.parse(readFileSync(path.join(ROOT, "tests/fixtures/studio-design.json"), "utf8"));

// ---------------------------------------------------------------------------------------------
// A photo-like PNG (RGB, 8 bit): a warm backdrop gradient, a shaded "product" with a highlight and
// a soft shadow, and a little sensor noise, so it compresses like a photo rather than a flat fill.

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** Encodes RGB pixels (width × height × 3 bytes) as a PNG. */
export function encodePngRgb(pixels, width, height) {
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    rows[y * (width * 3 + 1)] = 0; // filter: none
    pixels.copy(rows, y * (width * 3 + 1) + 1, y * width * 3, (y + 1) * width * 3);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(rows, { level: 6 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A product photo: a teal ceramic vase on a warm table, width × height (square by default). */
export function productPhotoPng(width = 1000, height = width) {
  const px = Buffer.alloc(width * height * 3);
  const clamp = (v) => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v));
  const cx = width / 2;
  const cy = height * 0.52;
  const rx = width * 0.22;
  const ry = height * 0.3;
  let seed = 0x2545f491;
  const noise = () => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return ((seed >>> 0) / 0xffffffff - 0.5) * 6;
  };
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const t = y / height;
      // Backdrop: cream to sand, a table edge at 78%.
      let r = 246 - 30 * t;
      let g = 238 - 36 * t;
      let b = 226 - 48 * t;
      if (t > 0.78) {
        r -= 26;
        g -= 30;
        b -= 34;
      }
      // Soft shadow under the vase.
      const sx = (x - cx - width * 0.05) / (rx * 1.3);
      const sy = (y - (cy + ry * 0.95)) / (ry * 0.16);
      const shadow = Math.max(0, 1 - (sx * sx + sy * sy));
      r -= 60 * shadow;
      g -= 60 * shadow;
      b -= 55 * shadow;
      // The vase: an ellipse shaded by a light from the upper left, with a highlight.
      const dx = (x - cx) / rx;
      const dy = (y - cy) / ry;
      const d = dx * dx + dy * dy;
      if (d <= 1) {
        const light = Math.max(0, 0.55 - 0.45 * dx - 0.35 * dy + 0.3 * Math.sqrt(1 - d));
        const hx = (x - (cx - rx * 0.35)) / (rx * 0.18);
        const hy = (y - (cy - ry * 0.35)) / (ry * 0.22);
        const highlight = Math.max(0, 1 - (hx * hx + hy * hy)) * 90;
        r = 22 + 70 * light + highlight;
        g = 98 + 90 * light + highlight;
        b = 112 + 95 * light + highlight;
      }
      const i = (y * width + x) * 3;
      px[i] = clamp(r + noise());
      px[i + 1] = clamp(g + noise());
      px[i + 2] = clamp(b + noise());
    }
  }
  return encodePngRgb(px, width, height);
}

// ---------------------------------------------------------------------------------------------
// The rendering Worker's bundle, as wrangler and vitest.workers.config.ts build it.

/** Bundles workers/images/index.ts; resolves with { name, compatibilityDate, compatibilityFlags, modules }. */
export async function bundleImagesWorker() {
  const dir = path.join(ROOT, "workers/images");
  const config = readFileSync(path.join(dir, "wrangler.toml"), "utf8");
  const field = (key) => {
    const value = new RegExp(`^${key}\\s*=\\s*(.+)$`, "m").exec(config)?.[1];
    if (value === undefined) throw new Error(`workers/images/wrangler.toml has no ${key}`);
    return JSON.parse(value);
  };
  const assets = new Map();
  const result = await build({
    entryPoints: [path.join(dir, "index.ts")],
    bundle: true,
    write: false,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    conditions: ["workerd", "worker", "browser"],
    mainFields: ["browser", "module", "main"],
    external: ["node:*", "cloudflare:*"],
    // wrangler minifies only with --minify; the Worker is deployed without it.
    logLevel: "warning",
    plugins: [
      {
        name: "binary-modules",
        setup(b) {
          b.onResolve({ filter: /\.(wasm|ttf)$/ }, async (args) => {
            if (args.pluginData === "binary") return undefined;
            const resolved = await b.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, pluginData: "binary" });
            if (resolved.errors.length) return undefined;
            const moduleName = `assets/${assets.size}-${path.basename(resolved.path)}`;
            assets.set(moduleName, resolved.path);
            return { path: `./${moduleName}`, external: true };
          });
        },
      },
    ],
  });
  return {
    name: field("name"),
    compatibilityDate: field("compatibility_date"),
    compatibilityFlags: field("compatibility_flags"),
    modules: [
      { type: "ESModule", path: "index.mjs", contents: Buffer.from(result.outputFiles[0].contents) },
      ...[...assets].map(([modulePath, file]) => ({
        type: file.endsWith(".wasm") ? "CompiledWasm" : "Data",
        path: modulePath,
        contents: readFileSync(file),
      })),
    ],
  };
}

/** Raw and gzip (level 9) KiB of the bundle: JS, wasm, fonts and the total. */
export function bundleSizes(worker) {
  const kinds = { js: [], wasm: [], fonts: [] };
  for (const m of worker.modules) {
    const kind = m.type === "ESModule" ? "js" : m.type === "CompiledWasm" ? "wasm" : "fonts";
    kinds[kind].push({ path: m.path, raw: m.contents.length, gzip: gzipSync(m.contents, { level: 9 }).length });
  }
  const sum = (files, key) => files.reduce((s, f) => s + f[key], 0);
  const out = {};
  for (const [kind, files] of Object.entries(kinds)) {
    out[kind] = { files: files.length, rawKiB: kib(sum(files, "raw")), gzipKiB: kib(sum(files, "gzip")), list: files };
  }
  const all = Object.values(kinds).flat();
  out.total = { files: all.length, rawKiB: kib(sum(all, "raw")), gzipKiB: kib(sum(all, "gzip")) };
  return out;
}

/**
 * The main Worker as `wrangler deploy` would upload it (--dry-run --outdir: no network), gzip
 * level 9 per module; source maps left out (they are not part of the Worker's size).
 */
export async function mainWorkerBundle({ tmpDir, logFile }) {
  const outdir = path.join(tmpDir, "main-worker-dry-run");
  const res = await runCommand(path.join(ROOT, "node_modules/.bin/wrangler"), ["deploy", "--dry-run", "--outdir", outdir], {
    cwd: ROOT,
    logFile,
  });
  if (res.code !== 0) throw new Error(`wrangler deploy --dry-run failed (exit ${res.code}): ${res.output.split("\n").slice(-8).join(" ")}`);
  const files = readdirSync(outdir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && !/\.(map|md)$/.test(d.name))
    .map((d) => {
      const full = path.join(d.parentPath ?? d.path, d.name);
      const buf = readFileSync(full);
      return { path: path.relative(outdir, full), raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length };
    });
  const sum = (key) => files.reduce((s, f) => s + f[key], 0);
  return {
    files: files.length,
    rawKiB: kib(sum("raw")),
    gzipKiB: kib(sum("gzip")),
    binaryModules: files.filter((f) => /\.(wasm|ttf|otf|woff2?)$/.test(f.path)).map((f) => f.path),
    list: files,
  };
}

// ---------------------------------------------------------------------------------------------
// Requests (binary bodies; one keep-alive socket, one request at a time).

function request(base, agent, method, pathname, { headers = {}, body, timeoutMs = 60_000 } = {}) {
  const payload = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: base.hostname,
        port: base.port,
        path: pathname,
        method,
        agent,
        headers: {
          accept: "application/json",
          "user-agent": "dropcraft-bench",
          ...(payload === undefined ? {} : { "content-type": "application/json", "content-length": payload.length }),
          ...headers,
        },
      },
      (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => {
          const buf = Buffer.concat(chunks);
          let json = null;
          if (/json/.test(res.headers["content-type"] ?? "")) {
            try {
              json = JSON.parse(buf.toString("utf8"));
            } catch {
              // not JSON
            }
          }
          resolve({ status: res.statusCode, headers: res.headers, body: buf, json });
        });
        res.on("error", reject);
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`${method} ${pathname} timed out`)));
    req.on("error", reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

/** multipart/form-data with one file field. */
function multipart(fieldName, fileName, mimeType, bytes) {
  const boundary = `----dropcraft-bench-${randomBytes(8).toString("hex")}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="${fieldName}"; filename="${fileName}"\r\ncontent-type: ${mimeType}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

function isPng(buf, width, height) {
  return (
    buf.length > 24 &&
    buf.readUInt32BE(0) === 0x89504e47 &&
    buf.readUInt32BE(16) === width &&
    (height === undefined || buf.readUInt32BE(20) === height)
  );
}

function stats(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: round(percentile(sorted, 50), 1),
    p99: round(percentile(sorted, 99), 1),
    max: sorted.length ? round(sorted[sorted.length - 1], 1) : null,
  };
}

// ---------------------------------------------------------------------------------------------

/**
 * The section. `productUrl` is the bench's product (wrangler dev with the images Worker beside
 * it); `samples` timed visuals per size after `warmups` untimed ones (each ~1-3 s on a 2-core box),
 * `previewSamples` previews and `rendererSamples` direct renders per size after one warmup.
 */
export async function imageRendering({ productUrl, tmpDir, logsDir, samples = 20, warmups = 2, previewSamples = 5, rendererSamples = 6, log = () => {} }) {
  // One user makes warmups + samples visuals of one size; Growth stops at 50 a day (USAGE_LIMIT).
  if (warmups + samples > 50) throw new Error(`--images-samples=${samples}: at most ${50 - warmups} (a Growth user makes 50 visuals a day)`);
  const result = { samples, warmups, previewSamples, rendererSamples, sizes: {}, preview: {}, renderer: null, bundle: null };

  // 1. The bundle (no server needed).
  const worker = await bundleImagesWorker();
  result.bundle = { worker: worker.name, ...bundleSizes(worker) };
  const bs = result.bundle;
  log(
    `  images Worker bundle (gzip -9): JS ${bs.js.gzipKiB} KiB, wasm ${bs.wasm.gzipKiB} KiB (${bs.wasm.files}), ` +
      `fonts ${bs.fonts.gzipKiB} KiB (${bs.fonts.files}), total ${bs.total.gzipKiB} KiB (raw ${bs.total.rawKiB} KiB)`,
  );

  try {
    bs.main = await mainWorkerBundle({ tmpDir, logFile: path.join(logsDir ?? tmpDir, "main-worker-dry-run.log") });
    log(
      `  main Worker bundle (wrangler deploy --dry-run, gzip -9): ${bs.main.gzipKiB} KiB in ${bs.main.files} file(s), ` +
        `${bs.main.binaryModules.length ? `binary modules: ${bs.main.binaryModules.join(", ")}` : "no wasm or font modules"}`,
    );
  } catch (err) {
    bs.main = { error: String(err?.message ?? err).slice(0, 500) };
    log(`  main Worker bundle not measured: ${bs.main.error}`);
  }

  // 2. One photo; one paid user per size (the daily visuals allowance is 50).
  const photo = productPhotoPng(1000, 1000);
  result.photo = { width: 1000, height: 1000, bytes: photo.length };
  const base = new URL(productUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const errors = [];
  const errorOf = (what, res) => `${what}: ${res.status} ${res.body.toString("utf8").slice(0, 200)}`;
  const users = [];
  for (const size of IMAGE_SIZES) {
    const user = await createBenchUser(base, agent, { prefix: "images", paid: true });
    const auth = { authorization: `Bearer ${user.token}` };
    const form = multipart("file", "vase.png", "image/png", photo);
    const up = await request(base, agent, "POST", "/api/uploads/images", {
      headers: { ...auth, "content-type": form.contentType, "content-length": form.body.length },
      body: form.body,
    });
    const photoId = up.json?.data?.id;
    if (up.status !== 201 || !photoId) throw new Error(errorOf("photo upload", up));
    users.push({ size, auth, design: { ...BENCH_DESIGN, photoImageId: photoId } });
  }
  log(`  photo ${result.photo.width}×${result.photo.height} PNG, ${kib(photo.length)} KiB, uploaded for ${users.length} paid users`);

  // 3. Marketing visuals, interleaved with the product's /api/health.
  const health = async () => {
    const t0 = performance.now();
    const res = await request(base, agent, "GET", "/api/health");
    const ms = performance.now() - t0;
    if (res.status !== 200) errors.push(errorOf("GET /api/health", res));
    return ms;
  };
  for (const { size, auth, design } of users) {
    const visualMs = [];
    const healthMs = [];
    let failed = 0;
    for (let i = 0; i < warmups + samples; i += 1) {
      const t0 = performance.now();
      const res = await request(base, agent, "POST", "/api/marketing-visuals", {
        headers: auth,
        body: { design, presets: [size.preset] },
      });
      const ms = performance.now() - t0;
      const img = res.json?.data?.[0];
      if (res.status !== 201 || img?.width !== size.width || img?.height !== size.height) {
        failed += 1;
        errors.push(errorOf(`POST /api/marketing-visuals ${size.preset}`, res));
      }
      const h = await health();
      if (i < warmups) continue;
      visualMs.push(ms);
      healthMs.push(h);
    }
    const v = stats(visualMs);
    const h = stats(healthMs);
    result.sizes[size.label] = {
      preset: size.preset,
      errors: failed,
      visualMs: v,
      healthMs: h,
      p50Ratio: h.p50 ? round(v.p50 / h.p50, 1) : null,
      p99Ratio: h.p99 ? round(v.p99 / h.p99, 1) : null,
    };
    log(
      `  ${size.label} (${size.preset}) per visual (full + thumbnail): p50 ${v.p50} ms, p99 ${v.p99} ms over ${v.n}; ` +
        `/api/health p50 ${h.p50} ms, p99 ${h.p99} ms → ratio p50 ${result.sizes[size.label].p50Ratio}, p99 ${result.sizes[size.label].p99Ratio}; errors ${failed}`,
    );
  }

  // 4. Previews (information): 540 px wide, watermarked, not metered.
  for (const { size, auth, design } of users) {
    const ms = [];
    let failed = 0;
    for (let i = 0; i < 1 + previewSamples; i += 1) {
      const t0 = performance.now();
      const res = await request(base, agent, "POST", "/api/images/preview", {
        headers: { ...auth, accept: "image/png" },
        body: { design, presetId: size.preset },
      });
      const took = performance.now() - t0;
      if (res.status !== 200 || !isPng(res.body, size.width / 2, size.height / 2)) {
        failed += 1;
        errors.push(errorOf(`POST /api/images/preview ${size.preset}`, res));
      }
      if (i > 0) ms.push(took);
    }
    result.preview[size.label] = { preset: size.preset, width: size.width / 2, height: size.height / 2, errors: failed, ms: stats(ms) };
    log(`  preview ${size.width / 2}×${size.height / 2} (${size.preset}): p50 ${result.preview[size.label].ms.p50} ms, p99 ${result.preview[size.label].ms.p99} ms; errors ${failed}`);
  }
  agent.destroy();

  // 5. The renderer alone: the compositor's SVG posted to the images Worker bundle in its own Miniflare.
  try {
    result.renderer = await rendererAlone({ worker, photo, tmpDir, samples: rendererSamples, warmups: 1, log });
  } catch (err) {
    result.renderer = { error: String(err?.message ?? err).slice(0, 500) };
    log(`  renderer alone skipped: ${result.renderer.error}`);
  }

  result.errors = errors.length;
  result.errorSamples = [...new Set(errors)].slice(0, 5);
  return result;
}

/** composeVisual (app/server/images/compose) bundled for Node, with the domain's presets. */
async function loadCompositor(tmpDir) {
  const entry = path.join(tmpDir, "compose-entry.ts");
  writeFileSync(
    entry,
    `export { composeVisual } from ${JSON.stringify(path.join(ROOT, "app/server/images/compose/index.ts"))};\n` +
      `export { VISUAL_PRESETS } from ${JSON.stringify(path.join(ROOT, "app/domain/images.ts"))};\n`,
  );
  const outfile = path.join(tmpDir, "compose.mjs");
  await build({
    entryPoints: [entry],
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    outfile,
    alias: { "~": path.join(ROOT, "app") },
    logLevel: "warning",
  });
  return import(pathToFileURL(outfile).href);
}

async function rendererAlone({ worker, photo, tmpDir, samples, warmups, log }) {
  const { composeVisual, VISUAL_PRESETS } = await loadCompositor(tmpDir);
  const { Miniflare } = await import("miniflare");
  const mf = new Miniflare({
    modules: worker.modules.map((m) => ({ type: m.type, path: m.path, contents: m.contents })),
    compatibilityDate: worker.compatibilityDate,
    compatibilityFlags: worker.compatibilityFlags,
  });
  const unregister = onCleanup(() => mf.dispose().catch(() => {}));
  try {
    await mf.ready;
    const photoHref = `data:image/png;base64,${photo.toString("base64")}`;
    const assets = { photoHref, photoAspect: 1, logoHref: null, logoAspect: null, backgroundHref: null };
    const out = { how: "compositor SVG -> POST /render of the images Worker bundle in its own Miniflare (full size only)", sizes: {} };
    for (const size of IMAGE_SIZES) {
      const preset = VISUAL_PRESETS.find((p) => p.id === size.preset);
      const { svg } = composeVisual({ design: BENCH_DESIGN_WITH_PHOTO, preset, assets, proofFacts: [], variant: 0 });
      const wall = [];
      const header = [];
      for (let i = 0; i < warmups + samples; i += 1) {
        const t0 = performance.now();
        const res = await mf.dispatchFetch("https://images.internal/render", {
          method: "POST",
          body: svg,
          headers: { "content-type": "image/svg+xml" },
        });
        const png = Buffer.from(await res.arrayBuffer());
        const ms = performance.now() - t0;
        if (res.status !== 200 || !isPng(png, size.width, size.height)) {
          throw new Error(`POST /render ${size.label}: ${res.status} ${png.toString("utf8").slice(0, 200)}`);
        }
        if (i < warmups) continue;
        wall.push(ms);
        header.push(Number(res.headers.get("x-render-ms")));
      }
      const w = stats(wall);
      const h = stats(header);
      out.sizes[size.label] = { svgKiB: kib(Buffer.byteLength(svg)), wallMs: w, renderMsHeader: h };
      log(
        `  renderer alone ${size.label} (full PNG, SVG ${out.sizes[size.label].svgKiB} KiB): wall p50 ${w.p50} ms, p99 ${w.p99} ms; ` +
          `x-render-ms p50 ${h.p50}, p99 ${h.p99}`,
      );
    }
    return out;
  } finally {
    unregister();
    await mf.dispose().catch(() => {});
  }
}

// composeVisual takes a parsed design; the photo id only has to be present (the href is in assets).
const BENCH_DESIGN_WITH_PHOTO = { ...BENCH_DESIGN, photoImageId: "bench-photo" };

function kib(bytes) {
  return Math.round((bytes / KIB) * 10) / 10;
}
