import type { TBillingInterval } from './api/checkout';

const DAY = 86_400_000;

/**
 * The end of a billing period that starts at `from`. Days and weeks are fixed lengths; months and years
 * are calendar ones (added in UTC). Shared by the server (renewals) and the web app (the date it shows).
 */
export function addPeriod(from: number, interval: TBillingInterval, count: number): number {
  if (interval === 'DAY') return from + count * DAY;
  if (interval === 'WEEK') return from + count * 7 * DAY;
  const d = new Date(from);
  if (interval === 'MONTH') d.setUTCMonth(d.getUTCMonth() + count);
  else d.setUTCFullYear(d.getUTCFullYear() + count);
  return d.getTime();
}

/** Days in one period, for the daily rate: a month counts as 30 days, a year as 365. */
export function periodDays(interval: TBillingInterval, count: number): number {
  return { DAY: 1, WEEK: 7, MONTH: 30, YEAR: 365 }[interval] * count;
}

/** When a plan taken at `start` first charges its full price: after the trial, else after the first period. */
export function firstRenewalAt(
  plan: { interval: TBillingInterval; intervalCount: number; trialDays: number },
  start: number,
): number {
  return plan.trialDays > 0 ? start + plan.trialDays * DAY : addPeriod(start, plan.interval, plan.intervalCount);
}
