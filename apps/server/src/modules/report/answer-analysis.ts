import type { Locale, TAnalysisItem } from '@mindgauge/contract';
import type { Explanation } from '@mindgauge/psychometrics';
import { engineKey, type Translator } from '../../i18n/translator';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { SecretKeys } from '../../lib/signed-token';
import type { ExamOrders } from '../exam/exam-orders';
import type { FormPool } from '../exam/form-pool';
import { type ReportAccess, requireReportAccess } from '../exam/report-access';

/** An engine sentence in a language: its parameters that are themselves keys are translated first. */
export function sentence(t: Translator, locale: Locale, e: Explanation): string {
  const tr = (key: string, o?: Record<string, unknown>) => t.t(locale, engineKey(key), o);
  const named = Object.fromEntries(Object.entries(e.paramKeys).map(([k, key]) => [k, tr(key)]));
  return tr(e.key, { ...e.params, ...named });
}

/**
 * The answer analysis of a paid order whose tier includes it: the form is drawn again from the session's
 * seed (the engine is deterministic) on the form-drawing workers, never on the event loop (a whole form is
 * 30-70 ms of CPU), with the correct answer, the visitor's answer and the rules that make the answer right,
 * in the visitor's language.
 */
export async function answerAnalysis(
  d: { repo: ExamOrders; secret: SecretKeys; clock: Clock; translator: Translator; forms: FormPool },
  orderNumber: string,
  access: ReportAccess,
  locale: Locale,
) {
  const { order, session } = await requireReportAccess(d, orderNumber, access);
  const entitlements = await d.repo.entitlements(order);
  if (!entitlements.includes('answerAnalysis')) throw new AppError('NOT_IN_TIER');
  const [drawn, answerRows] = await Promise.all([d.forms.analysis(session, locale), d.repo.listAnswers(session.id)]);
  const answers = new Map(answerRows.map((a) => [a.item_id, a.choice]));
  const items: TAnalysisItem[] = drawn.map((item, index) => {
    const choice = answers.get(item.id) ?? null;
    return {
      index,
      part: item.part,
      correct: choice === item.answerIndex,
      choice,
      answerIndex: item.answerIndex,
      context: item.context,
      options: item.options,
      explanations: item.explanations.map((e) => sentence(d.translator, locale, e)),
    };
  });
  return {
    orderNumber: order.order_number,
    correct: items.filter((i) => i.correct).length,
    total: items.length,
    items,
  };
}
