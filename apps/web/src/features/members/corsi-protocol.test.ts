import { describe, expect, it } from 'vitest';
import { moveOnGrid, nextLength } from './corsi-protocol';

describe('the span task protocol on the page', () => {
  it('two per length, grows on one success, ends on two misses or after nine', () => {
    expect(nextLength([])).toBe(2);
    expect(nextLength([{ length: 2, correct: true }])).toBe(2);
    expect(
      nextLength([
        { length: 2, correct: false },
        { length: 2, correct: true },
      ]),
    ).toBe(3);
    expect(
      nextLength([
        { length: 3, correct: false },
        { length: 3, correct: false },
      ]),
    ).toBeNull();
    expect(
      nextLength([
        { length: 9, correct: true },
        { length: 9, correct: true },
      ]),
    ).toBeNull();
  });

  it('arrow keys move on the grid and stop at its edges', () => {
    expect(moveOnGrid(4, 'ArrowUp')).toBe(1);
    expect(moveOnGrid(4, 'ArrowRight')).toBe(5);
    expect(moveOnGrid(2, 'ArrowRight')).toBe(2);
    expect(moveOnGrid(6, 'ArrowDown')).toBe(6);
    expect(moveOnGrid(5, 'Home')).toBe(3);
    expect(moveOnGrid(3, 'x')).toBe(3);
  });
});
