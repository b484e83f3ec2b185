import type { Locale } from '@mindgauge/contract';
import { reactionDimension, spanDimension } from '@mindgauge/psychometrics';
import { engineKey, type Translator } from '../../i18n/translator';
import type { MembersService } from './members-service';

/** A report dimension measured by a member's task, in the report's shape. */
export interface MeasuredDimension {
  score: number;
  level: number;
  levelName: string;
  source: string;
  provisional: boolean;
}

/**
 * The report's memory and reaction dimensions from the buyer's own tasks, when the buyer (a proven account
 * with the order's address) has taken them: the latest result, with the task and its date as the source.
 * Otherwise nothing, and the report keeps the figures computed from the test's answers.
 */
export function reportDimensions(
  members: Pick<MembersService, 'latestMeasures'>,
  translator: Translator,
  accountIdOf: (email: string) => Promise<string | undefined>,
) {
  return async (email: string, locale: Locale): Promise<Partial<Record<'memory' | 'reaction', MeasuredDimension>>> => {
    const accountId = await accountIdOf(email);
    if (!accountId) return {};
    const { memory, reaction } = await members.latestMeasures(accountId);
    const date = (ms: number) => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(ms);
    const out: Partial<Record<'memory' | 'reaction', MeasuredDimension>> = {};
    if (memory?.result.task === 'memory' && memory.result.span > 0) {
      const dim = spanDimension(memory.result.span);
      out.memory = {
        score: Math.round(dim.score),
        level: dim.level,
        levelName: translator.t(locale, engineKey(dim.levelKey)),
        source: translator.t(locale, 'members:report.memorySource', {
          span: memory.result.span,
          date: date(memory.takenAt),
        }),
        provisional: dim.provisional,
      };
    }
    if (reaction?.result.task === 'reaction' && reaction.result.medianMs !== null) {
      const dim = reactionDimension(reaction.result.mode, reaction.result.medianMs);
      out.reaction = {
        score: Math.round(dim.score),
        level: dim.level,
        levelName: translator.t(locale, engineKey(dim.levelKey)),
        source: translator.t(
          locale,
          reaction.result.mode === 'simple'
            ? 'members:report.reactionSourceSimple'
            : 'members:report.reactionSourceChoice',
          { median: Math.round(reaction.result.medianMs), date: date(reaction.takenAt) },
        ),
        provisional: dim.provisional,
      };
    }
    return out;
  };
}
export type ReportDimensions = ReturnType<typeof reportDimensions>;
