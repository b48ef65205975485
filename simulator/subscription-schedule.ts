// The days a subscription charges on: its frequency's day list applied to the calendar (UTC),
// from its start date. Dates are `YYYY-MM-DD` strings throughout.
import type { SubscriptionFrequencyRecord, SubscriptionRecord } from './firm-records.js';

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

const toDate = (day: string) => new Date(`${day}T00:00:00Z`);
const toDay = (date: Date) => date.toISOString().slice(0, 10);

export function addDays(day: string, days: number): string {
  const date = toDate(day);
  date.setUTCDate(date.getUTCDate() + days);
  return toDay(date);
}

export const todayUtc = () => new Date().toISOString().slice(0, 10);

const lastDayOfMonth = (year: number, month: number) =>
  new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/** Whether the frequency charges on `day` (monthly days past a month's end fall on its last). */
function chargesOn(frequency: SubscriptionFrequencyRecord, startDate: string, day: string) {
  const date = toDate(day);
  if (frequency.weekly?.length) return frequency.weekly.includes(WEEKDAYS[date.getUTCDay()]!);
  if (frequency.biweekly?.length) {
    // Every other week from the first matching day on or after the start.
    const anchor = toDate(firstOnOrAfter(frequency.biweekly, startDate));
    const days = Math.round((date.getTime() - anchor.getTime()) / 86_400_000);
    return days >= 0 && days % 14 === 0;
  }
  if (frequency.monthly?.length) {
    const last = lastDayOfMonth(date.getUTCFullYear(), date.getUTCMonth());
    return frequency.monthly.some((d) => Math.min(d, last) === date.getUTCDate());
  }
  if (frequency.yearly?.length) return frequency.yearly.includes(day.slice(5, 10));
  return false;
}

/** The first day on or after `startDate` that falls on one of the weekdays. */
function firstOnOrAfter(weekdays: string[], startDate: string): string {
  let day = startDate;
  while (!weekdays.includes(WEEKDAYS[toDate(day).getUTCDay()]!)) day = addDays(day, 1);
  return day;
}

/** The first charging day on or after `from` (and never before the start), within ~2 years. */
export function nextChargeDay(
  subscription: Pick<SubscriptionRecord, 'frequency' | 'startDate'>,
  from: string,
): string | null {
  let day = from < subscription.startDate ? subscription.startDate : from;
  for (let i = 0; i < 800; i++) {
    if (chargesOn(subscription.frequency, subscription.startDate, day)) return day;
    day = addDays(day, 1);
  }
  return null;
}
