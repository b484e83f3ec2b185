import type { Locale, TAnswerCheck, TMemberPuzzle } from '@mindgauge/contract';
import { type MatrixItem, toPublicItem } from '@mindgauge/psychometrics';
import type { Translator } from '../../i18n/translator';
import { sentence } from '../report/answer-analysis';

/**
 * Puzzles as the members' screens get them: drawn, with accessible names, never with their answer; and the
 * check of an answer, given only after it, with the rule sentences the answer analysis renders.
 */
export function memberPuzzles(translator: Translator) {
  function puzzles(items: readonly MatrixItem[], locale: Locale): TMemberPuzzle[] {
    const labels = {
      panel: (i: number) =>
        translator.t(locale, 'engine:a11y.panel', { row: Math.floor(i / 3) + 1, column: (i % 3) + 1 }),
      option: (i: number) => translator.t(locale, 'engine:a11y.option', { letter: String.fromCharCode(65 + i) }),
    };
    return items.map((item, index) => {
      const pub = toPublicItem(item, labels);
      return { index, context: [...pub.context], options: [...pub.options] };
    });
  }

  function check(item: MatrixItem, index: number, choice: number, locale: Locale): TAnswerCheck {
    return {
      index,
      choice,
      correct: choice === item.answerIndex,
      answerIndex: item.answerIndex,
      explanations: item.rules.map((r) => sentence(translator, locale, r.explanation)),
    };
  }

  return { puzzles, check };
}
export type MemberPuzzles = ReturnType<typeof memberPuzzles>;
