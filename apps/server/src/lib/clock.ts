/** Time as the server sees it; injected so tests can move it (trials, reminders, expiries). */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock tests can set and advance. */
export class ManualClock implements Clock {
  constructor(private current = Date.UTC(2026, 0, 1)) {}
  now(): number {
    return this.current;
  }
  set(ms: number): void {
    this.current = ms;
  }
  advance(ms: number): void {
    this.current += ms;
  }
}

/** Real time plus an offset the browser tests can move forward (CLOCK_CONTROL=1 only, never in production). */
export class OffsetClock implements Clock {
  constructor(private offset = 0) {}
  now(): number {
    return Date.now() + this.offset;
  }
  advance(ms: number): void {
    this.offset += ms;
  }
}
