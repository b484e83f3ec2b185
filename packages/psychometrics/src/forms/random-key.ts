import type { Rng } from '../core/rng';
import { longestRun } from './balanced-key';

/** Loose bounds on a randomly drawn key (scoring version 2): no position more often than this... */
export const KEY_MAX_PER_POSITION = 9;
/** ...and no position more than this many times in a row. */
export const KEY_MAX_RUN = 4;

/**
 * The correct option's position for each of `length` items, drawn independently and uniformly, redrawn only
 * in the rare case the whole sequence breaks the loose bounds (about 3 draws in 100 for 30 items).
 *
 * Why not the balanced key of version 1 (each position exactly 5 times in 30, never 3 in a row): a balanced
 * key leaks. Someone who answers what they can and guesses the position used least so far got 24-43% of the
 * unsolved items (chance 16.7%), and the 30th was always right once 29 were solved. With independent
 * positions the past says nothing about the next answer; the bounds only remove the extreme keys (half the
 * answers at one place) that could make an honest, able person look like a straight-liner, and they bind so
 * rarely that the "least-used position" strategy stays at chance (bench: keyPositionExploitAccuracy).
 */
export function randomKeyPositions(rng: Rng, length: number, optionCount = 6): number[] {
  for (;;) {
    const positions = Array.from({ length }, () => rng.int(optionCount));
    const counts = new Array<number>(optionCount).fill(0);
    for (const p of positions) counts[p] = (counts[p] ?? 0) + 1;
    if (Math.max(...counts) <= KEY_MAX_PER_POSITION && longestRun(positions) <= KEY_MAX_RUN) return positions;
  }
}
