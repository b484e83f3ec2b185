import type { Rng } from '../core/rng';
import { shuffled } from '../core/rng';

/** Longest run of one answer position a form's key may have. */
export const MAX_KEY_RUN = 2;

/** The longest run of one value in a sequence. */
export function longestRun(positions: readonly number[]): number {
  let longest = 0;
  let run = 0;
  positions.forEach((p, i) => {
    run = i > 0 && p === positions[i - 1] ? run + 1 : 1;
    longest = Math.max(longest, run);
  });
  return longest;
}

/**
 * Where the correct option sits in each item of a form: every position equally often (within one), in a
 * random order with no position more than MAX_KEY_RUN times in a row — the usual rule for multiple-choice
 * keys. Left to chance, one key in a few hundred put half its answers at one position: an honest
 * respondent then looked like one who keeps choosing the same place (the straight-lining screen), and
 * guessing the favourite position paid.
 */
export function balancedKeyPositions(rng: Rng, length: number, optionCount = 6): number[] {
  const base = Array.from({ length }, (_, i) => i % optionCount);
  // About half the shuffles of 30 have no run of three, so this ends after a few draws; the bound only
  // keeps a pathological input (one option) from looping.
  let positions = shuffled(rng, base);
  for (let attempt = 0; attempt < 1000 && longestRun(positions) > MAX_KEY_RUN; attempt++) {
    positions = shuffled(rng, base);
  }
  return positions;
}
