import { describe, expect, it } from 'vitest';
import { PRACTICE_ANSWER, PRACTICE_CELLS, PRACTICE_OPTIONS, practiceSvg } from './practice-puzzle';

describe('the practice puzzle', () => {
  it('has exactly one option that continues the rows (same shape as row 3, one more than its last cell)', () => {
    const [shape, count] = PRACTICE_CELLS[7]!;
    const fits = PRACTICE_OPTIONS.map(([s, n], i) => (s === shape && n === count + 1 ? i : -1)).filter((i) => i >= 0);
    expect(fits).toEqual([PRACTICE_ANSWER]);
  });

  it('draws as many shapes as the cell holds, titled for screen readers', () => {
    const svg = practiceSvg('triangle', 3, 'Three <triangles>');
    expect(svg.match(/<path /g)).toHaveLength(3);
    expect(svg).toContain('<title>Three triangles</title>');
    expect(practiceSvg('square', 4, 'x').match(/<rect /g)).toHaveLength(4);
    expect(practiceSvg('circle', 1, '')).toContain('aria-hidden="true"');
    expect(practiceSvg('circle', 1, '')).not.toContain('<title>');
  });
});
