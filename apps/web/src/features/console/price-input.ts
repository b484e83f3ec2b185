import { formatMoney, isWholeUnitCurrency } from '@mindgauge/contract';

/**
 * An amount the operator typed, as shown to visitors ("24.99", "24,99", "1500"), in minor units (hundredths);
 * null when it is not a positive amount with at most two decimals (none for currencies shown without them:
 * the server refuses those too, with its own message).
 */
export function minorFromInput(text: string, currency: string): number | null {
  const clean = text.trim().replace(/\s/g, '').replace(',', '.');
  const decimals = isWholeUnitCurrency(currency) ? 0 : 2;
  const pattern = decimals === 0 ? /^\d{1,8}$/ : /^\d{1,8}(\.\d{1,2})?$/;
  if (!pattern.test(clean)) return null;
  const minor = Math.round(Number(clean) * 100);
  return minor > 0 ? minor : null;
}

/** A stored amount as the operator edits it: the number alone, with a point and no grouping. */
export function inputFromMinor(minor: number, currency: string): string {
  return isWholeUnitCurrency(currency) ? String(Math.round(minor / 100)) : (minor / 100).toFixed(2);
}

export const shownPrice = (minor: number, currency: string) => formatMoney(minor, currency);
