/**
 * Money, as section 9 of the spec has it: amounts are held in minor units and divided by 100; some
 * currencies are shown without decimals, some with a decimal comma; an optional multiplier (the given value
 * divided by 10) scales the price like a discount factor. One function for the web app, e-mails and PDFs.
 */

/** Shown without decimals (the amount is still held ×100: JPY 780 is stored as 78000). */
export const NO_DECIMAL_CURRENCIES = [
  'CNY',
  'NOK',
  'TRY',
  'EGP',
  'MXN',
  'CZK',
  'TWD',
  'UAH',
  'PHP',
  'RUB',
  'ARS',
  'JPY',
  'HUF',
  'KZT',
  'CLP',
  'KRW',
  'UGX',
  'COP',
  'IDR',
  'INR',
  'THB',
  'VND',
  'ZAR',
] as const;

/** Shown with a decimal comma (and a point between thousands). */
export const DECIMAL_COMMA_CURRENCIES = ['EUR', 'PLN', 'BRL', 'DKK', 'HRK'] as const;

const noDecimals = new Set<string>(NO_DECIMAL_CURRENCIES);
const decimalComma = new Set<string>(DECIMAL_COMMA_CURRENCIES);

/** Symbol and side. Currencies not listed show their ISO code before the number. */
const SYMBOLS: Record<string, { symbol: string; after?: true }> = {
  USD: { symbol: '$' },
  CAD: { symbol: 'CA$' },
  AUD: { symbol: 'A$' },
  NZD: { symbol: 'NZ$' },
  HKD: { symbol: 'HK$' },
  TWD: { symbol: 'NT$' },
  SGD: { symbol: 'S$' },
  MXN: { symbol: 'MX$' },
  GBP: { symbol: '£' },
  EUR: { symbol: '€', after: true },
  JPY: { symbol: '¥' },
  CNY: { symbol: '¥' },
  KRW: { symbol: '₩' },
  INR: { symbol: '₹' },
  BRL: { symbol: 'R$' },
  PLN: { symbol: 'zł', after: true },
  DKK: { symbol: 'kr.', after: true },
  HRK: { symbol: 'kn', after: true },
  CHF: { symbol: 'CHF' },
  TRY: { symbol: '₺' },
  RUB: { symbol: '₽', after: true },
  UAH: { symbol: '₴', after: true },
  PHP: { symbol: '₱' },
  THB: { symbol: '฿' },
  VND: { symbol: '₫', after: true },
  ZAR: { symbol: 'R' },
};

export interface MoneyOptions {
  /** The spec's optional multiplier: the price is scaled by value / 10 (8 shows 80% of the price). */
  multiplier?: number;
  /** Leave out the currency symbol (for the number alone). */
  bare?: boolean;
}

/** The amount in major units as shown, before separators: divide by 100, then apply the multiplier. */
export function majorAmount(minor: number, currency: string, options: MoneyOptions = {}): number {
  // Rounded in minor units first, so half a cent rounds up the way a person would expect (999.5 → 1000).
  const scaled = Math.round(options.multiplier === undefined ? minor : (minor * options.multiplier) / 10);
  return noDecimals.has(currency.toUpperCase()) ? Math.round(scaled / 100) : scaled / 100;
}

/** `formatMoney(1999, 'USD')` → `$19.99`; `(1999, 'EUR')` → `19,99 €`; `(78000, 'JPY')` → `¥780`. */
export function formatMoney(minor: number, currency: string, options: MoneyOptions = {}): string {
  const code = currency.toUpperCase();
  const major = majorAmount(minor, code, options);
  const comma = decimalComma.has(code);
  const [whole = '0', fraction] = Math.abs(major)
    .toFixed(noDecimals.has(code) ? 0 : 2)
    .split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, comma ? '.' : ',');
  const minus = major < 0 ? '-' : '';
  const number = `${grouped}${fraction === undefined ? '' : (comma ? ',' : '.') + fraction}`;
  if (options.bare) return minus + number;
  const sign = SYMBOLS[code];
  if (!sign) return `${minus}${code} ${number}`;
  if (sign.after) return `${minus}${number} ${sign.symbol}`;
  // Letter symbols (CHF) read better with a space; sign symbols ($, €, ¥) sit against the number.
  return /[A-Za-z]$/.test(sign.symbol) ? `${minus}${sign.symbol} ${number}` : `${minus}${sign.symbol}${number}`;
}

/** Whether a currency is shown without decimals: prices in it are rounded to whole units when computed. */
export function isWholeUnitCurrency(currency: string): boolean {
  return noDecimals.has(currency.toUpperCase());
}
