/**
 * A URL inspection (/scraping-test, POST /api/url-inspections): the guard's decision about an
 * address and what the product extractor read from it. The decision is the guard's own: a URL
 * refused by `checkUrl` is never requested; a URL whose every request the guard refused (a
 * redirect to a private address, an oversize or slow answer…) is refused with the first of
 * those refusals; otherwise it was allowed, and the hops shown are those of the first request
 * that got an answer.
 */
import { INSPECTION_IMAGE_TYPES, type UrlDecision, type UrlInspection } from "~/domain/contracts/url-inspections";
import { extractProduct, type ExtractOptions } from "./product-extractor";
import { checkUrl, createGuardedFetcher, guardedFetch, type GuardedFetchOptions, type GuardedResponse } from "./url-guard";

/** Size cap of one thumbnail. */
export const INSPECTION_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export interface InspectionDeps {
  /** URL_GUARD_ALLOW_LOOPBACK=on (test suites only; production refuses it). */
  allowLoopbackForTests: boolean;
  /** Per-request time cap (default 8 s). */
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
  now?: ExtractOptions["now"];
}

export async function inspectUrl(input: string, deps: InspectionDeps): Promise<UrlInspection> {
  const now = deps.now ?? Date.now;
  const started = now();
  const check = checkUrl(input, { allowLoopbackForTests: deps.allowLoopbackForTests });
  if (!check.allowed) {
    return {
      url: input,
      decision: { allowed: false, code: check.code, message: check.message, url: check.display, hops: [{ url: check.display, status: null }] },
      extraction: null,
      timings: { totalMs: now() - started },
    };
  }
  const options: GuardedFetchOptions = { allowLoopbackForTests: deps.allowLoopbackForTests, timeoutMs: deps.timeoutMs, fetchImpl: deps.fetchImpl };
  const extraction = await extractProduct(check.url.href, createGuardedFetcher(options), { now });
  const answered = extraction.sources.find((s) => s.outcome !== "refused" && s.outcome !== "failed");
  const refused = extraction.sources.find((s) => s.outcome === "refused");
  let decision: UrlDecision;
  if (!answered && refused) {
    decision = { allowed: false, code: refused.refusalCode ?? undefined, message: refused.message ?? undefined, url: refused.url, hops: refused.hops };
  } else {
    const shown = answered ?? extraction.sources[0];
    decision = { allowed: true, url: shown?.url ?? check.url.href, hops: shown?.hops ?? [] };
  }
  return { url: check.url.href, decision, extraction, timings: { totalMs: now() - started } };
}

/**
 * One product image for the screen's thumbnails (the app's content security policy loads images
 * from its own origin only). Fetched through the guard like everything else: a refusal throws
 * the guard's AppError; only raster image types pass, never SVG or HTML.
 */
export async function fetchInspectionImage(url: string, deps: InspectionDeps): Promise<GuardedResponse> {
  // `return await`: workerd reports a promise that is already rejected when an async function
  // hands it on (a refusal before any request) as an unhandled rejection.
  return await guardedFetch(url, {
    allowLoopbackForTests: deps.allowLoopbackForTests,
    timeoutMs: deps.timeoutMs,
    fetchImpl: deps.fetchImpl,
    accept: INSPECTION_IMAGE_TYPES,
    maxBytes: INSPECTION_IMAGE_MAX_BYTES,
    responseType: "bytes",
  });
}
