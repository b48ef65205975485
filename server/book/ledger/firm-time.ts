import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/index.js';
import { orgSettings } from '../../db/schema/index.js';
import { runtimeTimeZone } from '../../../shared/time-zone.js';

// The firm's days: which day (and so which month) a payment, an entry or an `asOf` belongs to is
// decided in the firm's time zone (`timeZone` in the settings; the server's when unset), never in
// UTC. "2026-11-30" in New York runs from 05:00 UTC that day to 04:59:59.999 UTC the next, so a
// 23:30 payment there on the 30th is November's. Instants are stored as they are (UTC); only the
// edges of a day are computed here, at read time (docs/decisions/firm-time-zone.md).

/** The server's own zone: what a firm that never set one lives in. */
export const SERVER_TIME_ZONE = runtimeTimeZone();

/** The firm's time zone (settings), or the server's. */
export async function firmTimeZone(db: Executor, orgId: string): Promise<string> {
  const [row] = await db
    .select({ timeZone: orgSettings.timeZone })
    .from(orgSettings)
    .where(eq(orgSettings.orgId, orgId));
  return row?.timeZone ?? SERVER_TIME_ZONE;
}

/** A reader of wall clocks in a zone: made once per zone a caller reads many instants in. */
function clockIn(timeZone: string) {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  return (at: Date) => {
    const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
    return {
      year: Number(parts.year),
      month: Number(parts.month),
      day: Number(parts.day),
      hour: Number(parts.hour),
      minute: Number(parts.minute),
      second: Number(parts.second),
    };
  };
}

const wallClock = (at: Date, timeZone: string) => clockIn(timeZone)(at);

/** How far the zone's clock is ahead of UTC at an instant, in ms (New York in November: −5 h). */
function offsetAt(at: Date, timeZone: string): number {
  const w = wallClock(at, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/** The first instant of a day (`YYYY-MM-DD`) in a zone. */
export function dayStart(day: string, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const midnightUtc = Date.UTC(y, m - 1, d);
  // The offset at the guess, then at the answer: a day that starts on a clock change settles.
  let at = midnightUtc - offsetAt(new Date(midnightUtc), timeZone);
  at = midnightUtc - offsetAt(new Date(at), timeZone);
  return new Date(at);
}

/** The day after `day` (`YYYY-MM-DD`). */
const nextDay = (day: string): string => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
};

/** The day (`YYYY-MM-DD`) an instant belongs to, for many instants in one zone. */
export function daysIn(timeZone: string): (at: Date) => string {
  const clock = clockIn(timeZone);
  return (at) => {
    const w = clock(at);
    return `${String(w.year).padStart(4, '0')}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
  };
}

/** The day (`YYYY-MM-DD`) an instant belongs to in a zone. */
export const dayOf = (at: Date, timeZone: string): string => daysIn(timeZone)(at);

/**
 * A date the API took, as an instant: a bare date (`2026-11-30`) is its first or last millisecond
 * in the firm's zone; a date-time is the instant it names.
 */
export function instant(value: string, endOfDay: boolean, timeZone: string): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return endOfDay
      ? new Date(dayStart(nextDay(value), timeZone).getTime() - 1)
      : dayStart(value, timeZone);
  }
  return new Date(value);
}

/** The last instant an entry may be dated: the end of tomorrow, the firm's time. */
export function latestEntryDate(timeZone: string, now = new Date()): Date {
  return instant(nextDay(dayOf(now, timeZone)), true, timeZone);
}
