import { pick, type Rng, shuffled } from '../core/rng';
import { canonicalMask, popCount, shiftMask } from './layouts';
import type { AttributeName, RuleName } from './types';

/** Values of one attribute across the 3 x 3 matrix, row by row, plus rule parameters. */
export interface AttributeValues {
  readonly rows: number[][];
  readonly step?: number;
  readonly op?: 'add' | 'subtract';
}

const STEPS = [-2, -1, 1, 2];

function uniformInt(rng: Rng, min: number, max: number): number {
  return min + rng.int(max - min + 1);
}

/**
 * Numeric rules are generated answer-first: the missing value is drawn uniformly
 * from the domain, then parameters compatible with it. A uniform answer value,
 * together with symmetric distractor kernels, is what leaves no option-frequency
 * or "typical value" cue for a context-blind guesser.
 */
export function numericRows(rng: Rng, rule: RuleName, min: number, max: number): AttributeValues {
  const answer = uniformInt(rng, min, max);
  switch (rule) {
    case 'constant': {
      const rows = [0, 1].map(() => {
        const v = uniformInt(rng, min, max);
        return [v, v, v];
      });
      rows.push([answer, answer, answer]);
      return { rows };
    }
    case 'progression': {
      const steps = STEPS.filter((d) => answer - 2 * d >= min && answer - 2 * d <= max);
      const step = pick(rng, steps);
      const startMin = step > 0 ? min : min - 2 * step;
      const startMax = step > 0 ? max - 2 * step : max;
      const row = (s: number) => [s, s + step, s + 2 * step];
      const s1 = uniformInt(rng, startMin, startMax);
      let s2 = uniformInt(rng, startMin, startMax);
      // Identical first rows would also fit distribute-three; avoid when the domain allows.
      if (startMax > startMin) while (s2 === s1) s2 = uniformInt(rng, startMin, startMax);
      return { rows: [row(s1), row(s2), row(answer - 2 * step)], step };
    }
    case 'arithmetic': {
      const ops: ('add' | 'subtract')[] = [];
      if (answer >= 2 * min) ops.push('add');
      if (answer + min <= max) ops.push('subtract');
      const op = pick(rng, ops);
      const rowFor = (third: number): number[] => {
        if (op === 'add') {
          const first = uniformInt(rng, min, third - min);
          return [first, third - first, third];
        }
        const second = uniformInt(rng, min, max - third);
        return [third + second, second, third];
      };
      const thirdMin = op === 'add' ? 2 * min : min;
      const thirdMax = op === 'add' ? max : max - min;
      return {
        rows: [
          rowFor(uniformInt(rng, thirdMin, thirdMax)),
          rowFor(uniformInt(rng, thirdMin, thirdMax)),
          rowFor(answer),
        ],
        op,
      };
    }
    case 'distribute-three': {
      const pool: number[] = [];
      for (let v = min; v <= max; v++) if (v !== answer) pool.push(v);
      const [x, y] = shuffled(rng, pool);
      return { rows: latinRows(rng, [x as number, y as number, answer]) };
    }
  }
}

/** Rows that are cyclic shifts of one order, arranged so `values[2]` is the missing cell. */
function latinRows(rng: Rng, values: readonly [number, number, number] | number[]): number[][] {
  const [x, y, ans] = values as [number, number, number];
  // Row 3 reads (p, q, ans); rows 1 and 2 are its cyclic shifts in a random direction.
  const row3 = rng.next() < 0.5 ? [x, y, ans] : [y, x, ans];
  const shift = (row: number[], by: number) => row.map((_, i) => row[(i + by) % 3] as number);
  const by = rng.next() < 0.5 ? 1 : 2;
  return [shift(row3, by), shift(row3, (2 * by) % 3), row3];
}

/** Random non-empty, non-full mask of the given capacity. */
export function randomMask(rng: Rng, capacity: number, minCount = 1, maxCount = capacity - 1): number {
  const count = uniformInt(rng, minCount, maxCount);
  const slots = shuffled(
    rng,
    Array.from({ length: capacity }, (_, i) => i),
  ).slice(0, count);
  let mask = 0;
  for (const s of slots) mask |= 1 << s;
  return mask;
}

/** Rules on the set of occupied slots (position) of a grid component. */
export function positionRows(rng: Rng, rule: RuleName, capacity: number): AttributeValues {
  const full = (1 << capacity) - 1;
  switch (rule) {
    case 'constant':
      return {
        rows: [0, 1, 2].map(() => {
          const m = randomMask(rng, capacity);
          return [m, m, m];
        }),
      };
    case 'progression': {
      const step = rng.next() < 0.5 ? 1 : -1;
      const rows = [0, 1, 2].map(() => {
        const m = randomMask(rng, capacity);
        return [m, shiftMask(m, capacity, step), shiftMask(m, capacity, 2 * step)];
      });
      return { rows, step };
    }
    case 'arithmetic': {
      const op = rng.next() < 0.5 ? 'add' : 'subtract';
      const rows = [0, 1, 2].map(() => {
        for (;;) {
          if (op === 'add') {
            const p = randomMask(rng, capacity);
            const q = randomMask(rng, capacity);
            const u = p | q;
            if (u !== p && u !== q && u !== full) return [p, q, u];
          } else {
            const p = randomMask(rng, capacity, 2);
            const q = randomSubMask(rng, p);
            return [p, q, p & ~q];
          }
        }
      });
      return { rows, op };
    }
    case 'distribute-three': {
      const a = randomMask(rng, capacity);
      let b = randomMask(rng, capacity);
      while (b === a) b = randomMask(rng, capacity);
      let c = randomMask(rng, capacity);
      while (c === a || c === b) c = randomMask(rng, capacity);
      return { rows: latinRows(rng, [a, b, c]) };
    }
  }
}

/** Non-empty proper subset of a mask with at least two bits. */
function randomSubMask(rng: Rng, mask: number): number {
  const bits: number[] = [];
  for (let i = 0; i < 9; i++) if (mask & (1 << i)) bits.push(i);
  const keep = 1 + rng.int(bits.length - 1);
  let out = 0;
  for (const b of shuffled(rng, bits).slice(0, keep)) out |= 1 << b;
  return out;
}

/** Values for any attribute; number rules are stored as counts, position rules as masks. */
export function attributeRows(rng: Rng, attribute: AttributeName, rule: RuleName, capacity: number): AttributeValues {
  switch (attribute) {
    case 'position':
      return positionRows(rng, rule, capacity);
    case 'number':
      return numericRows(rng, rule, 1, capacity);
    case 'shape':
      return numericRows(rng, rule, 1, 5);
    default:
      return numericRows(rng, rule, 1, 6);
  }
}

/** Panel mask for a grid cell, whichever of number or position the rule governs. */
export function maskFor(attribute: AttributeName, capacity: number, value: number): number {
  return attribute === 'number' ? canonicalMask(capacity, value) : value;
}

export { popCount };
