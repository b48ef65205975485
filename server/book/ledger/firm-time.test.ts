import { describe, expect, it } from 'vitest';
import { canonicalTimeZone } from '../../../shared/time-zone.js';
import { dayOf, dayStart, instant, latestEntryDate } from './firm-time.js';

describe('the firm time zone', () => {
  it('ends "2026-11-30" at 04:59:59.999 UTC the next day in New York', () => {
    expect(instant('2026-11-30', true, 'America/New_York').toISOString()).toBe(
      '2026-12-01T04:59:59.999Z',
    );
    expect(instant('2026-11-30', false, 'America/New_York').toISOString()).toBe(
      '2026-11-30T05:00:00.000Z',
    );
    expect(instant('2026-11-30', true, 'UTC').toISOString()).toBe('2026-11-30T23:59:59.999Z');
  });

  it('puts a 23:30 New York payment on the 30th in November', () => {
    const payment = new Date('2026-12-01T04:30:00Z');
    expect(dayOf(payment, 'America/New_York')).toBe('2026-11-30');
    expect(dayOf(payment, 'UTC')).toBe('2026-12-01');
  });

  it('keeps days right across a clock change and east of UTC', () => {
    // New York springs forward on 2026-03-08: that day is 23 hours long.
    expect(dayStart('2026-03-08', 'America/New_York').toISOString()).toBe(
      '2026-03-08T05:00:00.000Z',
    );
    expect(dayStart('2026-03-09', 'America/New_York').toISOString()).toBe(
      '2026-03-09T04:00:00.000Z',
    );
    expect(dayStart('2026-11-30', 'Asia/Kolkata').toISOString()).toBe('2026-11-29T18:30:00.000Z');
  });

  it('takes a date-time as the instant it names', () => {
    expect(instant('2026-11-30T23:30:00-05:00', true, 'UTC').toISOString()).toBe(
      '2026-12-01T04:30:00.000Z',
    );
  });

  it('knows IANA names and refuses others', () => {
    expect(canonicalTimeZone('America/New_York')).toBe('America/New_York');
    expect(canonicalTimeZone('america/new_york')).toBe('America/New_York');
    expect(canonicalTimeZone('Mars/Olympus')).toBeNull();
    expect(canonicalTimeZone('')).toBeNull();
  });

  it('lets an entry be dated to the end of tomorrow, firm time', () => {
    const now = new Date('2026-11-30T23:30:00-05:00');
    expect(latestEntryDate('America/New_York', now).toISOString()).toBe('2026-12-02T04:59:59.999Z');
  });
});
