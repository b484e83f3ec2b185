import { PERSONALITY_EXAM_ID, type TQuestionList } from '@mindgauge/contract';
import { useSuspenseQuery } from '@tanstack/react-query';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { buildHref, type RouteKey } from '../../app/paths';
import { scopeFromParams } from '../../app/scope-from-params';
import type { ScreenContext } from '../../app/screens';
import { useScope } from '../../app/use-scope';
import { withKeptQuery } from '../../components/app-link';
import { localeFromRequest, useLocale } from '../../i18n/use-locale';
import { ApiResponseError } from '../../lib/api-client';
import { questionListQuery } from './api/get-question-list';

/** Where a session in a given state continues: questions, evaluation, or the e-mail step. */
export function continueHref(session: Pick<TQuestionList, 'status' | 'orderNumber'>, scope: string): string {
  const key: RouteKey =
    session.status === 'active' ? 'answerStandard' : session.status === 'scored' ? 'answerEmail' : 'answerLoading';
  return buildHref(key, { scope }, session.orderNumber && key === 'answerEmail' ? { order: session.orderNumber } : {});
}

/**
 * The key this browser keeps a session's local state under (progress, queued answers). The session's id lives
 * only in its HttpOnly cookie; its exam and start instant tell sessions apart without revealing anything.
 */
export function localSessionKey(session: Pick<TQuestionList, 'examId' | 'startedAt'>): string {
  return `${session.examId}-${session.startedAt}`;
}

/**
 * The visitor's session for a screen of the test flow (fetched once, then read from the query cache). A
 * visitor without one (a bookmarked question page, an expired cookie) goes to the instructions: reading a
 * screen never starts the clock.
 */
export async function loadSession({ params, request }: LoaderFunctionArgs, { queryClient }: ScreenContext) {
  const scope = scopeFromParams(params);
  leaveIfPersonality(scope.examId, params.scope as string);
  try {
    return await queryClient.ensureQueryData(questionListQuery(scope.examId, localeFromRequest(request)));
  } catch (err) {
    if (err instanceof ApiResponseError && err.body?.code === 'SESSION_NOT_FOUND') {
      throw redirect(
        withKeptQuery(buildHref('answerStartLoading', { scope: params.scope as string }), new URL(request.url).search),
      );
    }
    throw err;
  }
}

/**
 * The matrix test's screens serve the IQ exam: the personality exam's scope (an old link, a hand-made URL)
 * goes to its questionnaire instead of drawing an empty form.
 */
export function leaveIfPersonality(examId: number, scope: string): void {
  if (examId === PERSONALITY_EXAM_ID) throw redirect(buildHref('personalityTest', { scope }));
}

/** The current session in a test screen, with the scope and locale it was loaded for. */
export function useTestSession() {
  const scope = useScope();
  const locale = useLocale();
  const { data: session } = useSuspenseQuery(questionListQuery(scope.examId, locale));
  return { scope, locale, session, queryKey: questionListQuery(scope.examId, locale).queryKey };
}
