/** Three-parameter logistic model with the guessing floor fixed at chance for 6 options. */
export const GUESSING = 1 / 6;

export interface ItemParams {
  readonly a: number;
  readonly b: number;
}

/** P(correct | theta) = c + (1 - c) / (1 + exp(-a (theta - b))). */
export function p3pl(theta: number, a: number, b: number): number {
  return GUESSING + (1 - GUESSING) / (1 + Math.exp(-a * (theta - b)));
}

/** Fisher information of one 3PL item at theta: a^2 (Q/P) ((P - c) / (1 - c))^2. */
export function itemInformation(theta: number, a: number, b: number): number {
  const p = p3pl(theta, a, b);
  const r = (p - GUESSING) / (1 - GUESSING);
  return a * a * ((1 - p) / p) * r * r;
}

/** Test information: the sum of item information. */
export function testInformation(theta: number, items: readonly ItemParams[]): number {
  let total = 0;
  for (const it of items) total += itemInformation(theta, it.a, it.b);
  return total;
}
