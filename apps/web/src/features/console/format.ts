import { formatMoney } from '@mindgauge/contract';

/** A date-time as the operator's browser shows it, in the console's language. */
export const when = (iso: string | null, locale: string) =>
  iso ? new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' }) : '—';

export const money = (amountMinor: number | null, currency: string | null) =>
  amountMinor === null || currency === null ? '—' : formatMoney(amountMinor, currency);
