import { type LoaderFunctionArgs, redirect } from 'react-router';
import { scopeFromParams } from '../../app/scope-from-params';
import type { ScreenContext } from '../../app/screens';
import { withKeptQuery } from '../../components/app-link';
import { localeFromRequest } from '../../i18n/use-locale';
import { trackAdEvent } from '../../lib/ad-pixels/ad-pixels';
import { questionListQuery } from './api/get-question-list';
import { continueHref } from './session-routing';

/**
 * Creates or resumes the session and loads the whole form (every matrix is prefetched here, so moving to
 * the next question never waits for the network), then goes on to where this session continues.
 */
export async function loader({ params, request }: LoaderFunctionArgs, { queryClient }: ScreenContext) {
  const scope = scopeFromParams(params);
  const hl = localeFromRequest(request);
  const session = await queryClient.fetchQuery(questionListQuery(scope.examId, hl));
  // The spec's customize event: the visitor starts (or resumes) the test.
  void trackAdEvent('customize');
  const search = new URL(request.url).search;
  throw redirect(withKeptQuery(continueHref(session, params.scope as string), search));
}

export function Component() {
  return null;
}
