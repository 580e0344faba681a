import { DurableObject } from "cloudflare:workers";
import { applyRateLimit, type RateLimitResult, type RateLimitRule } from "../app/server/platform/rate-limit-rules";

/**
 * One instance per action and client (e.g. `loginByIp:203.0.113.9`). A Durable Object runs one
 * event at a time, so two concurrent requests can never both take the last slot.
 */
export class RateLimiter extends DurableObject<Env> {
  private hits: number[] | undefined;

  async hit(rule: RateLimitRule): Promise<RateLimitResult> {
    this.hits ??= (await this.ctx.storage.get<number[]>("hits")) ?? [];
    const now = Date.now();
    const { hits, result } = applyRateLimit(this.hits, rule, now);
    this.hits = hits;
    await this.ctx.storage.put("hits", hits);
    // Clean up once the window has passed with no more hits.
    await this.ctx.storage.setAlarm(now + rule.windowMs + 1_000);
    return result;
  }

  async alarm(): Promise<void> {
    this.hits = undefined;
    await this.ctx.storage.deleteAll();
  }
}
