import { ZOrderNumber } from '@mindgauge/contract';
import { data } from 'react-router';

/** The order a screen is about, from `?order=`; a missing or malformed one is the 404 page. */
export function orderFromSearch(search: URLSearchParams): string {
  const parsed = ZOrderNumber.safeParse(search.get('order'));
  if (!parsed.success) throw data(null, { status: 404 });
  return parsed.data;
}
