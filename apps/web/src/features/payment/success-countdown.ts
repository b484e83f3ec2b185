/** Seconds left before the report opens, from a fixed deadline (a throttled tab cannot stretch it). */
export function secondsLeft(deadline: number, now: number = Date.now()): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

export const REPORT_COUNTDOWN_S = 10;
