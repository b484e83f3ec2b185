import type { TMemberResult } from '@mindgauge/contract';
import type { TFunction } from 'i18next';

/** A result's date in the reader's language. */
export function formatDate(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** One line saying what a result was, in the reader's language. */
export function resultLine(t: TFunction<'members'>, r: TMemberResult['result']): string {
  switch (r.task) {
    case 'practice':
      return t('results.practice', { correct: r.correct, total: r.total });
    case 'memory':
      return t('results.memory', { span: r.span });
    case 'reaction':
      return r.medianMs === null
        ? t('results.reactionNone', { kept: r.kept })
        : t(r.mode === 'simple' ? 'results.reactionSimple' : 'results.reactionChoice', {
            median: Math.round(r.medianMs),
            spread: Math.round(r.spreadMs ?? 0),
            kept: r.kept,
          });
  }
}
