import { DurableObject } from "cloudflare:workers";
import {
  buildSnapshot,
  createPeriodCache,
  periodOf,
  RESERVATION_TTL_MS,
  STREAM_CONTEXT_HEADER,
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

/** One counter in one period: units committed and units held by open reservations. */
interface Tally {
  used: number;
  reserved: number;
}

interface Reservation {
  period: string;
  counter: UsageCounter;
  amount: number;
  expiresAt: number;
}

/**
 * One per user: the counters, atomic reserve-then-commit, and the live stream to every open
 * tab. Every check-and-write below runs without an `await` in between, so two requests can never
 * both take the last unit (a Durable Object runs one event at a time until it awaits).
 *
 * Storage: the counters and open reservations live in memory and every change is written through
 * to the object's SQLite in the same event. Those writes are synchronous and the output gate holds
 * the call's answer until they are committed, so a unit the caller was told about is on disk
 * before the caller hears of it; the constructor rebuilds memory from SQLite, so an evicted (or
 * crashed) object loses nothing. Memory saves the reads: a reservation is one INSERT, a commit a
 * DELETE and an upsert, a refund a DELETE. `reserved` is not stored per counter (the reservations
 * table is the record of it), and the D1 roll-up's dirty mark is written once per roll-up, not
 * once per commit.
 */
export class UsageMeter extends DurableObject<Env> {
  private readonly sql: SqlStorage;
  private readonly streams = new Set<WritableStreamDefaultWriter<Uint8Array>>();
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private context: MeterContext | undefined;
  private contextJson: string | undefined;
  /** The earliest alarm already asked for, so a burst of reservations sets it once. */
  private alarmAt: number | undefined;
  /** Counters read so far, by tallyKey(period, counter); every change is also in SQLite. */
  private readonly tallies = new Map<string, Tally>();
  /** Every open reservation (the whole reservations table: in-flight work, at most 10 minutes old). */
  private readonly reservations = new Map<string, Reservation>();
  /** No reservation expires before this, so reserve() skips the expiry sweep until then. */
  private nextExpiry = Number.POSITIVE_INFINITY;
  /** Usage changes since the last D1 roll-up; the persisted 'dirty' mark says "> 0" across evictions. */
  private unflushed = 0;
  private readonly currentPeriod = createPeriodCache();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec(`CREATE TABLE IF NOT EXISTS counters (
      period TEXT NOT NULL, counter TEXT NOT NULL, used INTEGER NOT NULL DEFAULT 0, reserved INTEGER NOT NULL DEFAULT 0,
      PRIMARY KEY (period, counter))`);
    this.sql.exec(`CREATE TABLE IF NOT EXISTS reservations (
      id TEXT PRIMARY KEY, period TEXT NOT NULL, counter TEXT NOT NULL, amount INTEGER NOT NULL, expires_at INTEGER NOT NULL)`);
    this.sql.exec(`CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)`);
    // Objects from before the reservations table was the record of held units kept a copy per
    // counter; zero it so nothing reads a stale copy.
    this.sql.exec("UPDATE counters SET reserved = 0 WHERE reserved <> 0");
    for (const row of this.sql.exec<{ key: string; value: string }>("SELECT key, value FROM meta")) {
      if (row.key === "context") {
        this.context = JSON.parse(row.value) as MeterContext;
        this.contextJson = row.value;
      } else if (row.key === "dirty") {
        this.unflushed = 1;
      }
    }
    const open = this.sql.exec<{ id: string; period: string; counter: UsageCounter; amount: number; expires_at: number }>(
      "SELECT id, period, counter, amount, expires_at FROM reservations",
    );
    for (const row of open) {
      this.reservations.set(row.id, { period: row.period, counter: row.counter, amount: row.amount, expiresAt: row.expires_at });
      this.tally(row.period, row.counter).reserved += row.amount;
      this.nextExpiry = Math.min(this.nextExpiry, row.expires_at);
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
    const nowMs = Date.now();
    if (nowMs >= this.nextExpiry) this.expireReservations(nowMs);
    const { period, resetsAt } = this.currentPeriod(counter, nowMs, context.timeZone);
    const limit = context.limits[counter] ?? 0;
    const tally = this.tally(period, counter);
    const used = tally.used + tally.reserved;
    if (used + amount > limit) {
      return { ok: false, counter, limit, used, resetsAt: new Date(resetsAt).toISOString() };
    }
    const id = crypto.randomUUID();
    const expiresAt = nowMs + RESERVATION_TTL_MS;
    this.sql.exec(
      "INSERT INTO reservations (id, period, counter, amount, expires_at) VALUES (?, ?, ?, ?, ?)",
      id,
      period,
      counter,
      amount,
      expiresAt,
    );
    tally.reserved += amount;
    this.reservations.set(id, { period, counter, amount, expiresAt });
    this.nextExpiry = Math.min(this.nextExpiry, expiresAt);
    this.scheduleAlarm(expiresAt + 1_000);
    this.broadcastSnapshot();
    return { ok: true, reservationId: id, remaining: limit - used - amount };
  }

  /** Turns a reservation into usage. Unknown or expired ids are a no-op (false). */
  commit(reservationId: string): boolean {
    const row = this.takeReservation(reservationId);
    if (!row) return false;
    this.sql.exec(
      `INSERT INTO counters (period, counter, used) VALUES (?, ?, ?)
       ON CONFLICT (period, counter) DO UPDATE SET used = used + excluded.used`,
      row.period,
      row.counter,
      row.amount,
    );
    this.tally(row.period, row.counter).used += row.amount;
    this.markUnflushed();
    this.broadcastSnapshot();
    return true;
  }

  /** Gives a reservation back: the failed work costs the user nothing. */
  refund(reservationId: string): boolean {
    if (!this.takeReservation(reservationId)) return false;
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
    const tally = this.tally(period, counter);
    tally.used = Math.max(0, tally.used - amount);
    this.markUnflushed();
    this.broadcastSnapshot();
    return this.snapshotNow();
  }

  snapshot(context: MeterContext): UsageSnapshot {
    return this.configure(context);
  }

  /**
   * GET /stream: Server-Sent Events of this user's counters, with a heartbeat. The caller may send
   * the meter context in STREAM_CONTEXT_HEADER (as configure() takes it), so the plan is current
   * without a separate configure() call first.
   */
  async fetch(request: Request): Promise<Response> {
    if (new URL(request.url).pathname !== "/stream") return new Response("Not found", { status: 404 });
    const context = request.headers.get(STREAM_CONTEXT_HEADER);
    if (context) this.applyContext(JSON.parse(context) as MeterContext);
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
    if (this.nextExpiry !== Number.POSITIVE_INFINITY) this.scheduleAlarm(this.nextExpiry + 1_000);
  }

  private scheduleAlarm(at: number) {
    if (this.alarmAt !== undefined && this.alarmAt <= at) return;
    this.alarmAt = at;
    void this.ctx.storage.setAlarm(at);
  }

  // ---- internals ----

  /** The counter's tally in a period, read from SQLite the first time it is asked for. */
  private tally(period: string, counter: UsageCounter): Tally {
    const key = tallyKey(period, counter);
    let tally = this.tallies.get(key);
    if (!tally) {
      const row = this.sql
        .exec<{ used: number }>("SELECT used FROM counters WHERE period = ? AND counter = ?", period, counter)
        .toArray()[0];
      tally = { used: row?.used ?? 0, reserved: 0 };
      this.tallies.set(key, tally);
    }
    return tally;
  }

  private usedNow(counter: UsageCounter, nowMs: number, timeZone: string): number {
    const tally = this.tally(this.currentPeriod(counter, nowMs, timeZone).period, counter);
    return tally.used + tally.reserved;
  }

  private snapshotNow(): UsageSnapshot {
    const now = new Date();
    const context = this.context!;
    return buildSnapshot(context, (counter) => this.usedNow(counter, now.getTime(), context.timeZone), now);
  }

  /** Removes an open reservation (memory and SQLite) and releases what it held. */
  private takeReservation(id: string): Reservation | undefined {
    const row = this.reservations.get(id);
    if (!row) return undefined;
    this.reservations.delete(id);
    this.sql.exec("DELETE FROM reservations WHERE id = ?", id);
    const tally = this.tally(row.period, row.counter);
    tally.reserved = Math.max(0, tally.reserved - row.amount);
    return row;
  }

  private expireReservations(nowMs: number) {
    let next = Number.POSITIVE_INFINITY;
    for (const [id, row] of this.reservations) {
      if (row.expiresAt <= nowMs) this.takeReservation(id);
      else next = Math.min(next, row.expiresAt);
    }
    this.nextExpiry = next;
  }

  /** Notes usage the D1 roll-up has not seen yet; the mark is stored once, not per change. */
  private markUnflushed() {
    if (this.unflushed === 0) this.sql.exec("INSERT OR REPLACE INTO meta (key, value) VALUES ('dirty', '1')");
    this.unflushed += 1;
    this.scheduleAlarm(Date.now() + FLUSH_DELAY_MS);
  }

  /** Rolls today's committed totals into D1 for history charts and admin sums (idempotent). */
  private async flushToD1() {
    if (this.unflushed === 0 || !this.context) return;
    const seen = this.unflushed;
    const rows = this.sql
      .exec<{ period: string; counter: string; used: number }>("SELECT period, counter, used FROM counters WHERE period LIKE 'day:%' AND used > 0")
      .toArray();
    await upsertUsageDaily(
      this.env.DB,
      this.context.userId,
      rows.map((r) => ({ day: r.period.slice(4), counter: r.counter, used: r.used })),
    );
    // Usage that changed while D1 was written stays marked for the next roll-up (its alarm is set).
    if (this.unflushed === seen) {
      this.unflushed = 0;
      this.sql.exec("DELETE FROM meta WHERE key = 'dirty'");
    } else {
      this.unflushed -= seen;
    }
    // Keep a month of daily rows in the object; D1 holds the history.
    const cutoff = dayKey(new Date(Date.now() - 40 * 24 * 3600_000), "UTC");
    this.sql.exec("DELETE FROM counters WHERE period LIKE 'day:%' AND substr(period, 5) < ?", cutoff);
    for (const key of this.tallies.keys()) {
      if (key.startsWith("day:") && key.slice(4, 14) < cutoff) this.tallies.delete(key);
    }
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

function tallyKey(period: string, counter: string): string {
  return `${period} ${counter}`;
}
