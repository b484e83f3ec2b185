import {
  type Locale,
  PERSONALITY_EXAM_ID,
  skuTextKey,
  type TPersonalityProfile,
  type TPersonalityResult,
  type TQuotedAnswer,
} from '@mindgauge/contract';
import { axisEvidence, type EvidenceAnswer, LIKERT_SCALE, nearestType, type Pole } from '@mindgauge/psychometrics';
import { parseJsonColumn } from '../../db/json-column';
import type { Translator } from '../../i18n/translator';
import { AppError } from '../../lib/app-error';
import type { OrderRow, SessionRow } from './exam-repository';
import { isPersonalityForm, personalitySheet, toPersonalityResult, ZStoredPersonalityResult } from './personality-form';

/** The first and second pole of each axis, as the letters say them. */
const POLES: Record<string, [string, string]> = { EI: ['E', 'I'], SN: ['S', 'N'], TF: ['T', 'F'], JP: ['J', 'P'] };

/** How far an axis leans to its letter's own pole (50..100): the profile's and a share's figure. */
export function leanPercentOf(a: { axis: string; letter: string; firstPolePercent: number }): number {
  const [first] = POLES[a.axis] ?? ['', ''];
  return a.letter === first ? a.firstPolePercent : 100 - a.firstPolePercent;
}

/** The scored personality result of a session (404 when the session is not a personality sheet). */
export function storedPersonalityResult(session: SessionRow & { result: string }): TPersonalityResult {
  if (!isPersonalityForm(session.form_version)) throw new AppError('ORDER_NOT_FOUND');
  return toPersonalityResult(parseJsonColumn(ZStoredPersonalityResult, 'exam_sessions.result', session.result));
}

/**
 * The paid personality profile of an order, at its tier only: `profile` is what every tier sells (the axes
 * explained with the reader's own answers behind each letter, the nearest type, the type's strengths and
 * blind spots); `profileDepth` adds work, relationships and growth. The type's portrait texts are the ones
 * its free page shows (the catalogue says so); what is personal is computed from this sheet. A tier without
 * `profile` (none today) reads nothing: the server refuses rather than shows an empty page.
 */
export function personalityProfileOf(
  translator: Translator,
  order: OrderRow,
  session: SessionRow & { result: string },
  answers: readonly { item_id: string; choice: number | null }[],
  entitlements: readonly string[],
  hl: Locale | undefined,
): TPersonalityProfile {
  if (order.exam_id !== PERSONALITY_EXAM_ID || !isPersonalityForm(session.form_version)) {
    throw new AppError('ORDER_NOT_FOUND');
  }
  if (!entitlements.includes('profile')) throw new AppError('REPORT_LOCKED');
  const locale = hl ?? (order.locale as Locale | null) ?? 'en';
  const t = (key: string, vars?: Record<string, unknown>) => translator.t(locale, key, vars);
  const result = storedPersonalityResult(session);
  const code = result.type;
  const depth = entitlements.includes('profileDepth');
  const skuId = order.sku_id ?? 'sku1';
  const letters = result.axes.map((a) => a.letter as Pole);
  const evidence = axisEvidence(personalitySheet(answers), letters);
  const quote = (a: EvidenceAnswer): TQuotedAnswer => ({
    statement: t(`personality:item.${a.itemId}`),
    // The engine's scale keys are `personality.likert.*`: the namespace is their first segment.
    answer: t((LIKERT_SCALE.find((l) => l.value === a.value)?.key ?? 'personality.likert.neutral').replace('.', ':')),
  });
  const nearest = nearestType(
    letters,
    result.axes.map((a) => a.firstPolePercent),
  );
  const closest = result.axes.find((a) => a.axis === nearest.axis);
  const nearestName = t(`types:types.${nearest.type}.name`);
  return {
    orderNumber: order.order_number,
    examId: order.exam_id,
    skuId,
    tierTitle: t(`${skuTextKey(order.exam_id, skuId)}.title`),
    locale,
    type: code,
    name: t(`types:types.${code}.name`),
    portrait: t(`types:types.${code}.portrait`),
    intro: t('personality-catalog:profile.intro', { code, name: t(`types:types.${code}.name`) }),
    axes: result.axes.map((a) => {
      const leanPercent = leanPercentOf(a);
      const pole = t(`types:poles.${a.letter.toLowerCase()}`);
      const lean = t('personality-catalog:profile.lean', { percent: leanPercent, margin: a.marginPercent });
      // Joined by the language's own punctuation (a full stop is 。 in Chinese and Japanese).
      const meaning = t('personality-catalog:profile.meaning', { pole, lean });
      const near = a.borderline ? ` ${t('personality-catalog:profile.borderline')}` : '';
      const e = evidence.find((x) => x.axis === a.axis);
      return {
        ...a,
        leanPercent,
        meaning: `${meaning}${near}`,
        toward: (e?.toward ?? []).map(quote),
        against: (e?.against ?? []).map(quote),
      };
    }),
    nearest: {
      type: nearest.type,
      name: nearestName,
      axis: nearest.axis,
      text: t('personality-test:profile.nearestBody', {
        axis: t(`personality-test:axis.${nearest.axis}`),
        letter: closest?.letter ?? '',
        percent: closest ? leanPercentOf(closest) : 50,
        type: nearest.type,
        name: nearestName,
      }),
    },
    strengths: t(`types:types.${code}.strengths`),
    blindSpots: t(`types:types.${code}.blindSpots`),
    work: depth ? t(`types:types.${code}.work`) : null,
    relationships: depth ? t(`types:types.${code}.relationships`) : null,
    growth: depth ? t(`types:types.${code}.growth`) : null,
    pdf: entitlements.includes('pdfReport'),
  };
}
