import { canonicalCount, canonicalMask } from './layouts';

/**
 * The solver's hypothesis space. For one attribute, every rule (with every
 * parameter) that fits rows 1 and 2 is applied to the first two cells of row 3;
 * the set of predictions it returns must hold exactly one value for an item to
 * be well-posed. Cells are the eight context values in reading order.
 */
export function numericPredictions(cells: readonly number[], min: number, max: number): Set<number> {
  const [c0, c1, c2, c3, c4, c5, c6, c7] = cells as [number, number, number, number, number, number, number, number];
  const out = new Set<number>();
  const add = (v: number) => {
    if (v >= min && v <= max) out.add(v);
  };
  if (c0 === c1 && c1 === c2 && c3 === c4 && c4 === c5 && c6 === c7) add(c6);
  const d = c1 - c0;
  if (d !== 0 && c2 - c1 === d && c4 - c3 === d && c5 - c4 === d && c7 - c6 === d) add(c7 + d);
  if (c2 === c0 + c1 && c5 === c3 + c4) add(c6 + c7);
  if (c2 === c0 - c1 && c5 === c3 - c4) add(c6 - c7);
  const third = distributeThree(cells);
  if (third !== null) add(third);
  return out;
}

/** Missing value when rows 1 and 2 hold the same three distinct values; otherwise null. */
function distributeThree(cells: readonly number[]): number | null {
  const [c0, c1, c2, c3, c4, c5, c6, c7] = cells as [number, number, number, number, number, number, number, number];
  if (c0 === c1 || c1 === c2 || c0 === c2) return null;
  const set = [c0, c1, c2];
  if (!set.includes(c3) || !set.includes(c4) || !set.includes(c5)) return null;
  if (c3 === c4 || c4 === c5 || c3 === c5) return null;
  if (c6 === c7 || !set.includes(c6) || !set.includes(c7)) return null;
  return set.find((v) => v !== c6 && v !== c7) ?? null;
}

/**
 * Hypotheses on a grid's occupied slots: set rules (constant, cyclic shift by any
 * amount, union, difference, plus intersection and symmetric difference, which a
 * person might also entertain) and, when every panel shows a canonical pattern,
 * every numeric rule on the count.
 */
export function positionPredictions(cells: readonly number[], capacity: number): Set<number> {
  const [c0, c1, c2, c3, c4, c5, c6, c7] = cells as [number, number, number, number, number, number, number, number];
  const out = new Set<number>();
  const full = (1 << capacity) - 1;
  const add = (m: number) => {
    if (m > 0 && m <= full) out.add(m);
  };
  if (c0 === c1 && c1 === c2 && c3 === c4 && c4 === c5 && c6 === c7) add(c6);
  for (let k = 1; k < capacity; k++) {
    const sh = (m: number) => shift(m, capacity, k);
    if (sh(c0) === c1 && sh(c1) === c2 && sh(c3) === c4 && sh(c4) === c5 && sh(c6) === c7) add(sh(c7));
  }
  if ((c0 | c1) === c2 && (c3 | c4) === c5) add(c6 | c7);
  if ((c0 & ~c1) === c2 && (c3 & ~c4) === c5) add(c6 & ~c7);
  if ((c0 & c1) === c2 && (c3 & c4) === c5) add(c6 & c7);
  if ((c0 ^ c1) === c2 && (c3 ^ c4) === c5) add(c6 ^ c7);
  const third = distributeThree(cells);
  if (third !== null) add(third);
  const counts = cells.map((m) => canonicalCount(capacity, m));
  if (counts.every((n) => n > 0)) {
    for (const n of numericPredictions(counts, 1, capacity)) add(canonicalMask(capacity, n));
  }
  return out;
}

function shift(mask: number, capacity: number, by: number): number {
  let out = 0;
  for (let i = 0; i < capacity; i++) if (mask & (1 << i)) out |= 1 << ((i + by) % capacity);
  return out;
}
