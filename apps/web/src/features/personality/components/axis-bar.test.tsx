import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AxisBar } from './axis-bar';

afterEach(cleanup);

function drawn(axis: Parameters<typeof AxisBar>[0]['axis']) {
  const { container } = render(
    <ul>
      <AxisBar axis={axis} />
    </ul>,
  );
  const style = (cls: string) => (container.querySelector(cls) as HTMLElement).style;
  return { container, marker: style('.axis-bar__marker'), band: style('.axis-bar__band') };
}

describe('AxisBar', () => {
  it('places the first pole on the left: 70% towards E sits at 30% from the left, its band 8 points each side', () => {
    const { marker, band, container } = drawn({
      axis: 'EI',
      letter: 'E',
      firstPolePercent: 70,
      marginPercent: 8,
      borderline: false,
    });
    expect(marker.left).toBe('30%');
    expect([band.left, band.width]).toEqual(['22%', '16%']);
    expect(container.querySelector('.axis-bar__note')).toBeNull();
    // The drawing is for the eye only: the shares and the margin are in the text.
    expect(container.querySelector('.axis-bar__track')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('clips the band at the ends and notes a borderline axis', () => {
    const end = drawn({ axis: 'JP', letter: 'J', firstPolePercent: 97, marginPercent: 8, borderline: false });
    expect([end.band.left, end.band.width]).toEqual(['0%', '11%']);
    cleanup();
    const near = drawn({ axis: 'TF', letter: 'F', firstPolePercent: 48, marginPercent: 10, borderline: true });
    expect(near.container.querySelector('.axis-bar__note')).not.toBeNull();
    // F is the second pole: the second share is the one emphasised.
    const shares = [...near.container.querySelectorAll('.axis-bar__shares span')];
    expect(shares.map((el) => el.hasAttribute('data-lean'))).toEqual([false, true]);
  });
});
