import { pick, type Rng, shuffled } from '../core/rng';
import { canonicalMask, popCount } from './layouts';
import type { DistractorPlan } from './structure';

/**
 * How an alternative value is drawn for a varied attribute. Every kernel here is
 * symmetric (q(v'|v) = q(v|v')) and the answer's value is uniform on its domain,
 * so given only the pair {v, v'} each is equally likely to be the answer: no
 * "typical value", "central option" or frequency cue survives (see README).
 */
export interface AttributeSpace {
  /** 'value' for levels and counts (1..size); 'mask' for slot sets of a grid. */
  readonly kind: 'value' | 'mask';
  readonly size: number;
}

/** Symmetric, doubly stochastic kernel concentrated on near values (Sinkhorn scaling). */
function nearKernel(size: number): number[][] {
  const k = Array.from({ length: size }, (_, i) =>
    Array.from({ length: size }, (_, j) => (i === j ? 0 : Math.exp(-Math.abs(i - j) / 0.8))),
  );
  let d = new Array<number>(size).fill(1);
  for (let it = 0; it < 500; it++) {
    d = d.map((di, i) => {
      const row = k[i] as number[];
      let s = 0;
      for (let j = 0; j < size; j++) s += (row[j] as number) * (d[j] as number);
      return Math.sqrt(di / s);
    });
  }
  return k.map((row, i) => row.map((v, j) => v * (d[i] as number) * (d[j] as number)));
}

const NEAR_KERNELS = new Map<number, readonly (readonly number[])[]>([4, 5, 6, 9].map((n) => [n, nearKernel(n)]));

export function kernelFor(size: number): readonly (readonly number[])[] | undefined {
  return NEAR_KERNELS.get(size);
}

/** One alternative value for a 1-based level `v` in 1..size. */
function alternativeValue(rng: Rng, v: number, size: number, near: boolean): number {
  const kernel = NEAR_KERNELS.get(size);
  if (near && kernel) {
    const row = kernel[v - 1] as readonly number[];
    let u = rng.next();
    for (let j = 0; j < size; j++) {
      u -= row[j] as number;
      if (u < 0) return j + 1;
    }
    // Rounding left a sliver of mass: fall back on the nearest neighbour.
    return v === size ? v - 1 : v + 1;
  }
  const other = 1 + rng.int(size - 1);
  return other >= v ? other + 1 : other;
}

/** One alternative slot set: move one object (near) or any other set of the same size (far). */
function alternativeMask(rng: Rng, mask: number, capacity: number, near: boolean): number {
  const occupied: number[] = [];
  const empty: number[] = [];
  for (let i = 0; i < capacity; i++) (mask & (1 << i) ? occupied : empty).push(i);
  if (near) {
    return (mask & ~(1 << pick(rng, occupied))) | (1 << pick(rng, empty));
  }
  for (;;) {
    let out = 0;
    for (const s of shuffled(rng, [...occupied, ...empty]).slice(0, occupied.length)) out |= 1 << s;
    if (out !== mask) return out;
  }
}

export function alternatives(rng: Rng, v: number, space: AttributeSpace, count: 1 | 2, near: boolean): number[] {
  if (space.kind === 'mask') {
    if (popCount(v) >= space.size) return [];
    if (count === 1) return [alternativeMask(rng, v, space.size, near)];
    const first = alternativeMask(rng, v, space.size, false);
    let second = alternativeMask(rng, v, space.size, false);
    while (second === first) second = alternativeMask(rng, v, space.size, false);
    return [first, second];
  }
  if (count === 1) return [alternativeValue(rng, v, space.size, near)];
  // Ternary attribute: a uniform pair of other values keeps all three exchangeable.
  const [p, q] = shuffled(
    rng,
    Array.from({ length: space.size }, (_, i) => i + 1).filter((x) => x !== v),
  );
  return [p as number, q as number];
}

/**
 * Option value tuples for the varied attributes; index 0 of every tuple position
 * is the answer's value. Returns the answer's tuple first, then five distractors.
 */
export function optionTuples(
  rng: Rng,
  plan: DistractorPlan,
  answer: readonly number[],
  spaces: readonly AttributeSpace[],
): number[][] | null {
  if (plan.design === 'product') {
    const [a0, b0] = answer as [number, number];
    const [sa, sb] = spaces as [AttributeSpace, AttributeSpace];
    const altA = alternatives(rng, a0, sa, 1, plan.near);
    const altB = alternatives(rng, b0, sb, 2, plan.near);
    if (altA.length < 1 || altB.length < 2) return null;
    const as = [a0, ...altA];
    const bs = [b0, ...altB];
    const out: number[][] = [];
    for (const a of as) for (const b of bs) out.push([a, b]);
    return out;
  }
  const alts = answer.map((v, i) => alternatives(rng, v, spaces[i] as AttributeSpace, 1, plan.near)[0]);
  if (alts.some((x) => x === undefined)) return null;
  // Antipodal pairs of the cube that do not hold the answer (vertex 000).
  const pairs = [
    [0b001, 0b110],
    [0b010, 0b101],
    [0b100, 0b011],
  ];
  const removed = pick(rng, pairs);
  const out: number[][] = [];
  for (let vertex = 0; vertex < 8; vertex++) {
    if (removed.includes(vertex)) continue;
    out.push(answer.map((v, i) => ((vertex >> i) & 1 ? (alts[i] as number) : v)));
  }
  return out;
}

/** Canonical pattern lookups for count alternatives of number rules. */
export function countToMask(capacity: number, count: number): number {
  return canonicalMask(capacity, count);
}
