/**
 * The API's successful answers are summed into one `api requests` line a second per isolate
 * instead of a `request` line each, as the drop pages' are (ADR 014): under wrangler dev each
 * console line cost about 1 ms of CPU, as much as the rest of a /api/health request (issue 29).
 * Errors, refusals and 404s keep their own `request` line with its request id, every answer still
 * carries X-Request-Id, and the slowest answer of the second is named with its request id.
 */
import { createIsolateBatcher, type Defer } from "./isolate-batcher";
import { createLogger, type LogLevel } from "./log";

export const API_SUMMARY_MS = 1000;

/** One answered API request, as the Worker's wrapper logs it. */
export interface ApiHit {
  method: string;
  path: string;
  status: number;
  ms: number;
  requestId: string;
}

/** Per method: how many answers, how many of each status, and the slowest. */
type MethodHits = { count: number; byStatus: Record<string, number>; slowest: ApiHit };

/** The second's line is logged at the level of its first answer's deployment (LOG_LEVEL). */
export const apiRequestSummary = createIsolateBatcher<string, ApiHit, MethodHits, { level: LogLevel; defer: Defer }>({
  name: "api request summary",
  everyMs: API_SUMMARY_MS,
  fold(hits, hit) {
    if (!hits) return { count: 1, byStatus: { [hit.status]: 1 }, slowest: hit };
    hits.count += 1;
    hits.byStatus[hit.status] = (hits.byStatus[hit.status] ?? 0) + 1;
    if (hit.ms > hits.slowest.ms) hits.slowest = hit;
    return hits;
  },
  flush(byMethod, { level }) {
    const summary = {
      seconds: API_SUMMARY_MS / 1000,
      count: 0,
      byMethod: {} as Record<string, number>,
      byStatus: {} as Record<string, number>,
      slowest: undefined as ApiHit | undefined,
    };
    for (const [method, hits] of byMethod) {
      summary.count += hits.count;
      summary.byMethod[method] = hits.count;
      for (const [status, n] of Object.entries(hits.byStatus)) summary.byStatus[status] = (summary.byStatus[status] ?? 0) + n;
      if (!summary.slowest || hits.slowest.ms > summary.slowest.ms) summary.slowest = hits.slowest;
    }
    createLogger({}, level).info("api requests", summary);
  },
});
