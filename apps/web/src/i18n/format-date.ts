import type { Locale } from '@mindgauge/contract';

/** A date as the visitor's language writes it in full ("21 November 2026"); an ISO string or epoch ms. */
export function formatDate(value: string | number, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(
    typeof value === 'string' ? Date.parse(value) : value,
  );
}
