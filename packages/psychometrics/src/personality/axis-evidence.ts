import { AXES, type AxisId, PERSONALITY_ITEMS, type Pole } from './items';
import type { PersonalitySession } from './score-personality';

/** One answer that weighed on an axis: the statement, the answer given (1..5) and how much it pulled (0..1). */
export interface EvidenceAnswer {
  readonly itemId: string;
  readonly value: number;
  readonly weight: number;
}

/** For one axis and the letter given: the answers that pulled most toward that letter, and those against it. */
export interface AxisEvidence {
  readonly axis: AxisId;
  readonly letter: Pole;
  readonly toward: readonly EvidenceAnswer[];
  readonly against: readonly EvidenceAnswer[];
}

export interface EvidenceOptions {
  /** How many answers toward the letter to keep per axis (default 3). */
  readonly maxToward?: number;
  /** How many answers against it to keep per axis (default 2). */
  readonly maxAgainst?: number;
}

/**
 * The answers behind each letter, for the paid profile's "what your answers said": per axis, each answer's
 * pull is the same contribution scorePersonality sums ((value - 3) in the direction its keying points),
 * turned toward the letter given. Neutral answers pull neither way and are never quoted. Ties keep the order
 * the statements were asked in, so the same sheet always quotes the same statements.
 */
export function axisEvidence(
  session: PersonalitySession,
  letters: readonly Pole[],
  options: EvidenceOptions = {},
): AxisEvidence[] {
  const values = new Map(session.responses.map((r) => [r.itemId, r.value]));
  const maxToward = options.maxToward ?? 3;
  const maxAgainst = options.maxAgainst ?? 2;
  return AXES.map(({ id, poles }, i) => {
    const letter = letters[i] ?? poles[1];
    const sign = letter === poles[0] ? 1 : -1;
    const pulls = PERSONALITY_ITEMS.filter((it) => it.axis === id).flatMap((it) => {
      const value = values.get(it.id);
      if (value === undefined) return [];
      return [{ itemId: it.id, value, pull: (sign * it.keying * (value - 3)) / 2 }];
    });
    const strongest = (list: typeof pulls, max: number) =>
      list
        .map((p, order) => ({ ...p, order }))
        .sort((a, b) => Math.abs(b.pull) - Math.abs(a.pull) || a.order - b.order)
        .slice(0, max)
        .map(({ itemId, value, pull }) => ({ itemId, value, weight: Math.abs(pull) }));
    return {
      axis: id,
      letter,
      toward: strongest(
        pulls.filter((p) => p.pull > 0),
        maxToward,
      ),
      against: strongest(
        pulls.filter((p) => p.pull < 0),
        maxAgainst,
      ),
    };
  });
}

/**
 * The type one letter away on the axis closest to its cut: the other type the answers came nearest to.
 * `firstPolePercents` are the axes' shares toward their first pole, in AXES order.
 */
export function nearestType(
  letters: readonly Pole[],
  firstPolePercents: readonly number[],
): {
  readonly axis: AxisId;
  readonly type: string;
} {
  let closest = 0;
  firstPolePercents.forEach((p, i) => {
    if (Math.abs(p - 50) < Math.abs((firstPolePercents[closest] ?? 50) - 50)) closest = i;
  });
  const axis = AXES[closest] as (typeof AXES)[number];
  const flipped = letters.map((l, i) => (i === closest ? (l === axis.poles[0] ? axis.poles[1] : axis.poles[0]) : l));
  return { axis: axis.id, type: flipped.join('') };
}
