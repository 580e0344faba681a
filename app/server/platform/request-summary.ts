/**
 * Successful answers on the hot paths (the API, drop pages, stored public pages) are summed into
 * one line a second per isolate instead of a `request` line each (ADR 014): under wrangler dev a
 * console line cost about 1 ms of CPU, as much as the rest of a /api/health request (issue 29).
 * Errors, refusals and 404s keep their own `request` line with its request id, every answer still
 * carries X-Request-Id, and the slowest answer of the second is named with its request id.
 */
import { createIsolateBatcher, type Defer } from "./isolate-batcher";
import { createLogger, type LogLevel } from "./log";

export const REQUEST_SUMMARY_MS = 1000;

/** One answered request, as the Worker's wrapper logs it. */
export interface AnsweredRequest {
  method: string;
  path: string;
  status: number;
  ms: number;
  requestId: string;
}

/** Per group (a path or a method): how many answers, how many of each status, and the slowest. */
type GroupHits = { count: number; byStatus: Record<string, number>; slowest: AnsweredRequest };

type SummaryContext = { level: LogLevel; defer: Defer };

/**
 * A batcher whose second is logged as `message`: the count, the count per path or per method,
 * per status, and the slowest answer (`maxMs` is its time). Logged at the level of the second's
 * first answer's deployment (LOG_LEVEL).
 */
export function createRequestSummary(options: {
  message: string;
  groupBy: "path" | "method";
}): { add(hit: AnsweredRequest, context: SummaryContext): void } {
  const groupsKey = options.groupBy === "path" ? "byPath" : "byMethod";
  const batcher = createIsolateBatcher<string, AnsweredRequest, GroupHits, SummaryContext>({
    name: `${options.message} summary`,
    everyMs: REQUEST_SUMMARY_MS,
    fold(hits, hit) {
      if (!hits) return { count: 1, byStatus: { [hit.status]: 1 }, slowest: hit };
      hits.count += 1;
      hits.byStatus[hit.status] = (hits.byStatus[hit.status] ?? 0) + 1;
      if (hit.ms > hits.slowest.ms) hits.slowest = hit;
      return hits;
    },
    flush(byGroup, { level }) {
      let count = 0;
      let slowest: AnsweredRequest | undefined;
      const groups: Record<string, number> = {};
      const byStatus: Record<string, number> = {};
      for (const [group, hits] of byGroup) {
        count += hits.count;
        groups[group] = hits.count;
        for (const [status, n] of Object.entries(hits.byStatus)) byStatus[status] = (byStatus[status] ?? 0) + n;
        if (!slowest || hits.slowest.ms > slowest.ms) slowest = hits.slowest;
      }
      createLogger({}, level).info(options.message, {
        seconds: REQUEST_SUMMARY_MS / 1000,
        count,
        [groupsKey]: groups,
        byStatus,
        maxMs: slowest?.ms ?? 0,
        slowest,
      });
    },
  });
  return { add: (hit, context) => batcher.add(hit[options.groupBy], hit, context) };
}
