/** The four axes of the 16-type model, first pole first. */
export type AxisId = 'EI' | 'SN' | 'TF' | 'JP';
export type Pole = 'E' | 'I' | 'S' | 'N' | 'T' | 'F' | 'J' | 'P';

export interface PersonalityItem {
  readonly id: string;
  /** Locale key of the statement, e.g. personality.item.p01. */
  readonly key: string;
  readonly axis: AxisId;
  /** +1: agreeing points to the axis's first pole (E, S, T, J); -1: to the second. */
  readonly keying: 1 | -1;
}

export const AXES: readonly { readonly id: AxisId; readonly poles: readonly [Pole, Pole] }[] = [
  { id: 'EI', poles: ['E', 'I'] },
  { id: 'SN', poles: ['S', 'N'] },
  { id: 'TF', poles: ['T', 'F'] },
  { id: 'JP', poles: ['J', 'P'] },
];

/**
 * 40 statements written for Mindgauge, 10 per axis, 5 keyed each way. Items cycle
 * through the axes (p01 EI, p02 SN, p03 TF, p04 JP, ...) and the keying flips every
 * cycle, so answering everything the same way lands every axis at the centre and
 * trips the acquiescence and straight-lining checks instead of producing a type.
 */
export const PERSONALITY_ITEMS: readonly PersonalityItem[] = Array.from({ length: 40 }, (_, i) => {
  const id = `p${String(i + 1).padStart(2, '0')}`;
  const axis = (AXES[i % 4] as (typeof AXES)[number]).id;
  const keying: 1 | -1 = Math.floor(i / 4) % 2 === 0 ? 1 : -1;
  return { id, key: `personality.item.${id}`, axis, keying };
});

/** Five-point agreement scale: value 1..5 and its label key. */
export const LIKERT_SCALE: readonly { readonly value: number; readonly key: string }[] = [
  { value: 1, key: 'personality.likert.stronglyDisagree' },
  { value: 2, key: 'personality.likert.disagree' },
  { value: 3, key: 'personality.likert.neutral' },
  { value: 4, key: 'personality.likert.agree' },
  { value: 5, key: 'personality.likert.stronglyAgree' },
];
