import { majorAmount } from '@mindgauge/contract';
import type { AdEventData } from './ad-event';

/** An event's data for one item bought once: a tier or a plan at its price (minor units of `currency`). */
export function adDataOf(id: string, amountMinor: number, currency: string): AdEventData {
  const value = majorAmount(amountMinor, currency);
  return { value, currency, contents: [{ id, quantity: 1, price: value }], contentType: 'product' };
}
