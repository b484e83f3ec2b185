/**
 * The offer countdown. The offset between the server's clock and this device's is measured when the price
 * list arrives; the time left is always computed from the deadline, so a throttled background tab or a
 * wrong device clock cannot stretch it.
 */
export interface OfferInfo {
  deadline: string | null;
  active: boolean;
  serverNow: string;
}

/** hh:mm:ss, as the spec shows time (the same clock as the test's countdown). */
export function formatClock(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/** Server time minus device time, measured when the answer was received. */
export function serverOffsetMs(serverNow: string, receivedAt: number): number {
  const server = Date.parse(serverNow);
  return Number.isFinite(server) ? server - receivedAt : 0;
}

/** Milliseconds left before the deadline (never negative); null without a deadline. */
export function offerRemainingMs(deadline: string | null, offsetMs: number, now: number = Date.now()): number | null {
  if (!deadline) return null;
  const end = Date.parse(deadline);
  if (!Number.isFinite(end)) return null;
  return Math.max(0, end - (now + offsetMs));
}

/** Whether a countdown is shown: only while the offer is active and has a deadline still ahead. */
export function offerPhase(offer: OfferInfo, offsetMs: number, now: number = Date.now()): 'none' | 'running' | 'ended' {
  if (!offer.active) return 'none';
  const left = offerRemainingMs(offer.deadline, offsetMs, now);
  if (left === null) return 'none';
  return left > 0 ? 'running' : 'ended';
}
