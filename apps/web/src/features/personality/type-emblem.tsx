import { type EmblemShape, emblemShapes } from '@mindgauge/contract';
import { createElement } from 'react';
import type { TypeCode } from './type-catalogue';

/** SVG attribute names as React spells them (`stroke-width` is `strokeWidth`). */
const reactProps = (attrs: EmblemShape['attrs']) =>
  Object.fromEntries(
    Object.entries(attrs).map(([k, v]) => [k.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()), v]),
  );

/**
 * A type's emblem, drawn from its four letters (the drawing is the contract's `emblemShapes`, which the
 * server's Open Graph image draws too). With a label it is an image for screen readers; without one it is
 * decoration beside a visible name.
 */
export function TypeEmblem({ code, label, size = 64 }: { code: TypeCode; label?: string; size?: number }) {
  const drawing = emblemShapes(code).map((s, i) => createElement(s.tag, { key: i, ...reactProps(s.attrs) }));
  const common = { className: 'type-emblem', viewBox: '0 0 64 64', width: size, height: size, 'data-type': code };
  return label ? (
    <svg {...common} role="img" aria-label={label}>
      {drawing}
    </svg>
  ) : (
    <svg {...common} aria-hidden="true" focusable="false">
      {drawing}
    </svg>
  );
}
