import { buildHref, DEFAULT_APP_CODE, formatScope, type RouteKey, type RouteParams } from '@mindgauge/contract';

/**
 * An absolute address of one of the web app's pages, for links that leave the site (e-mails, processors'
 * return addresses), built from the route registry the web app routes with (the contract's `paths`).
 */
export function pageUrl(
  publicUrl: string,
  route: RouteKey,
  examId: number,
  query: Record<string, string>,
  params: Omit<RouteParams, 'scope'> = {},
): string {
  const scope = formatScope({ code: DEFAULT_APP_CODE, examId });
  return `${publicUrl}${buildHref(route, { ...params, scope }, query)}`;
}
