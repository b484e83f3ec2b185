import { isRouteErrorResponse, useMatches, useRouteError } from 'react-router';
import type { NeedsReport } from '../../app/order-from-search';
import { ROUTES, type RouteKey } from '../../app/paths';
import { NetworkUnstableScreen } from '../../components/network-unstable-screen';
import { ApiResponseError, NetworkError } from '../../lib/api-client';
import { ErrorScreen } from './error-screen';
import { isExplained, NeedsOrderScreen } from './needs-order-screen';
import { NotFoundScreen } from './not-found-screen';

/** Chooses the screen for a failed route: 404, network-unstable, or the error page with its status. */
export function RouteErrorScreen() {
  const error = useRouteError();
  const key = (useMatches().at(-1)?.handle as { key?: RouteKey } | undefined)?.key;
  const group = key ? ROUTES[key].group : undefined;
  // During the test, "refresh" keeps every record; during payment, "reload" checks the payment.
  const context = group === 'answer' ? 'test' : group === 'payment' ? 'payment' : 'generic';
  if (isRouteErrorResponse(error) && error.status === 404) {
    const needsReport = (error.data as NeedsReport | null)?.needsReport === true;
    // The menu's report screens, opened without an order: what they are and how to reach them, never a 404.
    if (needsReport && isExplained(key)) return <NeedsOrderScreen routeKey={key} />;
    return <NotFoundScreen needsReport={needsReport} />;
  }
  if (error instanceof ApiResponseError && error.status === 404) return <NotFoundScreen />;
  if (error instanceof NetworkError) return <NetworkUnstableScreen context={context} />;
  const status = isRouteErrorResponse(error) ? error.status : error instanceof ApiResponseError ? error.status : 500;
  if (status >= 500) console.error(error);
  return <ErrorScreen status={status} />;
}
