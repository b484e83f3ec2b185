import { LAYOUTS } from './layouts';
import type { AttributeName, LayoutName, RuleName } from './types';

/**
 * Approximate log2 of how many different puzzles one structure can produce: the
 * entropy of the values its rules draw. A structure with b bits repeats a puzzle
 * after about 2^(b/2) draws (birthday bound), so random draws skip small spaces;
 * this is what keeps 100,000 draws per level free of repeats.
 */
export const MIN_PUZZLE_BITS = 30;

function log2(x: number): number {
  return Math.log(x) / Math.LN2;
}

function choose3(n: number): number {
  return (n * (n - 1) * (n - 2)) / 6;
}

/** Bits drawn by one rule on a domain of `d` values (levels or counts). */
function numericBits(rule: RuleName, d: number): number {
  switch (rule) {
    case 'constant':
      return 3 * log2(d);
    case 'progression':
      // Answer, step, and two row starts (distinct) within the room the step leaves.
      return log2(d) + 1 + log2(Math.max(1, d - 2)) + log2(Math.max(1, d - 3));
    case 'arithmetic':
      // Answer and operation, plus two free rows of (third value, split).
      return log2(d) + 1 + 2 * log2(Math.max(1, (d * (d - 1)) / 4));
    case 'distribute-three':
      return log2(Math.max(1, choose3(d))) + log2(12);
  }
}

/** Bits drawn by a rule on the occupied slots of a grid of `capacity` slots. */
function maskBits(rule: RuleName, capacity: number): number {
  const masks = log2(2 ** capacity - 2);
  switch (rule) {
    case 'constant':
    case 'progression':
      return 3 * masks;
    case 'arithmetic':
      return 6 * masks - 3;
    case 'distribute-three':
      return 3 * masks;
  }
}

function domain(attribute: AttributeName, capacity: number): number {
  if (attribute === 'shape') return 5;
  if (attribute === 'number') return capacity;
  return 6;
}

export function puzzleSpaceBits(
  layout: LayoutName,
  rules: readonly { component: number; attribute: AttributeName; rule: RuleName }[],
): number {
  let bits = 0;
  for (const r of rules) {
    const capacity = LAYOUTS[layout].components[r.component]?.slots.length ?? 1;
    bits +=
      r.attribute === 'position' ? maskBits(r.rule, capacity) : numericBits(r.rule, domain(r.attribute, capacity));
  }
  return bits;
}
