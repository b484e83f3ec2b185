import { PsychometricsInputError } from '../core/errors';
import type { Rng } from '../core/rng';

/**
 * A Corsi-style block-tapping span, forward (Corsi 1972; procedure as in Kessels et al. 2000): blocks light
 * up one after another and the person taps them in the same order. Two sequences per length, starting at
 * two; the length grows while at least one of the two is repeated, and the task ends after two misses at a
 * length. The span is the longest length repeated correctly.
 */
export const CORSI_BLOCKS = 9;
export const CORSI_START_LENGTH = 2;
export const CORSI_TRIALS_PER_LENGTH = 2;
/** With nine blocks a sequence of distinct blocks is at most nine long. */
export const CORSI_MAX_LENGTH = CORSI_BLOCKS;

export interface CorsiTrial {
  /** The blocks shown, in order (0..8). */
  readonly sequence: readonly number[];
  /** The blocks tapped, in order. */
  readonly response: readonly number[];
}

export interface CorsiResult {
  /** Longest length repeated correctly; 0 when none was. */
  readonly span: number;
  /** Trials scored, in order, with their outcome. */
  readonly trials: readonly { readonly length: number; readonly correct: boolean }[];
  /** Whether the protocol reached its end (two misses at a length, or the longest length). */
  readonly complete: boolean;
}

/** A sequence of `length` distinct blocks. */
export function corsiSequence(rng: Rng, length: number): number[] {
  if (!Number.isInteger(length) || length < 1 || length > CORSI_MAX_LENGTH)
    throw new PsychometricsInputError('invalid_task', `Corsi length ${length} out of range`);
  const pool = Array.from({ length: CORSI_BLOCKS }, (_, i) => i);
  const out: number[] = [];
  for (let i = 0; i < length; i++) out.push(pool.splice(rng.int(pool.length), 1)[0] as number);
  return out;
}

const same = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/**
 * The next length to present after these outcomes, or null when the task is over. Pure: the client asks it
 * after every trial, the server replays it to check that the trials followed the protocol.
 */
export function corsiNextLength(outcomes: readonly { length: number; correct: boolean }[]): number | null {
  if (outcomes.length === 0) return CORSI_START_LENGTH;
  const last = outcomes[outcomes.length - 1] as { length: number };
  const atLast = outcomes.filter((o) => o.length === last.length);
  if (atLast.length < CORSI_TRIALS_PER_LENGTH) return last.length;
  if (atLast.every((o) => !o.correct)) return null;
  return last.length < CORSI_MAX_LENGTH ? last.length + 1 : null;
}

/**
 * Scores a run of trials. Throws when the trials do not follow the protocol (wrong lengths or order, repeated
 * or unknown blocks, trials after the end): a result must come from the task as given.
 */
export function scoreCorsi(trials: readonly CorsiTrial[]): CorsiResult {
  const outcomes: { length: number; correct: boolean }[] = [];
  for (const trial of trials) {
    const expected = corsiNextLength(outcomes);
    const { sequence, response } = trial;
    if (expected === null || sequence.length !== expected)
      throw new PsychometricsInputError('invalid_task', 'Corsi trial out of protocol');
    const valid = (xs: readonly number[]) => xs.every((b) => Number.isInteger(b) && b >= 0 && b < CORSI_BLOCKS);
    if (
      !valid(sequence) ||
      new Set(sequence).size !== sequence.length ||
      !valid(response) ||
      response.length > CORSI_BLOCKS
    )
      throw new PsychometricsInputError('invalid_task', 'Corsi blocks out of range');
    outcomes.push({ length: sequence.length, correct: same(sequence, response) });
  }
  const span = outcomes.reduce((m, o) => (o.correct && o.length > m ? o.length : m), 0);
  return { span, trials: outcomes, complete: outcomes.length > 0 && corsiNextLength(outcomes) === null };
}
