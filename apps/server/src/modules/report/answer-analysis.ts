import type { Locale, TAnalysisItem } from '@mindgauge/contract';
import { type Explanation, toPublicItem } from '@mindgauge/psychometrics';
import { engineKey, type Translator } from '../../i18n/translator';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { SecretKeys } from '../../lib/signed-token';
import { formOfSession } from '../exam/exam-form';
import type { ExamOrders } from '../exam/exam-orders';
import { type ReportAccess, requireReportAccess } from '../exam/report-access';

/** An engine sentence in a language: its parameters that are themselves keys are translated first. */
export function sentence(t: Translator, locale: Locale, e: Explanation): string {
  const tr = (key: string, o?: Record<string, unknown>) => t.t(locale, engineKey(key), o);
  const named = Object.fromEntries(Object.entries(e.paramKeys).map(([k, key]) => [k, tr(key)]));
  return tr(e.key, { ...e.params, ...named });
}

/**
 * The answer analysis of a paid order whose tier includes it: the form is drawn again from the session's
 * seed (the engine is deterministic), with the correct answer, the visitor's answer and the rules that make
 * the answer right, in the visitor's language.
 */
export async function answerAnalysis(
  d: { repo: ExamOrders; secret: SecretKeys; clock: Clock; translator: Translator },
  orderNumber: string,
  access: ReportAccess,
  locale: Locale,
) {
  const { order, session } = await requireReportAccess(d, orderNumber, access);
  const entitlements = await d.repo.entitlements(order);
  if (!entitlements.includes('answerAnalysis')) throw new AppError('NOT_IN_TIER');
  const form = formOfSession(session);
  const answers = new Map((await d.repo.listAnswers(session.id)).map((a) => [a.item_id, a.choice]));
  const labels = {
    panel: (i: number) =>
      d.translator.t(locale, 'engine:a11y.panel', { row: Math.floor(i / 3) + 1, column: (i % 3) + 1 }),
    option: (i: number) => d.translator.t(locale, 'engine:a11y.option', { letter: String.fromCharCode(65 + i) }),
  };
  const items: TAnalysisItem[] = form.items.map((item, index) => {
    const pub = toPublicItem(item, labels);
    const choice = answers.get(item.id) ?? null;
    return {
      index,
      part: form.partOf[index] ?? 1,
      correct: choice === item.answerIndex,
      choice,
      answerIndex: item.answerIndex,
      context: [...pub.context],
      options: [...pub.options],
      explanations: item.rules.map((r) => sentence(d.translator, locale, r.explanation)),
    };
  });
  return {
    orderNumber: order.order_number,
    correct: items.filter((i) => i.correct).length,
    total: items.length,
    items,
  };
}
