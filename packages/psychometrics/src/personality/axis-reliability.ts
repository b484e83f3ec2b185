import { readLikertResponses } from '../core/likert-responses';
import { cronbachAlpha } from '../reliability/cronbach-alpha';
import { AXES, type AxisId, PERSONALITY_ITEMS } from './items';
import type { PersonalitySession } from './score-personality';

export interface AxisReliability {
  readonly axis: AxisId;
  /** Cronbach's alpha of the axis' statements (reverse-keyed ones turned round); null when undefined. */
  readonly alpha: number | null;
  readonly sampleSize: number;
}

/**
 * Internal consistency of each axis from complete answer sheets: a statement keyed towards the second pole
 * counts as 6 - value, so every statement of an axis points the same way before alpha is taken.
 */
export function axisReliability(sheets: readonly PersonalitySession[]): AxisReliability[] {
  const valueSets = sheets.map((s) => readLikertResponses(PERSONALITY_ITEMS, s.responses));
  return AXES.map(({ id }) => {
    const items = PERSONALITY_ITEMS.filter((it) => it.axis === id);
    const rows = valueSets.map((values) =>
      items.map((it) => {
        const v = values.get(it.id) as number;
        return it.keying === 1 ? v : 6 - v;
      }),
    );
    return { axis: id, alpha: rows.length === 0 ? null : cronbachAlpha(rows), sampleSize: rows.length };
  });
}
