import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Stars, starFill } from './reviews-section';

afterEach(cleanup);

describe('review stars', () => {
  it('show the real average: 4.5 is four and a half stars, not five', () => {
    expect(starFill(4.5)).toBe(90);
    expect(starFill(4.26)).toBe(85.2);
    expect(starFill(5)).toBe(100);
    expect(starFill(7)).toBe(100);
    expect(starFill(-1)).toBe(0);
    const { container } = render(<Stars rating={4.5} />);
    expect((container.querySelector('.stars__on') as HTMLElement).style.width).toBe('90%');
  });
});
