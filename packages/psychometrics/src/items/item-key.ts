import { hash128 } from '../core/rng';
import type { MatrixItem, Panel } from './types';

export function panelKey(p: Panel): string {
  return p.components.map((c) => `${c.positions}.${c.shape}.${c.size}.${c.fill}`).join('/');
}

export function panelsEqual(p: Panel, q: Panel): boolean {
  if (p.components.length !== q.components.length) return false;
  for (let i = 0; i < p.components.length; i++) {
    const a = p.components[i];
    const b = q.components[i];
    if (!a || !b) return false;
    if (a.positions !== b.positions || a.shape !== b.shape || a.size !== b.size || a.fill !== b.fill) return false;
  }
  return true;
}

/** Identity of the puzzle itself: layout, eight context panels and the answer. */
export function matrixKey(item: Pick<MatrixItem, 'layout' | 'context' | 'options' | 'answerIndex'>): string {
  const answer = item.options[item.answerIndex];
  return `${item.layout}#${item.context.map(panelKey).join('|')}#${answer ? panelKey(answer) : '?'}`;
}

export function itemId(layout: string, context: readonly Panel[], options: readonly Panel[]): string {
  const h = hash128(`${layout}#${context.map(panelKey).join('|')}#${options.map(panelKey).join('|')}`);
  return `mx-${h[0].toString(16).padStart(8, '0')}${h[1].toString(16).padStart(8, '0')}`;
}
