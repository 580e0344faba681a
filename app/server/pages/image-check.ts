/**
 * Does each image of a page load? Publishing, exporting and the SEO audit ask before a page goes
 * out (issue 26: a page went live with a hero image that did not load, and scored "90 Good").
 *
 * Images are fetched through the one URL guard (ADR 012: `guardedFetch`, raster types only), never
 * by a fetch of their own. The app's own published images (`{origin}/media/{id}.png`) are looked
 * up in D1 instead: a Worker does not fetch itself. An answer decides: a 4xx/5xx, a type that is
 * not a raster image, a body over the cap or an address the guard refuses is **broken**. No answer
 * (the host cannot be reached, or the time cap ran out) is **unchecked**: said, never hidden, but
 * not proof the image is gone.
 */
import type { BrokenImage, PageProduct, PageSection } from "~/domain/contracts/pages";
import { SECTION_LABELS } from "~/domain/contracts/pages";
import type { Database } from "../../../db/client";
import { findPublishedImage } from "../../../db/images";
import { publicMediaId } from "../images/public-media";
import { guardedFetch, guardRefusalOf, type GuardedFetchOptions } from "../web/url-guard";

/** What a drop page and a store can show (the inspection thumbnails' list, SVG never). */
export const LOADABLE_IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp", "image/avif"] as const;
/** Large enough for any product photo; a body past it is not an image a page should show. */
export const IMAGE_CHECK_MAX_BYTES = 15 * 1024 * 1024;
export const IMAGE_CHECK_TIMEOUT_MS = 6_000;
const CONCURRENCY = 4;

export type ImageVerdict = { ok: true } | { ok: false; kind: BrokenImage["kind"]; reason: string };
export type ImageProbe = (url: string) => Promise<ImageVerdict>;

/** Where a page uses each image, in page order: "Hero image", "Product image 2", "Benefits image". */
export function pageImageUses(page: { product: Pick<PageProduct, "images">; sections: readonly PageSection[] }): Map<string, string[]> {
  const uses = new Map<string, string[]>();
  const add = (url: string, where: string) => uses.set(url, [...(uses.get(url) ?? []), where]);
  for (const s of page.sections) if (!s.hidden && s.imageUrl) add(s.imageUrl, `${s.kind === "hero" ? "Hero" : SECTION_LABELS[s.kind]} image`);
  page.product.images.forEach((url, i) => add(url, i === 0 ? "Main product image" : `Product image ${i + 1}`));
  return uses;
}

export interface ImageProbeDeps {
  db: Database;
  /** The app's public origin: images under it are the app's own published media. */
  origin: string;
  allowLoopbackForTests: boolean;
  /** Tests inject a fetch; the guard's defaults otherwise. */
  fetchImpl?: GuardedFetchOptions["fetchImpl"];
}

/** The probe publishing, export and the audit use: the guard for other sites, D1 for our own media. */
export function createImageProbe(deps: ImageProbeDeps): ImageProbe {
  return async (raw) => {
    let url: URL;
    try {
      url = new URL(raw, deps.origin);
    } catch {
      return { ok: false, kind: "broken", reason: "it is not a web address" };
    }
    if (url.origin === new URL(deps.origin).origin) {
      const id = publicMediaId(url.pathname);
      if (id && (await findPublishedImage(deps.db, id))) return { ok: true };
      return { ok: false, kind: "broken", reason: id ? "it is no longer published from your image gallery" : "no image is served at this address" };
    }
    try {
      const answer = await guardedFetch(url.href, {
        allowLoopbackForTests: deps.allowLoopbackForTests,
        accept: LOADABLE_IMAGE_TYPES,
        maxBytes: IMAGE_CHECK_MAX_BYTES,
        timeoutMs: IMAGE_CHECK_TIMEOUT_MS,
        responseType: "bytes",
        ...(deps.fetchImpl ? { fetchImpl: deps.fetchImpl } : {}),
      });
      if (answer.status >= 200 && answer.status < 300) return answer.bytes > 0 ? { ok: true } : { ok: false, kind: "broken", reason: "its server answered with an empty file" };
      return { ok: false, kind: "broken", reason: `its server answered ${answer.status}` };
    } catch (err) {
      const refusal = guardRefusalOf(err);
      if (!refusal) throw err;
      const reason = refusal.message.replace(/^Refused \S+: /, "");
      if (refusal.code === "network" || refusal.code === "timeout") return { ok: false, kind: "unchecked", reason: `it could not be checked: ${reason}` };
      if (refusal.code === "content_type") return { ok: false, kind: "broken", reason: `it is not a picture a page can show (${reason})` };
      return { ok: false, kind: "broken", reason };
    }
  };
}

/** Every image of the page that does not load, or could not be checked, with where the page uses it. */
export async function checkPageImages(page: Parameters<typeof pageImageUses>[0], probe: ImageProbe): Promise<BrokenImage[]> {
  const uses = [...pageImageUses(page)];
  const verdicts = await probeAll(
    uses.map(([url]) => url),
    probe,
  );
  return uses.flatMap(([url, where]) => {
    const verdict = verdicts.get(url)!;
    return verdict.ok ? [] : [{ url, where, reason: verdict.reason, kind: verdict.kind }];
  });
}

/** Probes each distinct URL once, a few at a time. */
export async function probeAll(urls: readonly string[], probe: ImageProbe): Promise<Map<string, ImageVerdict>> {
  const queue = [...new Set(urls)];
  const verdicts = new Map<string, ImageVerdict>();
  const worker = async () => {
    for (let url = queue.shift(); url !== undefined; url = queue.shift()) verdicts.set(url, await probe(url));
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, queue.length) }, worker));
  return verdicts;
}

/** "The Hero image (https://…/hero.jpg) does not load: its server answered 404." */
export function describeImageProblem(problem: BrokenImage): string {
  const where = problem.where.join(", ");
  return problem.kind === "broken" ? `${where} (${problem.url}) does not load: ${problem.reason}.` : `${where} (${problem.url}): ${problem.reason}.`;
}
