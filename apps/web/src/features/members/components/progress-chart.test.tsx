import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ProgressChart } from './progress-chart';

afterEach(cleanup);

const weeks = [
  { week: '2026-W47', answered: 8, correct: 4, accuracy: 0.5, medianSeconds: 40 },
  { week: '2026-W48', answered: 6, correct: 6, accuracy: 1, medianSeconds: 20 },
];

describe('ProgressChart', () => {
  it('draws a bar per week in proportion to its accuracy, and a time line through every week', () => {
    const { container } = render(<ProgressChart weeks={weeks} />);
    const bars = [...container.querySelectorAll('rect')].map((r) => Number(r.getAttribute('height')));
    expect(bars).toHaveLength(2);
    expect(bars[1]).toBeCloseTo(2 * (bars[0] as number), 5);
    // The slower week sits higher on the time scale (smaller y).
    const dots = [...container.querySelectorAll('circle')].map((c) => Number(c.getAttribute('cy')));
    expect(dots[0]).toBeLessThan(dots[1] as number);
    expect(container.querySelector('path')?.getAttribute('d')).toMatch(/^M[\d.]+,[\d.]+L[\d.]+,[\d.]+$/);
    // The drawing is hidden from screen readers; the table says the same.
    expect(container.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('gives the same figures as a table, one row per week', () => {
    render(<ProgressChart weeks={weeks} />);
    expect(screen.getByRole('rowheader', { name: '2026-W47' })).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: '2026-W48' })).toBeTruthy();
    const table = within(screen.getByRole('table'));
    expect(table.getAllByRole('row')).toHaveLength(3);
    expect(table.getByText('50%')).toBeTruthy();
    expect(table.getByText('100%')).toBeTruthy();
  });

  it('without any answer yet says so instead of drawing', () => {
    const { container } = render(<ProgressChart weeks={[]} />);
    expect(container.querySelector('svg')).toBeNull();
    expect(screen.getByText('training.noProgress')).toBeTruthy();
  });
});
