import type { Location } from 'react-router';

/**
 * The key the router stores scroll positions under. The router's default is `location.key`, and every first
 * page of a visit has the key "default": the position left on one first page (a long help article, scrolled to
 * its end) was restored on the next fresh load of any other page, which then opened 600 px down. A first page
 * gets a key of its own load instead, so a fresh load opens at the top; back and forward still restore.
 */
export function scrollKey(location: Pick<Location, 'key'>, loadId: string): string {
  return location.key === 'default' ? `load-${loadId}` : location.key;
}

/** One id per document load (a reload is a fresh load too). */
export const LOAD_ID = Math.random().toString(36).slice(2);
