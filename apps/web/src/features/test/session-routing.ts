import type { TQuestionList } from '@mindgauge/contract';
import { buildHref, type RouteKey } from '../../app/paths';

/** Where a session in a given state continues: questions, evaluation, or the e-mail step. */
export function continueHref(session: Pick<TQuestionList, 'status' | 'orderNumber'>, scope: string): string {
  const key: RouteKey =
    session.status === 'active' ? 'answerStandard' : session.status === 'scored' ? 'answerEmail' : 'answerLoading';
  return buildHref(key, { scope }, session.orderNumber && key === 'answerEmail' ? { order: session.orderNumber } : {});
}
