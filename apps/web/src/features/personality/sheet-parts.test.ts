import { describe, expect, it } from 'vitest';
import { partCountOf, resumePart } from './sheet-parts';

describe('questionnaire parts', () => {
  const ids = Array.from({ length: 40 }, (_, i) => `p${i + 1}`);
  it('pages 40 statements in four parts of ten', () => {
    expect(partCountOf(40)).toBe(4);
    expect(partCountOf(41)).toBe(5);
  });
  it('resumes on the first part with a gap, else the last', () => {
    expect(resumePart(ids, () => false)).toBe(0);
    expect(resumePart(ids, (id) => Number(id.slice(1)) <= 23)).toBe(2);
    expect(resumePart(ids, (id) => id !== 'p10')).toBe(0);
    expect(resumePart(ids, () => true)).toBe(3);
  });
});
