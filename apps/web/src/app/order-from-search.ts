import { ZOrderNumber } from '@mindgauge/contract';
import { data } from 'react-router';

/** What a 404 for a missing order carries: the 404 page then shows the way to one's report. */
export interface NeedsReport {
  needsReport: true;
}

/**
 * The order a screen is about, from `?order=`; a missing or malformed one is the 404 page. A missing one
 * (the site's menu links to report screens) makes the 404 page point to where reports are opened from.
 */
export function orderFromSearch(search: URLSearchParams): string {
  const raw = search.get('order');
  const parsed = ZOrderNumber.safeParse(raw);
  if (!parsed.success) throw data(raw === null ? ({ needsReport: true } satisfies NeedsReport) : null, { status: 404 });
  return parsed.data;
}
