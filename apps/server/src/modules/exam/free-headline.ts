import { IQ_CLASSES } from '@mindgauge/psychometrics';
import { parseJsonColumn } from '../../db/json-column';
import { engineKey } from '../../i18n/translator';
import { isBelowRange, ZStoredIqResult, ZStoredScoredResult, ZStoredScoringKey } from './exam-json';

/**
 * The free headline of a scored test: its class and how many puzzles were right, or, below the range the test
 * measures, that bound. What the results page shows before payment and what the result e-mail says; nothing
 * the paid report sells (no number, range, percentile or dimensions).
 */
export interface FreeHeadline {
  classId: string;
  correct: number;
  total: number;
  /** Set when the result is below the range the test measures: "under IQ {bound}". */
  belowBound: number | null;
}

export function freeHeadlineOf(session: { result: string | null; scoring_key: string }): FreeHeadline {
  const r = parseJsonColumn(ZStoredIqResult, 'exam_sessions.result', session.result ?? 'null');
  const total = parseJsonColumn(ZStoredScoringKey, 'exam_sessions.scoring_key', session.scoring_key).items.length;
  if (isBelowRange(r)) return { classId: r.classification.id, correct: r.correct, total, belowBound: r.bound };
  return { classId: ZStoredScoredResult.parse(r).iq.classification.id, correct: r.correct, total, belowBound: null };
}

/** "130–144", "145+", "< 70": a class's band as people read it (as the web's results page shows it). */
export function classBand(classId: string): string {
  const c = IQ_CLASSES.find((k) => k.id === classId);
  if (!c) return '';
  if (c.max === null) return `${c.min}+`;
  if (c.min === null) return `< ${c.max}`;
  return `${c.min}–${c.max - 1}`;
}

/** The locale key of a class's name (`engine:class.superior`). */
export function classNameKey(classId: string): string {
  return engineKey(IQ_CLASSES.find((k) => k.id === classId)?.key ?? '');
}
