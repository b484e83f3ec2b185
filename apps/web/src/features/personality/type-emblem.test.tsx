import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ALL_TYPES } from './type-catalogue';
import { TypeEmblem } from './type-emblem';

afterEach(cleanup);

/** The drawing of an emblem without its data attribute: what a visitor actually sees. */
function drawingOf(code: (typeof ALL_TYPES)[number]): string {
  const { container } = render(<TypeEmblem code={code} />);
  const svg = container.querySelector('svg');
  svg?.removeAttribute('data-type');
  const html = svg?.outerHTML ?? '';
  cleanup();
  return html;
}

describe('TypeEmblem', () => {
  it('draws sixteen different emblems', () => {
    const drawings = ALL_TYPES.map(drawingOf);
    expect(drawings.every((d) => d.includes('<rect'))).toBe(true);
    expect(new Set(drawings).size).toBe(16);
  });

  it('colours emblems by family: the same colour within a family, another across families', () => {
    const fill = (code: (typeof ALL_TYPES)[number]) => drawingOf(code).match(/<rect[^>]*fill="(#[0-9a-f]{6})"/)?.[1];
    expect(fill('INTJ')).toBe(fill('ENTP'));
    expect(fill('ISFJ')).toBe(fill('ESTJ'));
    expect(new Set([fill('INTJ'), fill('INFJ'), fill('ISTJ'), fill('ISTP')]).size).toBe(4);
  });

  it('is an image with a name when labelled, and hidden from screen readers when not', () => {
    render(<TypeEmblem code="INFP" label="Emblem of The Quiet Dreamer" />);
    expect(screen.getByRole('img', { name: 'Emblem of The Quiet Dreamer' })).toBeTruthy();
    cleanup();
    const { container } = render(<TypeEmblem code="INFP" />);
    expect(container.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    expect(screen.queryByRole('img')).toBeNull();
  });
});
