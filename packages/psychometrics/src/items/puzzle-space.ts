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

function ruleBits(capacity: number, attribute: AttributeName, rule: RuleName): number {
  return attribute === 'position' ? maskBits(rule, capacity) : numericBits(rule, domain(attribute, capacity));
}

const ATTRIBUTES: readonly AttributeName[] = ['shape', 'size', 'fill', 'number', 'position'];
const RULES: readonly RuleName[] = ['constant', 'progression', 'arithmetic', 'distribute-three'];
const ATTRIBUTE_INDEX = Object.fromEntries(ATTRIBUTES.map((a, i) => [a, i])) as Record<AttributeName, number>;
const RULE_INDEX = Object.fromEntries(RULES.map((r, i) => [r, i])) as Record<RuleName, number>;
const MAX_CAPACITY = Math.max(1, ...Object.values(LAYOUTS).flatMap((l) => l.components.map((c) => c.slots.length)));

/**
 * Each rule's bits by component capacity, attribute and rule, computed once: structures are drawn by the
 * thousand per part, and the same few dozen terms were computed again each time (the same numbers, so the
 * sums below, in the same order, are the same to the last bit).
 */
const RULE_BITS = new Float64Array((MAX_CAPACITY + 1) * ATTRIBUTES.length * RULES.length);
for (let capacity = 0; capacity <= MAX_CAPACITY; capacity++) {
  for (const [ai, attribute] of ATTRIBUTES.entries()) {
    for (const [ri, rule] of RULES.entries()) {
      RULE_BITS[(capacity * ATTRIBUTES.length + ai) * RULES.length + ri] = ruleBits(capacity, attribute, rule);
    }
  }
}

export function puzzleSpaceBits(
  layout: LayoutName,
  rules: readonly { component: number; attribute: AttributeName; rule: RuleName }[],
): number {
  const components = LAYOUTS[layout].components;
  let bits = 0;
  for (const r of rules) {
    const capacity = components[r.component]?.slots.length ?? 1;
    bits += RULE_BITS[
      (capacity * ATTRIBUTES.length + ATTRIBUTE_INDEX[r.attribute]) * RULES.length + RULE_INDEX[r.rule]
    ] as number;
  }
  return bits;
}
