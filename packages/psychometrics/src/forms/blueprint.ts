/** Target parameters of one position of a form. */
export interface FormSlot {
  /** 1-based part number; parts rise in difficulty. */
  readonly part: number;
  readonly targetB: number;
  readonly targetA: number;
}

/** Difficulty span of each part of the standard 3 x 10 form. */
export const PART_SPANS: readonly (readonly [number, number])[] = [
  [-2.5, -2.0],
  [-1.8, 0.0],
  [0.3, 2.7],
];

/**
 * One common discrimination target keeps every form's information curve the same
 * shape; 1.6 sits inside the range the difficulty model reaches at every b.
 */
export const TARGET_A = 1.6;

/**
 * The standard blueprint: b evenly spread within each part's span, so the parts
 * rise in difficulty. Part 1 is a run of very easy items: they carry the evidence
 * that separates a low-scoring honest person from someone clicking at random
 * (the chance-level screen), and warm everyone up. Parts 2 and 3 put information
 * around and above the mean. See README "Form assembly" for the trade-off figures.
 */
export function standardBlueprint(
  itemsPerPart = 10,
  spans: readonly (readonly [number, number])[] = PART_SPANS,
): FormSlot[] {
  const slots: FormSlot[] = [];
  spans.forEach(([lo, hi], p) => {
    for (let i = 0; i < itemsPerPart; i++) {
      const t = itemsPerPart === 1 ? 0.5 : i / (itemsPerPart - 1);
      slots.push({ part: p + 1, targetB: lo + t * (hi - lo), targetA: TARGET_A });
    }
  });
  return slots;
}
