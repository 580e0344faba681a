/**
 * Usage periods in the user's time zone: the day key resets at local midnight, the month key
 * on the 1st. Pure functions over an instant, so the boundary is testable.
 */
// One formatter per zone: building an Intl.DateTimeFormat costs far more than formatting with it,
// and the meter asks for a period on every reservation.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let fmt = formatters.get(timeZone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, fmt);
  }
  return fmt;
}

function parts(instant: Date, timeZone: string) {
  const values: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== "literal") values[part.type] = Number(part.value);
  }
  return { y: values.year, m: values.month, d: values.day, h: values.hour, min: values.minute, s: values.second };
}

export function safeTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return "UTC";
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return timeZone;
  } catch {
    return "UTC";
  }
}

const pad = (n: number) => String(n).padStart(2, "0");

export function dayKey(instant: Date, timeZone = "UTC"): string {
  const p = parts(instant, timeZone);
  return `${p.y}-${pad(p.m)}-${pad(p.d)}`;
}

export function monthKey(instant: Date, timeZone = "UTC"): string {
  const p = parts(instant, timeZone);
  return `${p.y}-${pad(p.m)}`;
}

/** The UTC instant at which the wall clock in `timeZone` shows y-m-d 00:00. */
function zonedMidnight(y: number, m: number, d: number, timeZone: string): Date {
  const target = Date.UTC(y, m - 1, d);
  let guess = target;
  // Two passes settle the offset, including on DST change days.
  for (let i = 0; i < 2; i++) {
    const p = parts(new Date(guess), timeZone);
    const wall = Date.UTC(p.y, p.m - 1, p.d, p.h, p.min, p.s);
    guess += target - wall;
  }
  return new Date(guess);
}

export function nextDailyReset(instant: Date, timeZone = "UTC"): Date {
  const p = parts(instant, timeZone);
  const next = new Date(Date.UTC(p.y, p.m - 1, p.d + 1));
  return zonedMidnight(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), timeZone);
}

export function nextMonthlyReset(instant: Date, timeZone = "UTC"): Date {
  const p = parts(instant, timeZone);
  const next = new Date(Date.UTC(p.y, p.m, 1));
  return zonedMidnight(next.getUTCFullYear(), next.getUTCMonth() + 1, 1, timeZone);
}
