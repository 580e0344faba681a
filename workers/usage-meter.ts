import { DurableObject } from "cloudflare:workers";
import {
  buildSnapshot,
  periodOf,
  RESERVATION_TTL_MS,
  resetOf,
  type MeterContext,
  type ReserveOutcome,
  type UsageSnapshot,
} from "../app/domain/metering";
import type { UsageCounter } from "../app/domain/plans";
import { dayKey } from "../app/domain/usage-periods";
import { encodeSseEvent } from "../app/domain/sse";
import { upsertUsageDaily } from "../db/usage";

const HEARTBEAT_MS = 15_000;
const FLUSH_DELAY_MS = 5_000;

/**
 * One per user: the counters, atomic reserve-then-commit, and the live stream to every open
 * tab. Every check-and-write below runs without an `await` in between, so two requests can never
 * both take the last unit (a Durable Object runs one event at a time until it awaits).
 */
export class UsageMeter extends DurableObject<Env> {
  private readonly sql: SqlStorage;
  private readonly streams = new Set<WritableStreamDefaultWriter<Uint8Array>>();
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private context: MeterContext | undefined;
  private contextJson: string | undefined;
  /** The earliest alarm already asked for, so a burst of reservations sets it once. */
  private alarmAt: number | undefined;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec(`CREATE TABLE IF NOT EXISTS counters (
      period TEXT NOT NULL, counter TEXT NOT NULL, used INTEGER NOT NULL DEFAULT 0, reserved INTEGER NOT NULL DEFAULT 0,
      PRIMARY KEY (period, counter))`);
    this.sql.exec(`CREATE TABLE IF NOT EXISTS reservations (
      id TEXT PRIMARY KEY, period TEXT NOT NULL, counter TEXT NOT NULL, amount INTEGER NOT NULL, expires_at INTEGER NOT NULL)`);
    this.sql.exec(`CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)`);
    const stored = this.sql.exec<{ value: string }>("SELECT value FROM meta WHERE key = 'context'").toArray()[0];
    if (stored) {
      this.context = JSON.parse(stored.value) as MeterContext;
      this.contextJson = stored.value;
    }
  }

  /** Records the plan and limits to meter against; open streams see a plan change at once. */
  configure(context: MeterContext): UsageSnapshot {
    this.applyContext(context);
    return this.snapshotNow();
  }

  /** Stores the context when it changed, and tells open streams (a plan change). */
  private applyContext(context: MeterContext) {
    const serialized = JSON.stringify(context);
    if (serialized === this.contextJson) return;
    const hadContext = this.context !== undefined;
    this.context = context;
    this.contextJson = serialized;
    this.sql.exec("INSERT OR REPLACE INTO meta (key, value) VALUES ('context', ?)", serialized);
    if (hadContext) this.broadcastSnapshot();
  }

  reserve(context: MeterContext, counter: UsageCounter, amount = 1): ReserveOutcome {
    this.applyContext(context);
    const now = new Date();
    this.expireReservations(now.getTime());
    const period = periodOf(counter, now, context.timeZone);
    const limit = context.limits[counter] ?? 0;
    const used = this.usedIn(period, counter);
    if (used + amount > limit) {
      return { ok: false, counter, limit, used, resetsAt: resetOf(counter, now, context.timeZone).toISOString() };
    }
    const id = crypto.randomUUID();
    this.sql.exec(
      "INSERT INTO reservations (id, period, counter, amount, expires_at) VALUES (?, ?, ?, ?, ?)",
      id,
      period,
      counter,
      amount,
      now.getTime() + RESERVATION_TTL_MS,
    );
    this.sql.exec(
      `INSERT INTO counters (period, counter, reserved) VALUES (?, ?, ?)
       ON CONFLICT (period, counter) DO UPDATE SET reserved = reserved + excluded.reserved`,
      period,
      counter,
      amount,
    );
    this.scheduleAlarm(now.getTime() + RESERVATION_TTL_MS + 1_000);
    this.broadcastSnapshot();
    return { ok: true, reservationId: id, remaining: limit - used - amount };
  }

  /** Turns a reservation into usage. Unknown or expired ids are a no-op (false). */
  commit(reservationId: string): boolean {
    const row = this.takeReservation(reservationId);
    if (!row) return false;
    this.sql.exec(
      "UPDATE counters SET reserved = max(0, reserved - ?), used = used + ? WHERE period = ? AND counter = ?",
      row.amount,
      row.amount,
      row.period,
      row.counter,
    );
    this.scheduleAlarm(Date.now() + FLUSH_DELAY_MS);
    this.sql.exec("INSERT OR REPLACE INTO meta (key, value) VALUES ('dirty', '1')");
    this.broadcastSnapshot();
    return true;
  }

  /** Gives a reservation back: the failed work costs the user nothing. */
  refund(reservationId: string): boolean {
    const row = this.takeReservation(reservationId);
    if (!row) return false;
    this.sql.exec(
      "UPDATE counters SET reserved = max(0, reserved - ?) WHERE period = ? AND counter = ?",
      row.amount,
      row.period,
      row.counter,
    );
    this.broadcastSnapshot();
    return true;
  }

  /**
   * Gives back units already used, in the period they were used in (`at`): an answer the merchant
   * marked "Not what I asked". Never below zero.
   */
  giveBack(context: MeterContext, counter: UsageCounter, at: string, amount = 1): UsageSnapshot {
    this.applyContext(context);
    const period = periodOf(counter, new Date(at), context.timeZone);
    this.sql.exec("UPDATE counters SET used = max(0, used - ?) WHERE period = ? AND counter = ?", amount, period, counter);
    this.scheduleAlarm(Date.now() + FLUSH_DELAY_MS);
    this.sql.exec("INSERT OR REPLACE INTO meta (key, value) VALUES ('dirty', '1')");
    this.broadcastSnapshot();
    return this.snapshotNow();
  }

  snapshot(context: MeterContext): UsageSnapshot {
    return this.configure(context);
  }

  /** GET /stream: Server-Sent Events of this user's counters, with a heartbeat. */
  async fetch(request: Request): Promise<Response> {
    if (new URL(request.url).pathname !== "/stream") return new Response("Not found", { status: 404 });
    const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
    const writer = writable.getWriter();
    this.streams.add(writer);
    // First frame: the current state, so a new tab is right at once.
    if (this.context) void this.send(writer, this.snapshotNow());
    this.ensureHeartbeat();
    request.signal?.addEventListener("abort", () => this.drop(writer));
    return new Response(readable, {
      headers: {
        "Content-Type": "text/event-stream; charset=utf-8",
        "Cache-Control": "no-cache, no-transform",
        Connection: "keep-alive",
        "X-Accel-Buffering": "no",
      },
    });
  }

  openStreams(): number {
    return this.streams.size;
  }

  async alarm(): Promise<void> {
    this.alarmAt = undefined;
    this.expireReservations(Date.now());
    await this.flushToD1();
    const pending = this.sql.exec<{ n: number; next: number | null }>(
      "SELECT count(*) AS n, min(expires_at) AS next FROM reservations",
    ).toArray()[0];
    if (pending.n > 0 && pending.next) this.scheduleAlarm(pending.next + 1_000);
  }

  private scheduleAlarm(at: number) {
    if (this.alarmAt !== undefined && this.alarmAt <= at) return;
    this.alarmAt = at;
    void this.ctx.storage.setAlarm(at);
  }

  // ---- internals ----

  private usedIn(period: string, counter: UsageCounter): number {
    const row = this.sql
      .exec<{ used: number; reserved: number }>("SELECT used, reserved FROM counters WHERE period = ? AND counter = ?", period, counter)
      .toArray()[0];
    return row ? row.used + row.reserved : 0;
  }

  private snapshotNow(): UsageSnapshot {
    const now = new Date();
    const context = this.context!;
    return buildSnapshot(context, (counter) => this.usedIn(periodOf(counter, now, context.timeZone), counter), now);
  }

  private takeReservation(id: string) {
    const row = this.sql
      .exec<{ period: string; counter: string; amount: number }>("SELECT period, counter, amount FROM reservations WHERE id = ?", id)
      .toArray()[0];
    if (!row) return undefined;
    this.sql.exec("DELETE FROM reservations WHERE id = ?", id);
    return row;
  }

  private expireReservations(nowMs: number) {
    const expired = this.sql
      .exec<{ id: string }>("SELECT id FROM reservations WHERE expires_at <= ?", nowMs)
      .toArray();
    for (const { id } of expired) {
      const row = this.takeReservation(id);
      if (row) {
        this.sql.exec(
          "UPDATE counters SET reserved = max(0, reserved - ?) WHERE period = ? AND counter = ?",
          row.amount,
          row.period,
          row.counter,
        );
      }
    }
  }

  /** Rolls today's committed totals into D1 for history charts and admin sums (idempotent). */
  private async flushToD1() {
    const dirty = this.sql.exec<{ value: string }>("SELECT value FROM meta WHERE key = 'dirty'").toArray()[0];
    if (!dirty || !this.context) return;
    const rows = this.sql
      .exec<{ period: string; counter: string; used: number }>("SELECT period, counter, used FROM counters WHERE period LIKE 'day:%' AND used > 0")
      .toArray();
    await upsertUsageDaily(
      this.env.DB,
      this.context.userId,
      rows.map((r) => ({ day: r.period.slice(4), counter: r.counter, used: r.used })),
    );
    this.sql.exec("DELETE FROM meta WHERE key = 'dirty'");
    // Keep a month of daily rows in the object; D1 holds the history.
    const cutoff = dayKey(new Date(Date.now() - 40 * 24 * 3600_000), "UTC");
    this.sql.exec("DELETE FROM counters WHERE period LIKE 'day:%' AND substr(period, 5) < ?", cutoff);
  }

  /** Pushes the counters to every open tab; skips building the snapshot when nobody listens (most reservations). */
  private broadcastSnapshot() {
    if (this.streams.size === 0) return;
    const snapshot = this.snapshotNow();
    for (const writer of this.streams) void this.send(writer, snapshot);
  }

  private async send(writer: WritableStreamDefaultWriter<Uint8Array>, payload: unknown) {
    try {
      await writer.write(encodeSseEvent({ data: payload }));
    } catch {
      this.drop(writer);
    }
  }

  private drop(writer: WritableStreamDefaultWriter<Uint8Array>) {
    if (!this.streams.delete(writer)) return;
    writer.close().catch(() => {});
    if (this.streams.size === 0 && this.heartbeat) {
      clearInterval(this.heartbeat);
      this.heartbeat = undefined;
    }
  }

  private ensureHeartbeat() {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => {
      for (const writer of this.streams) void this.send(writer, { heartbeat: true, at: Date.now() });
    }, HEARTBEAT_MS);
  }
}
