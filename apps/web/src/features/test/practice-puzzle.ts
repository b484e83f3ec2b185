/**
 * The untimed practice puzzle before part 1: a fixed, easy matrix drawn here (not by the engine, so it never
 * appears in a scored form). Rows keep their shape; from left to right each cell has one more of it.
 */
export type PracticeShape = 'circle' | 'square' | 'triangle';

/** The eight given cells, row by row: [shape, how many]. */
export const PRACTICE_CELLS: readonly (readonly [PracticeShape, number])[] = [
  ['circle', 1],
  ['circle', 2],
  ['circle', 3],
  ['square', 1],
  ['square', 2],
  ['square', 3],
  ['triangle', 1],
  ['triangle', 2],
];

/** The six options (A to F); the answer is C, three triangles. */
export const PRACTICE_OPTIONS: readonly (readonly [PracticeShape, number])[] = [
  ['triangle', 2],
  ['square', 3],
  ['triangle', 3],
  ['triangle', 4],
  ['circle', 3],
  ['triangle', 1],
];
export const PRACTICE_ANSWER = 2;

function shape(kind: PracticeShape, cx: number, cy: number): string {
  if (kind === 'circle') return `<circle cx="${cx}" cy="${cy}" r="9"/>`;
  if (kind === 'square') return `<rect x="${cx - 8}" y="${cy - 8}" width="16" height="16"/>`;
  return `<path d="M${cx} ${cy - 9}L${cx + 9} ${cy + 8}H${cx - 9}Z"/>`;
}

/**
 * One cell as SVG markup: `count` shapes side by side (two rows of two for four). With a title it is an image
 * with that name; without one it is decoration (the matrix around it carries the description).
 */
export function practiceSvg(kind: PracticeShape, count: number, title: string): string {
  const positions: [number, number][] =
    count === 4
      ? [
          [38, 38],
          [62, 38],
          [38, 62],
          [62, 62],
        ]
      : Array.from({ length: count }, (_, i) => [50 + (i - (count - 1) / 2) * 24, 50] as [number, number]);
  const body = positions.map(([x, y]) => shape(kind, x, y)).join('');
  const safeTitle = title.replace(/[<&>]/g, '');
  const name = safeTitle ? `role="img"><title>${safeTitle}</title>` : 'aria-hidden="true">';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" ${name}<g fill="#3a3d52">${body}</g></svg>`;
}
